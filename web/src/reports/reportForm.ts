/** The report filter form's state, its client-side checks (document 2 §5) and the call's body (§7). */
import {
  computePeriod,
  exceedsMaximum,
  MAX_REPORT_DAYS,
  monthPeriod,
  periodLength,
  type Period,
  type PeriodValue,
} from '../common/period/period';
import { groupHoursItems } from './groupHours';
import {
  COST_TYPES,
  defaultFieldValues,
  type FieldValues,
  type ReportDef,
  type ReportFormat,
} from './reportDefs';
import {
  defaultWorkingWeek,
  invalidWorkingTime,
  weekBody,
  type WeekBody,
  type WorkingWeek,
} from './workingHours';

export type ItemsType = 'V' | 'D';

export interface ReportFormState {
  period: PeriodValue;
  /** `YYYY-MM` for month reports. */
  month: string;
  itemsType: ItemsType;
  devices: number[];
  drivers: number[];
  fields: FieldValues;
  /** Only the selected zones. */
  geofenceFilter: boolean;
  geofences: number[];
  events: string[];
  /** Cost reports: the chosen cost types (all at first). */
  costTypes: string[];
  week: WorkingWeek;
  /** Group hours report: the chosen groups and their expected monthly hours. */
  groups: number[];
  groupHours: Record<number, number>;
  /** Passenger reports: the chosen passengers (none: every passenger). */
  passengers: number[];
}

/** `month` is the current month: year selectors start on its year. */
export function initialForm(def: ReportDef, month: string, events: string[]): ReportFormState {
  return {
    period: def.period === 'year' ? { preset: 'year', year: Number(month.slice(0, 4)) } : { preset: 'today' },
    month,
    itemsType: 'V',
    devices: [],
    drivers: [],
    fields: defaultFieldValues(def),
    geofenceFilter: false,
    geofences: [],
    events,
    costTypes: [...COST_TYPES],
    week: defaultWorkingWeek(),
    groups: [],
    groupHours: {},
    passengers: [],
  };
}

/** The chosen vehicles or drivers, whichever the switch shows. */
export const chosenItems = (def: ReportDef, form: ReportFormState): number[] =>
  def.drivers && form.itemsType === 'D' ? form.drivers : form.devices;

export function formPeriod(def: ReportDef, form: ReportFormState, tz: string | undefined, now = new Date()) {
  return def.period === 'month' ? monthPeriod(form.month) : computePeriod(form.period, tz, now);
}

/** Whether the run reads only the chosen zones: the zone switch, or always for a round's zones. */
export const filtersZones = (def: ReportDef, form: ReportFormState): boolean =>
  !!def.zones && (!!def.zonesRequired || form.geofenceFilter);

export const showsWorkingHours = (def: ReportDef, form: ReportFormState): boolean =>
  !!def.workingHours?.(form.fields);

/** A message to show instead of running, as an i18n key and its values; null when the form may run. */
export type FormProblem = { key: string; values?: Record<string, string | number> } | null;

/** Something to run for: vehicles (or drivers, passengers), or groups in a group report. */
export const hasChoice = (def: ReportDef, form: ReportFormState): boolean =>
  chosenItems(def, form).length > 0 || (!!def.groupPicker && form.groups.length > 0);

export function checkForm(def: ReportDef, form: ReportFormState, period: Period | null): FormProblem {
  const items = chosenItems(def, form);
  const groups = def.groupPicker ? form.groups.length : 0;
  if (!hasChoice(def, form)) return { key: 'reports.selectVehicles' };
  if (!period) return { key: 'reports.invalidPeriod' };
  // none ticked would read as every type on the server: ask instead
  if (def.costTypes && form.costTypes.length === 0) return { key: 'reports.selectCostTypes' };
  if (def.zonesRequired && form.geofences.length === 0) return { key: 'reports.selectZones' };
  const maxDays = def.maxDays ?? MAX_REPORT_DAYS;
  const tooLong = def.maxDaysAlways
    ? periodLength(period) > maxDays * 86_400_000
    : exceedsMaximum(period, groups > 0 ? Math.max(2, items.length) : items.length, maxDays);
  if (tooLong) return { key: 'reports.maxPeriod', values: { days: maxDays } };
  if (showsWorkingHours(def, form)) {
    const invalid = invalidWorkingTime(form.week);
    if (invalid !== null) return { key: 'reports.workingHoursFormat', values: { value: invalid } };
  }
  return null;
}

export interface ReportBody {
  devices: number[];
  itemsType: ItemsType;
  from: string;
  to: string;
  mode: string;
  text1: string;
  text2: string;
  check1: number;
  check2: number;
  select1: number;
  select2: number;
  /** Only when the working-hours panel is shown. */
  week?: WeekBody;
  keyValueItems: Array<{ key: string; value: number | string }>;
  cost_types: string[];
  geofences: number[];
  groups: number[];
  month: string;
  /** Alerts: the chosen event types. */
  events: string[];
  /** Passenger reports: the chosen passengers. */
  passengers: number[];
  /** Passenger reports: 1 pickups by vehicle, 3 by passenger. */
  ReportVersion?: number;
  format: ReportFormat;
}

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value).trim());
const bit = (value: unknown): number => (value === true || value === 1 || value === '1' ? 1 : 0);
const int = (value: unknown): number => (Number.isFinite(Number(value)) ? Number(value) : 0);

export function reportBody(
  def: ReportDef,
  form: ReportFormState,
  period: Period,
  format: ReportFormat,
): ReportBody {
  const f = form.fields;
  const zones = filtersZones(def, form);
  return {
    devices: chosenItems(def, form),
    itemsType: def.drivers ? form.itemsType : 'V',
    from: period.from,
    to: period.to,
    mode: '',
    text1: text(f.text1),
    text2: text(f.text2),
    check1: bit(f.check1),
    check2: def.zones ? bit(zones) : bit(f.check2),
    select1: int(f.select1),
    select2: int(f.select2),
    week: showsWorkingHours(def, form) ? weekBody(form.week) : undefined,
    keyValueItems: def.groupHours ? groupHoursItems(form.groupHours, form.groups) : [],
    cost_types: def.costTypes ? form.costTypes : [],
    geofences: zones ? form.geofences : [],
    groups: def.groupHours || def.groupPicker ? form.groups : [],
    month: def.period === 'month' ? form.month : '',
    events: def.events ? form.events : [],
    passengers: def.passengers ? form.passengers : [],
    ...(def.reportVersion ? { ReportVersion: def.reportVersion } : {}),
    format,
  };
}
