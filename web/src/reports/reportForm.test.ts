import { describe, expect, it } from 'vitest';
import { REPORT_DEFS, defaultFieldValues, formatsOf, visibleFields } from './reportDefs';
import {
  checkForm,
  formPeriod,
  hasChoice,
  initialForm,
  reportBody,
  type ReportFormState,
} from './reportForm';
import { CUSTOM_REPORT_DEFS } from './customReportDefs';
import { defaultWorkingWeek } from './workingHours';

const NOW = new Date('2026-04-15T10:00:00Z');
const form = (name: string, change: Partial<ReportFormState> = {}): ReportFormState => ({
  ...initialForm(REPORT_DEFS[name], '2026-03', ['geofenceEnter', 'alarmSos']),
  devices: [7],
  ...change,
});
const day = { from: '2026-04-15 00:00:00', to: '2026-04-15 23:59:59' };

describe('report body (document 2 §7)', () => {
  it('sends devices, V, the period in the user clock and the format', () => {
    const def = REPORT_DEFS.km;
    const body = reportBody(def, form('km', { devices: [3, 9] }), day, 'json');
    expect(body).toMatchObject({
      devices: [3, 9],
      itemsType: 'V',
      from: '2026-04-15 00:00:00',
      to: '2026-04-15 23:59:59',
      mode: '',
      format: 'json',
      month: '',
      geofences: [],
      events: [],
      keyValueItems: [],
      cost_types: [],
    });
    expect(body.week).toBeUndefined();
  });

  it('sends the chosen cost types for a cost report (all at first), none for the others', () => {
    const costs = { ...REPORT_DEFS.km, name: 'costs', costTypes: true };
    const start = reportBody(costs, form('km'), day, 'json');
    expect(start.cost_types).toEqual([
      'maintenance',
      'refill',
      'insurance',
      'license',
      'tax',
      'cleaning',
      'other',
    ]);
    const chosen = reportBody(costs, form('km', { costTypes: ['insurance', 'tax'] }), day, 'json');
    expect(chosen.cost_types).toEqual(['insurance', 'tax']);
    expect(reportBody(REPORT_DEFS.km, form('km', { costTypes: ['tax'] }), day, 'json').cost_types).toEqual(
      [],
    );
  });

  it('sends drivers with D only for reports that offer them', () => {
    const trips = form('trips', { itemsType: 'D', drivers: [4, 5] });
    expect(reportBody(REPORT_DEFS.trips, trips, day, 'pdf')).toMatchObject({
      devices: [4, 5],
      itemsType: 'D',
    });
    const km = form('km', { itemsType: 'D', drivers: [4] });
    expect(reportBody(REPORT_DEFS.km, km, day, 'csv')).toMatchObject({ devices: [7], itemsType: 'V' });
  });

  it('sends the trip options and the week only when custom hours apply', () => {
    const def = REPORT_DEFS.trips;
    expect(defaultFieldValues(def)).toEqual({ select1: 0, select2: 0, check1: false });
    const all = reportBody(
      def,
      form('trips', { fields: { select1: 0, select2: 0, check1: true } }),
      day,
      'json',
    );
    expect(all).toMatchObject({ select1: 0, select2: 0, check1: 1 });
    expect(all.week).toBeUndefined();
    const work = reportBody(
      def,
      form('trips', { fields: { select1: 1, select2: 0, check1: false } }),
      day,
      'json',
    );
    expect(work.week).toEqual({
      weekdays: 1,
      weekdays_start: '09:00',
      weekdays_end: '18:00',
      saturday: 1,
      saturday_start: '09:00',
      saturday_end: '13:00',
      sunday: 0,
      sunday_start: '09:00',
      sunday_end: '13:00',
    });
    const vehicleWeek = reportBody(def, form('trips', { fields: { select1: 2, select2: 1 } }), day, 'json');
    expect(vehicleWeek).toMatchObject({ select1: 2, select2: 1 });
    expect(vehicleWeek.week).toBeUndefined();
  });

  it('orders the option fields as the server gives them, showing only those it reads', () => {
    const trips = REPORT_DEFS.trips.fields;
    expect(visibleFields(trips, { select1: 1 }, ['check1', 'select1', 'select2']).map((f) => f.key)).toEqual([
      'check1',
      'select1',
      'select2',
    ]);
    expect(visibleFields(trips, { select1: 1 }, ['select1']).map((f) => f.key)).toEqual(['select1']);
    expect(visibleFields(trips, { select1: 0 }, ['check1', 'select2', 'select1']).map((f) => f.key)).toEqual([
      'check1',
      'select1',
    ]);
  });

  it('shows the hours source for trips only with a work/personal filter, always for activity', () => {
    const names = (name: string, select1: number) =>
      visibleFields(REPORT_DEFS[name].fields, { select1 }).map((field) => field.key);
    expect(names('trips', 0)).toEqual(['select1', 'check1']);
    expect(names('trips', 1)).toEqual(['select1', 'select2', 'check1']);
    expect(names('activity', 0)).toEqual(['select2']);
    expect(reportBody(REPORT_DEFS.activity, form('activity'), day, 'json').week?.weekdays).toBe(1);
  });

  it('sends speeding tolerances, road limits and zones only with the zone filter (check2)', () => {
    const def = REPORT_DEFS.speeding;
    const fields = { text1: ' 5 ', text2: '10', check1: true };
    const off = reportBody(def, form('speeding', { fields, geofences: [2, 3] }), day, 'json');
    expect(off).toMatchObject({ text1: '5', text2: '10', check1: 1, check2: 0, geofences: [] });
    const on = reportBody(
      def,
      form('speeding', { fields, geofenceFilter: true, geofences: [2, 3] }),
      day,
      'json',
    );
    expect(on).toMatchObject({ check2: 1, geofences: [2, 3] });
  });

  it('sends stops and fuel options with their defaults', () => {
    expect(reportBody(REPORT_DEFS.stops, form('stops'), day, 'json')).toMatchObject({
      select1: 0,
      text1: '5',
    });
    expect(reportBody(REPORT_DEFS.fuel_analysis, form('fuel_analysis'), day, 'json')).toMatchObject({
      select1: 0,
      text1: '10',
    });
  });

  it('sends the chosen event types for alerts and the month for monthly reports', () => {
    expect(reportBody(REPORT_DEFS.alerts, form('alerts'), day, 'json').events).toEqual([
      'geofenceEnter',
      'alarmSos',
    ]);
    const monthly = form('monthly_km', { month: '2026-02' });
    const period = formPeriod(REPORT_DEFS.monthly_km, monthly, 'Africa/Luanda', NOW)!;
    expect(period).toEqual({ from: '2026-02-01 00:00:00', to: '2026-02-28 23:59:59' });
    expect(reportBody(REPORT_DEFS.monthly_km, monthly, period, 'json')).toMatchObject({
      month: '2026-02',
      from: '2026-02-01 00:00:00',
    });
  });

  it('offers json and pdf for chart_km, every format elsewhere', () => {
    expect(formatsOf(REPORT_DEFS.chart_km)).toEqual(['json', 'pdf']);
    expect(formatsOf(REPORT_DEFS.trips)).toEqual(['json', 'pdf', 'excel', 'csv', 'xml']);
  });
});

describe('client-side checks (document 2 §5)', () => {
  const def = REPORT_DEFS.trips;
  const long = { from: '2026-03-01 00:00:00', to: '2026-04-01 23:59:59' };
  it('asks for vehicles first', () => {
    expect(checkForm(def, form('trips', { devices: [] }), day)).toEqual({ key: 'reports.selectVehicles' });
    expect(checkForm(def, form('trips', { itemsType: 'D', drivers: [] }), day)).toEqual({
      key: 'reports.selectVehicles',
    });
  });
  it('refuses an invalid period and more than 31 days with several vehicles', () => {
    expect(checkForm(def, form('trips'), null)).toEqual({ key: 'reports.invalidPeriod' });
    expect(checkForm(def, form('trips', { devices: [1, 2] }), long)).toEqual({
      key: 'reports.maxPeriod',
      values: { days: 31 },
    });
    expect(checkForm(def, form('trips', { devices: [1] }), long)).toBeNull();
  });
  it('checks working hours only when the panel is shown', () => {
    const week = { ...defaultWorkingWeek(), saturday: { on: true, start: '9:00', end: '13:00' } };
    expect(checkForm(def, form('trips', { week }), day)).toBeNull();
    expect(checkForm(def, form('trips', { week, fields: { select1: 1, select2: 0 } }), day)).toEqual({
      key: 'reports.workingHoursFormat',
      values: { value: '9:00' },
    });
  });
});

describe('the group reports’ group picker', () => {
  const groupKm = CUSTOM_REPORT_DEFS.group_km!;
  const groupForm = (change: Partial<ReportFormState>): ReportFormState => ({
    ...initialForm(groupKm, '2026-03', []),
    ...change,
  });
  const week = { from: '2026-04-01 00:00:00', to: '2026-04-07 23:59:59' };

  it('runs with groups alone and sends them', () => {
    const chosen = groupForm({ groups: [4, 5] });
    expect(checkForm(groupKm, chosen, day)).toBeNull();
    // the Query button: groups alone are a choice
    expect(hasChoice(groupKm, chosen)).toBe(true);
    expect(hasChoice(groupKm, groupForm({}))).toBe(false);
    expect(reportBody(groupKm, chosen, day, 'json')).toMatchObject({ devices: [], groups: [4, 5] });
    expect(checkForm(groupKm, groupForm({}), day)).toEqual({ key: 'reports.selectVehicles' });
    // several vehicles, as a group may hold: the 31-day limit
    const long = { from: '2026-01-01 00:00:00', to: '2026-03-31 23:59:59' };
    expect(checkForm(groupKm, chosen, long)?.key).toBe('reports.maxPeriod');
    expect(checkForm(groupKm, chosen, week)).toBeNull();
  });

  it('is offered by the group reports only', () => {
    expect(CUSTOM_REPORT_DEFS.group_hours!.groupPicker).toBe(true);
    expect(REPORT_DEFS.km!.groupPicker).toBeUndefined();
    expect(reportBody(REPORT_DEFS.km!, form('km', { groups: [4] }), day, 'json').groups).toEqual([]);
    expect(checkForm(REPORT_DEFS.km!, form('km', { devices: [], groups: [4] }), day)).toEqual({
      key: 'reports.selectVehicles',
    });
  });
});
