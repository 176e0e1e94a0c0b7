/**
 * Scheduled report fields (document 2 §3) and their rules (§2.5, §5): types and their permissions,
 * recipients normalised and validated, periodicity and day, geofences dropped for speeding without the
 * filter, ids cleared when the type or the id type changes.
 */
import { boolAttr, invalidEmailMessage, isValidEmail } from '@frota/core';
import { badRequest } from '../../errors';
import { parseIds, MSG_NO_VEHICLES } from '../request';
import { isHhMm, WORKING_HOURS_MESSAGE } from '../../track/workingHours';
import { REPORTS } from '../registry';

/** report_type -> the permission it needs. */
export const SCHEDULE_TYPES: Record<string, string> = {
  trips: 'reports.trips',
  activity: 'reports.activity',
  speeding: 'reports.speeding',
  luanda_speeding: 'custom_reports.luanda_speeding',
  km: 'reports.km',
  chart_km: 'reports.chart_km',
  positions: 'reports.positions',
  fuel_analysis: 'reports.fuel_analysis',
  alerts: 'reports.alerts',
  pto: 'reports.pto',
  vista_waste: 'custom_reports.vista_waste',
  detailed_activity: 'custom_reports.detailed_activity',
  castel_daily: 'custom_reports.castel_daily',
  castel_monthly: 'custom_reports.castel_daily',
  castel_monthly_detailed: 'custom_reports.castel_daily',
  zones: 'reports.zones',
};
const ALIASES: Record<string, string> = { speed: 'speeding' };
/** The types that run by driver: the standard three, and a specific report whose module runs by driver. */
export const DRIVER_TYPES = ['trips', 'activity', 'speeding'];
export const runsByDriver = (type: string): boolean =>
  DRIVER_TYPES.includes(type) || !!REPORTS.get(type)?.drivers;
/** A waste-collection round is its zones: the schedule always filters by them and needs one at least. */
export const ZONE_TYPES = ['vista_waste'];
export const SCHEDULE_FORMATS = ['pdf', 'excel', 'csv', 'xml'];

export const MSG = {
  name: 'Por favor indique o nome do relatório',
  type: 'Tipo de relatório inválido',
  recipients: 'Por favor indique os endereços de e-mail',
  periodicity: 'Periodicidade inválida',
  format: 'Formato inválido',
  vehicles: MSG_NO_VEHICLES,
  hours: WORKING_HOURS_MESSAGE,
  driversOnly: 'Relatório disponível apenas por veículo',
  unavailable: 'Tipo de relatório não disponível',
  zones: 'Por favor seleccione as zonas pretendidas',
};

/** The schedule as the API shows it (snake_case, document 2 §3). */
export interface Schedule {
  id: number;
  user_id: number;
  report_name: string;
  report_type: string;
  report_ids: string;
  report_ids_type: 'V' | 'D';
  report_periodicity: 'D' | 'W' | 'M';
  report_day: number;
  report_format: string;
  report_destination: string;
  select1_value: string;
  select2_value: string;
  text1_value: string;
  text2_value: string;
  check1_value: 0 | 1;
  geofence_filter_value: 0 | 1;
  geofences: string;
  weekdays_value: 0 | 1;
  weekdays_start: string;
  weekdays_end: string;
  saturday_value: 0 | 1;
  saturday_start: string;
  saturday_end: string;
  sunday_value: 0 | 1;
  sunday_start: string;
  sunday_end: string;
  last_run: string | null;
  last_status: string | null;
}

export type ScheduleFields = Omit<Schedule, 'id' | 'user_id' | 'last_run' | 'last_status'>;

export const DEFAULT_FIELDS: ScheduleFields = {
  report_name: '',
  report_type: 'trips',
  report_ids: '',
  report_ids_type: 'V',
  report_periodicity: 'D',
  report_day: 0,
  report_format: 'pdf',
  report_destination: '',
  select1_value: '',
  select2_value: '',
  text1_value: '',
  text2_value: '',
  check1_value: 0,
  geofence_filter_value: 0,
  geofences: '',
  weekdays_value: 1,
  weekdays_start: '09:00',
  weekdays_end: '18:00',
  saturday_value: 1,
  saturday_start: '09:00',
  saturday_end: '13:00',
  sunday_value: 0,
  sunday_start: '09:00',
  sunday_end: '13:00',
};

/** Separators (comma, semicolon, spaces, new lines) become commas; duplicates go; each must be an e-mail. */
export function normaliseRecipients(raw: unknown): string {
  const list = String(raw ?? '')
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const address of list) {
    if (!isValidEmail(address)) throw badRequest(invalidEmailMessage(address));
    if (seen.has(address.toLowerCase())) continue;
    seen.add(address.toLowerCase());
    out.push(address);
  }
  if (!out.length) throw badRequest(MSG.recipients);
  return out.join(',');
}

/** Weekly: weekday 0..6 (default Monday); monthly: day 1..31 (else 1); daily: 0. */
export function normaliseDay(periodicity: string, raw: unknown): number {
  const n = raw === '' || raw === null || raw === undefined ? NaN : Number(raw);
  if (periodicity === 'W') return Number.isInteger(n) && n >= 0 && n <= 6 ? n : 1;
  if (periodicity === 'M') return Number.isInteger(n) && n >= 1 && n <= 31 ? n : 1;
  return 0;
}

const flag = (v: unknown): 0 | 1 => (boolAttr(v) ? 1 : 0);
const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v).trim());
const idText = (v: unknown): string => parseIds(v).join(',');

/**
 * The fields after a create (no `before`) or an update (merged onto `before`). Throws the spec's messages.
 * Permissions and the visibility of ids are checked by the caller.
 */
export function normaliseSchedule(input: Record<string, unknown>, before?: ScheduleFields): ScheduleFields {
  const base = before ?? DEFAULT_FIELDS;
  const has = (k: string) => input[k] !== undefined;
  const get = (k: keyof ScheduleFields) => (has(k) ? input[k] : base[k]);

  const rawType = str(get('report_type')).toLowerCase();
  const type = ALIASES[rawType] ?? rawType;
  if (!(type in SCHEDULE_TYPES)) throw badRequest(MSG.type);
  const idsType = str(get('report_ids_type')).toUpperCase() === 'D' ? 'D' : 'V';
  if (idsType === 'D' && !runsByDriver(type)) throw badRequest(MSG.driversOnly);
  const name = str(get('report_name'));
  if (!name) throw badRequest(MSG.name);
  const changedKind = before && (type !== before.report_type || idsType !== before.report_ids_type);
  const ids = idText(changedKind && !has('report_ids') ? '' : get('report_ids'));
  if (!ids) throw badRequest(MSG.vehicles);
  const periodicity = str(get('report_periodicity')).toUpperCase();
  if (!['D', 'W', 'M'].includes(periodicity)) throw badRequest(MSG.periodicity);
  const format = str(get('report_format')).toLowerCase();
  if (!SCHEDULE_FORMATS.includes(format)) throw badRequest(MSG.format);
  const destination = normaliseRecipients(get('report_destination'));

  const times: Partial<ScheduleFields> = {};
  for (const key of [
    'weekdays_start',
    'weekdays_end',
    'saturday_start',
    'saturday_end',
    'sunday_start',
    'sunday_end',
  ] as const) {
    const v = str(get(key));
    if (!isHhMm(v)) throw badRequest(MSG.hours);
    times[key] = v;
  }
  const zoneRound = ZONE_TYPES.includes(type);
  const geofenceFilter = zoneRound ? 1 : flag(get('geofence_filter_value'));
  const geofences = type === 'speeding' && !geofenceFilter ? '' : idText(get('geofences'));
  if (zoneRound && !geofences) throw badRequest(MSG.zones);
  return {
    ...base,
    ...times,
    report_name: name,
    report_type: type,
    report_ids: ids,
    report_ids_type: idsType,
    report_periodicity: periodicity as 'D' | 'W' | 'M',
    report_day: normaliseDay(
      periodicity,
      has('report_day')
        ? input.report_day
        : before?.report_periodicity === periodicity
          ? base.report_day
          : undefined,
    ),
    report_format: format,
    report_destination: destination,
    select1_value: str(get('select1_value')),
    select2_value: str(get('select2_value')),
    text1_value: str(get('text1_value')),
    text2_value: str(get('text2_value')),
    check1_value: flag(get('check1_value')),
    geofence_filter_value: geofenceFilter,
    geofences,
    weekdays_value: flag(get('weekdays_value')),
    saturday_value: flag(get('saturday_value')),
    sunday_value: flag(get('sunday_value')),
  };
}
