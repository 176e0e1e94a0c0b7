/** The specific reports of the machines family (document 3 §2): machine hours and crane activity. */
import type { ReportDef } from '../../reportDef';
import { MACHINE_HOURS } from './machineHours';
import { MACHINE_MONTHLY_HOURS } from './machineMonthlyHours';
import { GRUEST_ACTIVITY } from './gruestActivity';

export const MACHINES_REPORTS: ReportDef[] = [MACHINE_HOURS, MACHINE_MONTHLY_HOURS, GRUEST_ACTIVITY];
