/** Table types of migration 021_traccarReports (issue 23: Traccar's scheduled reports, `tc_reports`). */
import type { Generated } from 'kysely';

/** A report of `type` mailed when an occurrence of its calendar ends, over that occurrence's period. */
export interface TraccarReportsTable {
  id: Generated<number>;
  /** route, events, trips, stops or summary */
  type: string;
  description: string;
  calendarId: number;
  attributes: string | Record<string, unknown>;
  /** the job's last look at the calendar (epoch ms): occurrences that ended after it are due */
  checkedAt: number;
}

export interface UserTraccarReportTable {
  userId: number;
  reportId: number;
}

export interface DeviceTraccarReportTable {
  deviceId: number;
  reportId: number;
}

export interface GroupTraccarReportTable {
  groupId: number;
  reportId: number;
}

export interface TraccarReportTables {
  traccarReports: TraccarReportsTable;
  userTraccarReport: UserTraccarReportTable;
  deviceTraccarReport: DeviceTraccarReportTable;
  groupTraccarReport: GroupTraccarReportTable;
}
