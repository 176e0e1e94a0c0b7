/** Scheduled reports (document 2 §2.5, §3, §5): the entity, the form's draft and the rules between them. */
import { EVENT_TYPES } from './eventTypes';
import type { FieldValues, ReportFormat } from './reportDefs';
import type { ItemsType } from './reportForm';
import { scheduleFormats, scheduleType, type ScheduleType } from './scheduleTypes';
import {
  defaultWorkingWeek,
  invalidWorkingTime,
  weekFields,
  weekFromFields,
  type WorkingWeek,
} from './workingHours';

export type Periodicity = 'D' | 'W' | 'M';

/** The scheduled report as the server stores it (snake_case, document 2 §3). */
export interface Schedule {
  id?: number;
  report_name: string;
  report_type: string;
  report_ids: string;
  report_ids_type: ItemsType;
  report_periodicity: Periodicity;
  report_day: number;
  report_format: ReportFormat;
  report_destination: string;
  select1_value: string;
  select2_value: string;
  text1_value: string;
  text2_value: string;
  check1_value: number;
  geofence_filter_value: number;
  geofences: string;
  weekdays_value?: number;
  weekdays_start?: string;
  weekdays_end?: string;
  saturday_value?: number;
  saturday_start?: string;
  saturday_end?: string;
  sunday_value?: number;
  sunday_start?: string;
  sunday_end?: string;
  last_run?: string | null;
  last_status?: string | null;
}

export interface ScheduleDraft {
  id?: number;
  name: string;
  type: string;
  idsType: ItemsType;
  ids: number[];
  periodicity: Periodicity;
  day: number;
  format: ReportFormat;
  recipients: string;
  fields: FieldValues;
  geofenceFilter: boolean;
  geofences: number[];
  events: string[];
  week: WorkingWeek;
}

export const DEFAULT_WEEKDAY = 1;

const idList = (value: unknown): number[] =>
  (Array.isArray(value) ? value : String(value ?? '').split(','))
    .map((id) => Number(String(id).trim()))
    .filter((id) => Number.isInteger(id) && id > 0);

function defaultFields(type: ScheduleType | undefined): FieldValues {
  const values: FieldValues = {};
  for (const field of type?.fields ?? []) values[field.key] = field.default;
  return values;
}

export function newScheduleDraft(type: string): ScheduleDraft {
  return {
    name: '',
    type,
    idsType: 'V',
    ids: [],
    periodicity: 'W',
    day: DEFAULT_WEEKDAY,
    format: scheduleFormats(scheduleType(type))[0],
    recipients: '',
    fields: defaultFields(scheduleType(type)),
    geofenceFilter: false,
    geofences: [],
    events: [...EVENT_TYPES],
    week: defaultWorkingWeek(),
  };
}

export function draftFromSchedule(schedule: Schedule): ScheduleDraft {
  const type = scheduleType(schedule.report_type);
  const fields: FieldValues = {};
  for (const field of type?.fields ?? []) {
    const raw = (schedule as unknown as Record<string, unknown>)[`${field.key}_value`];
    if (typeof field.default === 'boolean')
      fields[field.key] = Number(raw) === 1 || raw === true || raw === '1';
    else if (field.options) fields[field.key] = Number(raw ?? field.default) || 0;
    else fields[field.key] = raw === undefined || raw === null ? field.default : String(raw);
  }
  const events = type?.events
    ? String(schedule.text1_value ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : [];
  return {
    id: schedule.id,
    name: schedule.report_name ?? '',
    type: type?.type ?? schedule.report_type,
    idsType: schedule.report_ids_type === 'D' && type?.drivers ? 'D' : 'V',
    ids: idList(schedule.report_ids),
    periodicity: (['D', 'W', 'M'] as const).includes(schedule.report_periodicity)
      ? schedule.report_periodicity
      : 'W',
    day: Number(schedule.report_day ?? DEFAULT_WEEKDAY),
    format: schedule.report_format ?? 'pdf',
    recipients: schedule.report_destination ?? '',
    fields,
    geofenceFilter: Number(schedule.geofence_filter_value) === 1,
    geofences: idList(schedule.geofences),
    events: type?.events && events.length === 0 ? [...EVENT_TYPES] : events,
    week: weekFromFields(schedule as unknown as Record<string, unknown>),
  };
}

/** Changing the report type clears the chosen ids and the type's options (document 2 §4). */
export function changeType(draft: ScheduleDraft, type: string): ScheduleDraft {
  const next = scheduleType(type);
  const formats = scheduleFormats(next);
  return {
    ...draft,
    type,
    ids: [],
    idsType: next?.drivers ? draft.idsType : 'V',
    fields: defaultFields(next),
    geofenceFilter: false,
    geofences: [],
    format: formats.includes(draft.format) ? draft.format : formats[0],
  };
}

/** Changing between vehicles and drivers clears the chosen ids. */
export const changeIdsType = (draft: ScheduleDraft, idsType: ItemsType): ScheduleDraft =>
  draft.idsType === idsType ? draft : { ...draft, idsType, ids: [] };

/** Weekly: weekday 0 (Sunday) to 6, default Monday; monthly: day 1 to 31, otherwise 1; daily: 0. */
export function scheduleDay(periodicity: Periodicity, day: unknown): number {
  const value = Number(day);
  if (periodicity === 'D') return 0;
  if (periodicity === 'W')
    return Number.isInteger(value) && value >= 0 && value <= 6 ? value : DEFAULT_WEEKDAY;
  return Number.isInteger(value) && value >= 1 && value <= 31 ? value : 1;
}

/** Recipients split on commas, semicolons and whitespace, without repeats. */
export function normaliseRecipients(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter((address) => address && !seen.has(address.toLowerCase()) && seen.add(address.toLowerCase()));
}

export const isEmailAddress = (address: string): boolean => /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/.test(address);

export const showsScheduleWorkingHours = (draft: ScheduleDraft): boolean =>
  !!scheduleType(draft.type)?.workingHours?.(draft.fields);

/** The first rule the draft breaks, as an i18n key and values; null when it may be saved. */
export function checkSchedule(draft: ScheduleDraft): { key: string; values?: Record<string, string> } | null {
  if (!draft.name.trim()) return { key: 'reports.scheduleNameRequired' };
  if (!scheduleType(draft.type)) return { key: 'reports.scheduleTypeInvalid' };
  if (draft.ids.length === 0) return { key: 'reports.selectVehicles' };
  if (scheduleType(draft.type)?.zonesRequired && draft.geofences.length === 0)
    return { key: 'reports.selectZones' };
  const recipients = normaliseRecipients(draft.recipients);
  if (recipients.length === 0) return { key: 'reports.recipientsRequired' };
  const invalid = recipients.find((address) => !isEmailAddress(address));
  if (invalid) return { key: 'reports.recipientInvalid', values: { address: invalid } };
  if (showsScheduleWorkingHours(draft)) {
    const time = invalidWorkingTime(draft.week);
    if (time !== null) return { key: 'reports.workingHoursFormat', values: { value: time } };
  }
  return null;
}

const fieldText = (value: unknown): string =>
  value === undefined || value === null ? '' : String(value).trim();

export function scheduleBody(draft: ScheduleDraft): Schedule {
  const type = scheduleType(draft.type);
  const f = draft.fields;
  const zones = !!type?.zones && (!!type.zonesRequired || draft.geofenceFilter);
  return {
    ...(draft.id ? { id: draft.id } : {}),
    report_name: draft.name.trim(),
    report_type: draft.type,
    report_ids: draft.ids.join(','),
    report_ids_type: type?.drivers ? draft.idsType : 'V',
    report_periodicity: draft.periodicity,
    report_day: scheduleDay(draft.periodicity, draft.day),
    report_format: draft.format,
    report_destination: normaliseRecipients(draft.recipients).join(','),
    select1_value: fieldText(f.select1 ?? ''),
    select2_value: fieldText(f.select2 ?? ''),
    text1_value: type?.events ? draft.events.join(',') : fieldText(f.text1),
    text2_value: fieldText(f.text2),
    check1_value: f.check1 === true || f.check1 === 1 ? 1 : 0,
    geofence_filter_value: zones ? 1 : 0,
    // Speeding without the zone filter keeps no zones (document 2 §5); nor does any type without zones.
    geofences: zones ? draft.geofences.join(',') : '',
    ...(weekFields(draft.week) as Partial<Schedule>),
  };
}
