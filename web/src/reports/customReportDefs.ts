/**
 * The specific reports of document 2 §2.1 and document 3 §2 and the two passenger reports: what each screen
 * asks for. Menu order as in reportRoutes.ts.
 */
import type { FieldDef, FieldKey, ReportDef } from './reportTypes';
import { activityHoursSource, customHours } from './reportFields';

const numberField = (key: FieldKey, label: string, value: number): FieldDef => ({
  key,
  label,
  default: String(value),
  numeric: true,
});

/** Eco driving and rag: the over-revving limit (3000 rpm) and the idling that counts (5 minutes). */
const ecoFields = [
  numberField('text1', 'reports.rpmLimit', 3000),
  numberField('text2', 'reports.idleMinutes', 5),
];

const range = (name: string, extra: Partial<ReportDef> = {}): ReportDef => ({
  name,
  endpoint: name,
  period: 'range',
  ...extra,
});

/** The hours source (custom or the vehicle's) and the working week when custom. */
const hoursOptions: Partial<ReportDef> = { fields: [activityHoursSource], workingHours: customHours };

/** Activity and the reports built on its page: by vehicle or driver, with its hours source. */
const activityLike = (name: string, extra: Partial<ReportDef> = {}): ReportDef =>
  range(name, { drivers: true, ...hoursOptions, ...extra });

/** `report_passenger_pickup.php`, told apart by ReportVersion (document 2 §2.4). */
const passengers = (name: string, reportVersion: 1 | 3): ReportDef =>
  range(name, { endpoint: 'passenger_pickup', passengers: true, reportVersion });

const defs: ReportDef[] = [
  activityLike('detailed_activity'),
  range('luanda_speeding', {
    drivers: true,
    fields: [
      numberField('text1', 'reports.limitInside', 60),
      numberField('text2', 'reports.limitOutside', 90),
    ],
  }),
  range('vista_waste', { zones: 'all', zonesRequired: true }),
  range('sonangalp_hours', hoursOptions),
  range('eco_driving', { deviceFilter: 'eco_driving', fields: ecoFields }),
  range('rag', { deviceFilter: 'rag', fields: ecoFields }),
  { name: 'castel_daily', endpoint: 'castel_daily', period: 'day' },
  { name: 'castel_monthly', endpoint: 'castel_monthly', period: 'month' },
  { name: 'castel_monthly_detailed', endpoint: 'castel_monthly_detailed', period: 'month' },
  range('group_km', { groupPicker: true }),
  { name: 'group_hours', endpoint: 'group_hours', period: 'month', groupHours: true, groupPicker: true },
  // Performance reuses the activity page (document 2 §2.1), its rows coloured by the last column (§2.4);
  // one row per vehicle, so no driver switch.
  activityLike('performance', { drivers: false, rowColours: 'performance' }),
  range('emissions'),
  range('driving_limits', { drivers: true }),
  range('malfunction', {
    fields: [numberField('text1', 'reports.powerVolts', 6), numberField('text2', 'reports.gpsMinutes', 5)],
  }),
  range('machine_hours', { deviceFilter: 'machine' }),
  {
    name: 'machine_monthly_hours',
    endpoint: 'machine_monthly_hours',
    period: 'month',
    deviceFilter: 'machine',
  },
  range('gruest_activity'),
  passengers('passenger_vehicle', 1),
  passengers('passenger_passenger', 3),
];

export const CUSTOM_REPORT_DEFS: Record<string, ReportDef> = Object.fromEntries(
  defs.map((def) => [def.name, def]),
);
