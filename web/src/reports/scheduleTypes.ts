/** The report types a schedule may send (document 2 §2.5) with their permissions and option fields. */
import type { User } from '../api/types';
import { hasPermission } from '../session/permissions';
import type { CatalogueEntry } from './reportData';
import { orderFields, REPORT_DEFS, type FieldDef, type FieldValues, type ReportFormat } from './reportDefs';

export interface ScheduleType {
  type: string;
  permission: string;
  /** Offers the vehicle/driver choice. */
  drivers?: boolean;
  fields?: FieldDef[];
  zones?: 'all' | 'speedLimit';
  /** The zones are always read and at least one is needed (vista waste). */
  zonesRequired?: boolean;
  events?: boolean;
  /** Working-hours panel: trips when the filter is above 0 with custom hours; always for activity. */
  workingHours?: (values: FieldValues) => boolean;
  formats?: ReportFormat[];
}

const report = (type: string, extra: Partial<ScheduleType> = {}): ScheduleType => {
  const def = REPORT_DEFS[type];
  return {
    type,
    permission: `reports.${type}`,
    drivers: def.drivers,
    fields: def.fields,
    zones: def.zones,
    events: def.events,
    ...extra,
  };
};

/** A specific report: its screen's choices, under its own permission (castel's three share one). */
const custom = (type: string, permission = `custom_reports.${type}`): ScheduleType => {
  const def = REPORT_DEFS[type];
  return {
    type,
    permission,
    drivers: def.drivers,
    fields: def.fields,
    zones: def.zones,
    zonesRequired: def.zonesRequired,
    workingHours: def.workingHours,
  };
};

export const SCHEDULE_TYPES: ScheduleType[] = [
  report('trips', { workingHours: (v) => Number(v.select1 ?? 0) > 0 && Number(v.select2 ?? 0) === 0 }),
  report('activity', { workingHours: () => true }),
  report('speeding'),
  custom('luanda_speeding'),
  report('km'),
  report('chart_km', { formats: ['pdf'] }),
  report('positions'),
  report('fuel_analysis'),
  report('alerts'),
  report('pto'),
  custom('vista_waste'),
  custom('detailed_activity'),
  custom('castel_daily'),
  custom('castel_monthly', 'custom_reports.castel_daily'),
  custom('castel_monthly_detailed', 'custom_reports.castel_daily'),
  report('zones'),
];

export const scheduleType = (type: string): ScheduleType | undefined =>
  SCHEDULE_TYPES.find((item) => item.type === type || (type === 'speed' && item.type === 'speeding'));

/**
 * The types this user may schedule: with the permission, and sent by the server (its catalogue marks the
 * reports a schedule can render; the specific ones appear when their report module exists). The catalogue
 * lists only the reports the user may run, so a type whose permission is another type's (the monthly castel
 * types under custom_reports.castel_daily) is sendable when that type is.
 */
export function allowedScheduleTypes(
  user: User | null | undefined,
  catalogue: readonly CatalogueEntry[] | undefined,
): ScheduleType[] {
  const sendable = new Map(
    (catalogue ?? []).filter((entry) => entry.schedulable).map((entry) => [entry.name, entry.options]),
  );
  const families = new Set(
    SCHEDULE_TYPES.filter((item) => sendable.has(item.type)).map((item) => item.permission),
  );
  return SCHEDULE_TYPES.filter(
    (item) =>
      (sendable.has(item.type) || families.has(item.permission)) && hasPermission(user, item.permission),
  ).map((item) =>
    item.fields ? { ...item, fields: orderFields(item.fields, sendable.get(item.type)) } : item,
  );
}

export const SCHEDULE_FORMATS: ReportFormat[] = ['pdf', 'excel', 'csv', 'xml'];
export const scheduleFormats = (type: ScheduleType | undefined): ReportFormat[] =>
  type?.formats ?? SCHEDULE_FORMATS;
