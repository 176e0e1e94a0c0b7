/**
 * What each report screen asks for (document 2 §2.1, §2.2, §2.4): its period selector, whether it offers
 * drivers, which vehicles it lists, its option fields, zone and event filters and export formats.
 */
import { CUSTOM_REPORT_DEFS } from './customReportDefs';
import {
  activityHoursSource,
  customHours,
  hoursSource,
  select,
  tripFilter,
  tripsWorkingHours,
} from './reportFields';
import {
  FORMATS,
  type FieldDef,
  type FieldKey,
  type FieldValues,
  type ReportDef,
  type ReportFormat,
} from './reportTypes';

export {
  COST_TYPES,
  EXPORT_FORMATS,
  FORMATS,
  type FieldDef,
  type FieldKey,
  type FieldValues,
  type PeriodKind,
  type ReportDef,
  type ReportFormat,
} from './reportTypes';

/** Cost reports: at most ten years (document 2 §2.1, document 3 §5, §9). */
export const COST_REPORT_DAYS = 3650;

/** The standard reports (document 2 §2.1) and the management reports (document 3 §2). */
const STANDARD_DEFS: Record<string, ReportDef> = {
  trips: {
    name: 'trips',
    endpoint: 'trips',
    period: 'range',
    drivers: true,
    fields: [tripFilter, hoursSource, { key: 'check1', label: 'reports.hideShortTrips', default: false }],
    workingHours: tripsWorkingHours,
  },
  activity: {
    name: 'activity',
    endpoint: 'activity',
    period: 'range',
    drivers: true,
    fields: [activityHoursSource],
    workingHours: customHours,
  },
  speeding: {
    name: 'speeding',
    endpoint: 'speeding',
    period: 'range',
    drivers: true,
    fields: [
      { key: 'text1', label: 'reports.toleranceKmh', default: '0', numeric: true },
      { key: 'text2', label: 'reports.toleranceSeconds', default: '0', numeric: true },
      { key: 'check1', label: 'reports.roadLimits', default: false },
    ],
    zones: 'speedLimit',
  },
  km: { name: 'km', endpoint: 'km', period: 'range' },
  monthly_km: { name: 'monthly_km', endpoint: 'monthly_km', period: 'month' },
  chart_km: { name: 'chart_km', endpoint: 'chart_km', period: 'range', formats: ['json', 'pdf'] },
  hours: { name: 'hours', endpoint: 'hours', period: 'range' },
  monthly_hours: { name: 'monthly_hours', endpoint: 'monthly_hours', period: 'month' },
  stops: {
    name: 'stops',
    endpoint: 'stops',
    period: 'range',
    fields: [
      select('select1', 'reports.stopType', ['reports.stopsAll', 'reports.stopsIdle', 'reports.stopsOff']),
      { key: 'text1', label: 'reports.minimumStop', default: '5', numeric: true },
    ],
  },
  fuel_analysis: {
    name: 'fuel_analysis',
    endpoint: 'fuel_analysis',
    period: 'range',
    deviceFilter: 'fuel',
    fields: [
      select('select1', 'reports.fuelType', ['reports.refillsAndDrops', 'reports.refills', 'reports.drops']),
      { key: 'text1', label: 'reports.fuelThreshold', default: '10', numeric: true },
    ],
  },
  pto: { name: 'pto', endpoint: 'pto', period: 'range', deviceFilter: 'pto' },
  zones: { name: 'zones', endpoint: 'zones', period: 'range', zones: 'all' },
  positions: { name: 'positions', endpoint: 'positions', period: 'day' },
  alerts: { name: 'alerts', endpoint: 'alerts', period: 'range', events: true },
  block: { name: 'block', endpoint: 'block', period: 'range' },
  // The management reports (document 3 §2): year selector; the cost list adds the cost type checkboxes.
  management_analysis: {
    name: 'management_analysis',
    endpoint: 'management_analysis',
    period: 'year',
    maxDays: COST_REPORT_DAYS,
    maxDaysAlways: true,
    costColours: true,
  },
  management_cost_list: {
    name: 'management_cost_list',
    endpoint: 'management_cost_list',
    period: 'year',
    costTypes: true,
    maxDays: COST_REPORT_DAYS,
    maxDaysAlways: true,
    costColours: true,
  },
  monthly_liters: { name: 'monthly_liters', endpoint: 'monthly_liters', period: 'month' },
};

/** Every report screen this area registers: standard, management, specific and passenger reports. */
export const REPORT_DEFS: Record<string, ReportDef> = { ...STANDARD_DEFS, ...CUSTOM_REPORT_DEFS };

/** The standard and management report screens, in menu order. */
export const STANDARD_REPORTS = Object.keys(STANDARD_DEFS);
/** The specific and passenger report screens (issue 22). */
export const CUSTOM_REPORTS = Object.keys(CUSTOM_REPORT_DEFS);

export const formatsOf = (def: ReportDef): ReportFormat[] => def.formats ?? [...FORMATS];

/** The option values a new form starts with. */
export function defaultFieldValues(def: ReportDef): FieldValues {
  const values: FieldValues = {};
  for (const field of def.fields ?? []) values[field.key] = field.default;
  return values;
}

/**
 * The fields in the server-given order (document 2 §2.2): only those the server says the report reads, in
 * its order. Without the server's answer yet, the order written here.
 */
export function orderFields(fields: readonly FieldDef[], order: readonly FieldKey[] | undefined): FieldDef[] {
  if (!order) return [...fields];
  return order.flatMap((key) => fields.filter((field) => field.key === key));
}

/** The fields the form shows for these values, in the server's order when given. */
export const visibleFields = (
  fields: readonly FieldDef[] | undefined,
  values: FieldValues,
  order?: readonly FieldKey[],
): FieldDef[] => orderFields(fields ?? [], order).filter((field) => !field.when || field.when(values));
