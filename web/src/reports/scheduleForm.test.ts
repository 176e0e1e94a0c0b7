import { describe, expect, it } from 'vitest';
import type { User } from '../api/types';
import {
  changeIdsType,
  changeType,
  checkSchedule,
  draftFromSchedule,
  isEmailAddress,
  newScheduleDraft,
  normaliseRecipients,
  scheduleBody,
  scheduleDay,
  showsScheduleWorkingHours,
  type Schedule,
  type ScheduleDraft,
} from './scheduleForm';
import { allowedScheduleTypes, scheduleFormats, scheduleType } from './scheduleTypes';
import type { CatalogueEntry } from './reportData';
import type { FieldKey } from './reportDefs';

const user = (permissions: string[], administrator = false): User => ({
  id: 1,
  name: 'U',
  email: 'u@x.ao',
  administrator,
  attributes: { permissions },
});
const ready = (change: Partial<ScheduleDraft> = {}): ScheduleDraft => ({
  ...newScheduleDraft('trips'),
  name: 'Semanal',
  ids: [1, 2],
  recipients: 'a@x.ao',
  ...change,
});

/** What the server sends today: the standard reports, the ones a schedule may send marked. */
const STANDARD = [
  'trips',
  'activity',
  'speeding',
  'km',
  'chart_km',
  'positions',
  'fuel_analysis',
  'alerts',
  'pto',
  'zones',
];
const entry = (name: string, options: FieldKey[] = []): CatalogueEntry => ({
  name,
  title: name,
  drivers: false,
  options,
  schedulable: true,
});
const SERVER = [...STANDARD.map((name) => entry(name)), { ...entry('stops'), schedulable: false }];
const CUSTOM = [
  'luanda_speeding',
  'vista_waste',
  'detailed_activity',
  'castel_daily',
  'castel_monthly',
  'castel_monthly_detailed',
];

describe('schedule types and permissions (document 2 §2.5)', () => {
  it('offers administrators the types the server can send, and no specific report it cannot', () => {
    expect(allowedScheduleTypes(user([], true), SERVER).map((t) => t.type)).toEqual(STANDARD);
    expect(allowedScheduleTypes(user([], true), undefined)).toEqual([]);
  });
  it('offers standard types by reports.* and custom ones by custom_reports.* once the server sends them', () => {
    expect(allowedScheduleTypes(user(['reports.trips', 'reports.km']), SERVER).map((t) => t.type)).toEqual([
      'trips',
      'km',
    ]);
    expect(allowedScheduleTypes(user(['custom_reports.castel_daily']), SERVER)).toEqual([]);
    const built = [...SERVER, ...CUSTOM.map((name) => entry(name))];
    expect(allowedScheduleTypes(user(['custom_reports.castel_daily']), built).map((t) => t.type)).toEqual([
      'castel_daily',
      'castel_monthly',
      'castel_monthly_detailed',
    ]);
    expect(
      allowedScheduleTypes(
        user([
          'custom_reports.luanda_speeding',
          'custom_reports.vista_waste',
          'custom_reports.detailed_activity',
        ]),
        built,
      ).map((t) => t.type),
    ).toEqual(['luanda_speeding', 'vista_waste', 'detailed_activity']);
  });
  it('shows the option fields in the server-given order', () => {
    const reordered = [entry('speeding', ['check1', 'text2', 'text1'])];
    const [speeding] = allowedScheduleTypes(user([], true), reordered);
    expect(speeding.fields?.map((f) => f.key)).toEqual(['check1', 'text2', 'text1']);
  });
  it('reads the old "speed" type as speeding and limits chart km to pdf', () => {
    expect(scheduleType('speed')?.type).toBe('speeding');
    expect(scheduleFormats(scheduleType('chart_km'))).toEqual(['pdf']);
    expect(scheduleFormats(scheduleType('km'))).toEqual(['pdf', 'excel', 'csv', 'xml']);
  });
});

describe('periodicity', () => {
  it('weekly: weekday 0 to 6, default Monday; monthly: 1 to 31, else 1; daily: 0', () => {
    expect(scheduleDay('W', 0)).toBe(0);
    expect(scheduleDay('W', 6)).toBe(6);
    expect(scheduleDay('W', 7)).toBe(1);
    expect(scheduleDay('W', undefined)).toBe(1);
    expect(scheduleDay('M', 31)).toBe(31);
    expect(scheduleDay('M', 0)).toBe(1);
    expect(scheduleDay('M', 32)).toBe(1);
    expect(scheduleDay('M', 2.5)).toBe(1);
    expect(scheduleDay('D', 5)).toBe(0);
    expect(newScheduleDraft('km')).toMatchObject({ periodicity: 'W', day: 1, format: 'pdf' });
  });
});

describe('recipients', () => {
  it('normalises commas, semicolons and whitespace and drops repeats', () => {
    expect(normaliseRecipients(' a@x.ao; b@y.ao,\n c@z.ao  A@x.ao ,, ')).toEqual([
      'a@x.ao',
      'b@y.ao',
      'c@z.ao',
    ]);
    expect(scheduleBody(ready({ recipients: 'a@x.ao;b@y.ao c@z.ao' })).report_destination).toBe(
      'a@x.ao,b@y.ao,c@z.ao',
    );
  });
  it('validates each address', () => {
    expect(isEmailAddress('ana@frota.ao')).toBe(true);
    expect(isEmailAddress('ana@frota')).toBe(false);
    expect(isEmailAddress('ana frota.ao')).toBe(false);
    expect(checkSchedule(ready({ recipients: 'a@x.ao; nope' }))).toEqual({
      key: 'reports.recipientInvalid',
      values: { address: 'nope' },
    });
    expect(checkSchedule(ready({ recipients: ' ;, ' }))).toEqual({ key: 'reports.recipientsRequired' });
  });
});

describe('schedule rules', () => {
  it('requires a name and vehicles', () => {
    expect(checkSchedule(ready({ name: '  ' }))).toEqual({ key: 'reports.scheduleNameRequired' });
    expect(checkSchedule(ready({ ids: [] }))).toEqual({ key: 'reports.selectVehicles' });
    expect(checkSchedule(ready())).toBeNull();
  });
  it('clears the ids when the type or the id type changes', () => {
    const d = ready({ idsType: 'D', ids: [5], fields: { select1: 2, select2: 0, check1: true } });
    expect(changeType(d, 'km')).toMatchObject({ type: 'km', ids: [], idsType: 'V', fields: {} });
    expect(changeType(d, 'activity')).toMatchObject({ ids: [], idsType: 'D', fields: { select2: 0 } });
    expect(changeIdsType(d, 'V')).toMatchObject({ idsType: 'V', ids: [] });
    expect(changeIdsType(d, 'D').ids).toEqual([5]);
    expect(changeType(ready({ format: 'csv' }), 'chart_km').format).toBe('pdf');
  });
  it('drops zones for speeding without the zone filter', () => {
    const speeding = { ...changeType(ready(), 'speeding'), ids: [1] };
    expect(scheduleBody({ ...speeding, geofences: [4, 5] })).toMatchObject({
      geofence_filter_value: 0,
      geofences: '',
    });
    expect(scheduleBody({ ...speeding, geofenceFilter: true, geofences: [4, 5] })).toMatchObject({
      geofence_filter_value: 1,
      geofences: '4,5',
    });
    expect(scheduleBody({ ...ready(), geofenceFilter: true, geofences: [4] }).geofences).toBe('');
  });
  it('shows working hours for trips with a filter and custom hours, always for activity', () => {
    expect(showsScheduleWorkingHours(ready())).toBe(false);
    expect(showsScheduleWorkingHours(ready({ fields: { select1: 1, select2: 0 } }))).toBe(true);
    expect(showsScheduleWorkingHours(ready({ fields: { select1: 1, select2: 1 } }))).toBe(false);
    expect(showsScheduleWorkingHours(changeType(ready(), 'activity'))).toBe(true);
    const bad = ready({
      fields: { select1: 1, select2: 0 },
      week: { ...ready().week, sunday: { on: false, start: '24:00', end: '13:00' } },
    });
    expect(checkSchedule(bad)).toEqual({ key: 'reports.workingHoursFormat', values: { value: '24:00' } });
  });
  it('writes the entity of document 2 §3 and reads it back', () => {
    const draft = ready({
      fields: { select1: 1, select2: 0, check1: true },
      periodicity: 'M',
      day: 40,
      idsType: 'D',
      format: 'excel',
    });
    const body = scheduleBody(draft);
    expect(body).toMatchObject({
      report_name: 'Semanal',
      report_type: 'trips',
      report_ids: '1,2',
      report_ids_type: 'D',
      report_periodicity: 'M',
      report_day: 1,
      report_format: 'excel',
      select1_value: '1',
      select2_value: '0',
      check1_value: 1,
      weekdays_value: 1,
      weekdays_start: '09:00',
      sunday_value: 0,
    });
    const back = draftFromSchedule({ ...body, id: 9, last_run: null } as Schedule);
    expect(back).toMatchObject({
      id: 9,
      ids: [1, 2],
      idsType: 'D',
      periodicity: 'M',
      day: 1,
      format: 'excel',
    });
    expect(back.fields).toEqual({ select1: 1, select2: 0, check1: true });
  });
  it('stores alert event types as comma text in text1_value', () => {
    const alerts = { ...changeType(ready(), 'alerts'), ids: [1], events: ['alarmSos', 'geofenceExit'] };
    expect(scheduleBody(alerts).text1_value).toBe('alarmSos,geofenceExit');
    const back = draftFromSchedule(scheduleBody(alerts));
    expect(back.events).toEqual(['alarmSos', 'geofenceExit']);
    expect(draftFromSchedule({ ...scheduleBody(alerts), text1_value: '' }).events).toHaveLength(12);
  });
});
