/** Table types of the report migration (002_reports); the lead merges them into the Database interface. */
import type { Generated } from 'kysely';

type Bool = number | boolean;

export interface ReportSchedulerTable {
  id: Generated<number>;
  userId: number;
  reportName: string;
  reportType: string;
  reportIds: string;
  reportIdsType: string;
  reportPeriodicity: string;
  reportDay: number;
  reportFormat: string;
  reportDestination: string;
  select1Value: string;
  select2Value: string;
  text1Value: string;
  text2Value: string;
  check1Value: Bool;
  geofenceFilterValue: Bool;
  geofences: string;
  weekdaysValue: Bool;
  weekdaysStart: string;
  weekdaysEnd: string;
  saturdayValue: Bool;
  saturdayStart: string;
  saturdayEnd: string;
  sundayValue: Bool;
  sundayStart: string;
  sundayEnd: string;
  createdAt: number;
  lastRun: number | null;
  lastStatus: string | null;
}

export interface ReportTables {
  reportScheduler: ReportSchedulerTable;
}
