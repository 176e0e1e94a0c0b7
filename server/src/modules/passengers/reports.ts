/** The passenger pickup reports (document 2 §2.1, §2.4): by vehicle and by passenger. */
import type { ReportDef } from '../../reports/registry';

export const PASSENGER_REPORTS: ReportDef[] = [];
