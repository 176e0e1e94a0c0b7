/** The specific reports of the machines family (document 2 §2.1). */
import type { ReportDef } from '../../registry';

export const MACHINES_REPORTS: ReportDef[] = [];
