/** The specific reports of the daily family (document 2 §2.1). */
import type { ReportDef } from '../../reportDef';
import { CASTEL_REPORTS } from './castel';
import { DETAILED_ACTIVITY } from './detailedActivity';
import { EMISSIONS } from './emissions';
import { GROUP_HOURS } from './groupHours';
import { GROUP_KM } from './groupKm';
import { PERFORMANCE } from './performance';
import { SONANGALP_HOURS } from './sonangalpHours';

export const DAILY_REPORTS: ReportDef[] = [
  DETAILED_ACTIVITY,
  PERFORMANCE,
  SONANGALP_HOURS,
  ...CASTEL_REPORTS,
  GROUP_KM,
  GROUP_HOURS,
  EMISSIONS,
];
