/** The report_scheduler table: rows <-> the API's snake_case schedules. */
import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { ReportTables, ReportSchedulerTable } from '../../db/reportTables';
import { fromBool, toBool, toIso } from '../../db/mapping';
import type { Schedule, ScheduleFields } from './rules';

export type ReportDb = Kysely<Database & ReportTables>;
export const reportDb = (db: Db): ReportDb => db.kysely as unknown as ReportDb;

export type ScheduleRow = Selectable<ReportSchedulerTable>;

const flag = (v: unknown): 0 | 1 => (toBool(v) ? 1 : 0);

export function scheduleJson(r: ScheduleRow): Schedule {
  return {
    id: Number(r.id),
    user_id: Number(r.userId),
    report_name: r.reportName,
    report_type: r.reportType,
    report_ids: r.reportIds,
    report_ids_type: r.reportIdsType === 'D' ? 'D' : 'V',
    report_periodicity: (['D', 'W', 'M'].includes(r.reportPeriodicity) ? r.reportPeriodicity : 'D') as
      'D' | 'W' | 'M',
    report_day: Number(r.reportDay),
    report_format: r.reportFormat,
    report_destination: r.reportDestination,
    select1_value: r.select1Value,
    select2_value: r.select2Value,
    text1_value: r.text1Value,
    text2_value: r.text2Value,
    check1_value: flag(r.check1Value),
    geofence_filter_value: flag(r.geofenceFilterValue),
    geofences: r.geofences,
    weekdays_value: flag(r.weekdaysValue),
    weekdays_start: r.weekdaysStart,
    weekdays_end: r.weekdaysEnd,
    saturday_value: flag(r.saturdayValue),
    saturday_start: r.saturdayStart,
    saturday_end: r.saturdayEnd,
    sunday_value: flag(r.sundayValue),
    sunday_start: r.sundayStart,
    sunday_end: r.sundayEnd,
    last_run: toIso(r.lastRun == null ? null : Number(r.lastRun)),
    last_status: r.lastStatus,
  };
}

export function scheduleValues(db: Db, f: ScheduleFields) {
  const b = (v: 0 | 1) => fromBool(db.dialect, v === 1);
  return {
    reportName: f.report_name,
    reportType: f.report_type,
    reportIds: f.report_ids,
    reportIdsType: f.report_ids_type,
    reportPeriodicity: f.report_periodicity,
    reportDay: f.report_day,
    reportFormat: f.report_format,
    reportDestination: f.report_destination,
    select1Value: f.select1_value,
    select2Value: f.select2_value,
    text1Value: f.text1_value,
    text2Value: f.text2_value,
    check1Value: b(f.check1_value),
    geofenceFilterValue: b(f.geofence_filter_value),
    geofences: f.geofences,
    weekdaysValue: b(f.weekdays_value),
    weekdaysStart: f.weekdays_start,
    weekdaysEnd: f.weekdays_end,
    saturdayValue: b(f.saturday_value),
    saturdayStart: f.saturday_start,
    saturdayEnd: f.saturday_end,
    sundayValue: b(f.sunday_value),
    sundayStart: f.sunday_start,
    sundayEnd: f.sunday_end,
  };
}

export function fieldsOf(s: Schedule): ScheduleFields {
  const { id: _id, user_id: _u, last_run: _l, last_status: _s, ...fields } = s;
  return fields;
}
