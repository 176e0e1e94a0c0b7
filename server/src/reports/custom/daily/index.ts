/** The specific reports of the daily family (document 2 §2.1). */
import type { ReportDef } from '../../registry';

export const DAILY_REPORTS: ReportDef[] = [];
