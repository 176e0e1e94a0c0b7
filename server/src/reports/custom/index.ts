/** Every specific report of document 2 §2.1 and document 3 §2, by family, and the passenger reports. */
import type { ReportDef } from '../reportDef';
import { DAILY_REPORTS } from './daily';
import { DRIVING_REPORTS } from './driving';
import { MACHINES_REPORTS } from './machines';
import { PASSENGER_REPORTS } from './passengers';

export const customReportDefs = (): ReportDef[] => [
  ...DAILY_REPORTS,
  ...DRIVING_REPORTS,
  ...MACHINES_REPORTS,
  ...PASSENGER_REPORTS,
];
