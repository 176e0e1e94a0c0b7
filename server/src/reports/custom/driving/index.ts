/** The specific reports of the driving family (document 2 §2.1). */
import type { ReportDef } from '../../registry';

export const DRIVING_REPORTS: ReportDef[] = [];
