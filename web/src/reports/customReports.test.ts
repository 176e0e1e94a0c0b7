import { describe, expect, it } from 'vitest';
import type { Device, Group, User } from '../api/types';
import { ROUTES } from '../app/areas';
import { CUSTOM_REPORTS, REPORT_DEFS, visibleFields } from './reportDefs';
import {
  checkForm,
  formPeriod,
  initialForm,
  reportBody,
  showsWorkingHours,
  type ReportFormState,
} from './reportForm';
import { checkSchedule, newScheduleDraft, scheduleBody, showsScheduleWorkingHours } from './scheduleForm';
import { allowedScheduleTypes, scheduleType } from './scheduleTypes';
import { passengersOfGroup, reportDevices } from '../common/selection';
import type { CatalogueEntry } from './reportData';

const NOW = new Date('2026-04-15T10:00:00Z');
const range = { from: '2026-04-01 00:00:00', to: '2026-04-15 23:59:59' };
const form = (name: string, change: Partial<ReportFormState> = {}): ReportFormState => ({
  ...initialForm(REPORT_DEFS[name], '2026-03', []),
  devices: [7, 8],
  ...change,
});
const body = (name: string, change: Partial<ReportFormState> = {}) =>
  reportBody(REPORT_DEFS[name], form(name, change), range, 'json');
const device = (id: number, name: string, change: Partial<Device> = {}): Device => ({
  id,
  name,
  uniqueId: `U${id}`,
  attributes: {},
  ...change,
});

describe('the specific and passenger report screens (document 2 §2.1, document 3 §2)', () => {
  it('every specific and passenger route of the menu has its screen definition, and only those', () => {
    const routed = ROUTES.filter(
      (route) =>
        route.path.startsWith('/report/') &&
        (route.permission?.startsWith('custom_reports.') || route.permission?.startsWith('passengers.')),
    ).map((route) => route.path.slice('/report/'.length));
    expect([...CUSTOM_REPORTS].sort()).toEqual([...routed].sort());
    expect(CUSTOM_REPORTS).toHaveLength(20);
  });

  it('detailed activity, performance and sonangalp hours ask the hours source and the custom week', () => {
    for (const name of ['detailed_activity', 'performance', 'sonangalp_hours']) {
      const def = REPORT_DEFS[name];
      expect(visibleFields(def.fields, form(name).fields).map((f) => f.key)).toEqual(['select2']);
      expect(showsWorkingHours(def, form(name))).toBe(true);
      const sent = body(name);
      expect(sent).toMatchObject({ devices: [7, 8], select2: 0 });
      expect(sent.week).toMatchObject({ weekdays: 1, weekdays_start: '09:00', weekdays_end: '18:00' });
      expect(sent.week).toMatchObject({ saturday: 1, saturday_end: '13:00', sunday: 0 });
      // the vehicle's own hours: no week sent
      expect(body(name, { fields: { select2: 1 } }).week).toBeUndefined();
    }
    // detailed activity runs by driver too; performance is one row per vehicle
    expect(body('detailed_activity', { itemsType: 'D', drivers: [4] })).toMatchObject({
      devices: [4],
      itemsType: 'D',
    });
    expect(body('performance', { itemsType: 'D', drivers: [4] })).toMatchObject({
      devices: [7, 8],
      itemsType: 'V',
    });
    expect(REPORT_DEFS.performance.rowColours).toBe('performance');
    expect(REPORT_DEFS.detailed_activity.rowColours).toBeUndefined();
  });

  it('eco driving and rag send the rpm and idling limits; malfunction its voltage and GPS minutes', () => {
    for (const name of ['eco_driving', 'rag']) {
      expect(REPORT_DEFS[name].drivers).toBeFalsy();
      expect(body(name)).toMatchObject({ text1: '3000', text2: '5', itemsType: 'V' });
    }
    expect(body('malfunction')).toMatchObject({ text1: '6', text2: '5' });
    expect(body('malfunction', { fields: { text1: '11.5', text2: '' } })).toMatchObject({
      text1: '11.5',
      text2: '',
    });
  });

  it('luanda speeding sends its limits, 60 km/h inside and 90 outside unless changed', () => {
    expect(body('luanda_speeding')).toMatchObject({ text1: '60', text2: '90', itemsType: 'V' });
    expect(body('luanda_speeding', { fields: { text1: ' 50 ', text2: '100' } })).toMatchObject({
      text1: '50',
      text2: '100',
    });
    expect(REPORT_DEFS.luanda_speeding.drivers).toBe(true);
  });

  it('vista waste reads the round’s zones: at least one, always filtered', () => {
    const def = REPORT_DEFS.vista_waste;
    expect(checkForm(def, form('vista_waste'), range)).toEqual({ key: 'reports.selectZones' });
    const round = form('vista_waste', { geofences: [11, 12] });
    expect(checkForm(def, round, range)).toBeNull();
    expect(reportBody(def, round, range, 'json')).toMatchObject({ check2: 1, geofences: [11, 12] });
    // other zone reports keep the switch: off sends no zones
    expect(reportBody(REPORT_DEFS.zones, form('zones', { geofences: [11] }), range, 'json')).toMatchObject({
      check2: 0,
      geofences: [],
    });
  });

  it('castel daily is one day; the monthly castel, machine and group hours reports a month', () => {
    expect(REPORT_DEFS.castel_daily.period).toBe('day');
    for (const name of [
      'castel_monthly',
      'castel_monthly_detailed',
      'machine_monthly_hours',
      'group_hours',
    ]) {
      const def = REPORT_DEFS[name];
      const state = form(name, { month: '2026-02' });
      const period = formPeriod(def, state, 'Africa/Luanda', NOW)!;
      expect(period).toEqual({ from: '2026-02-01 00:00:00', to: '2026-02-28 23:59:59' });
      expect(reportBody(def, state, period, 'pdf')).toMatchObject({ month: '2026-02', format: 'pdf' });
    }
  });

  it('group hours sends the chosen groups and their expected hours as keyValueItems', () => {
    const sent = body('group_hours', { groups: [3, 5], groupHours: { 3: 160, 5: 120 } });
    expect(sent.groups).toEqual([3, 5]);
    expect(sent.keyValueItems).toEqual([
      { key: '3', value: 160 },
      { key: '5', value: 120 },
    ]);
    // km by group sends its picked groups too (without hours); a report of vehicles sends none
    expect(body('group_km', { groups: [3] }).groups).toEqual([3]);
    expect(body('group_km', { groups: [3] }).keyValueItems).toEqual([]);
    expect(body('emissions', { groups: [3] }).groups).toEqual([]);
  });

  it('machine reports list machines only (vehicle_type 3)', () => {
    const fleet = [
      device(1, 'Camião', { attributes: { vehicle_type: 1 } }),
      device(2, 'Escavadora', { attributes: { vehicle_type: 3 } }),
      device(3, 'Grua', { attributes: { vehicle_type: '3' } }),
    ];
    for (const name of ['machine_hours', 'machine_monthly_hours'])
      expect(reportDevices(fleet, REPORT_DEFS[name].deviceFilter).map((d) => d.name)).toEqual([
        'Escavadora',
        'Grua',
      ]);
  });

  it('eco driving and rag offer only the vehicles that have them: canbus and the flag, or a 213 phone', () => {
    const fleet = [
      device(1, 'A eco', { attributes: { has_canbus: true, has_eco_driving: true } }),
      device(2, 'B rag', { attributes: { has_canbus: 1, has_rag: 1 } }),
      device(3, 'C flag sem canbus', { attributes: { has_eco_driving: true, has_rag: true } }),
      device(4, 'D telefone', { phone: '+213 900 000' }),
      device(5, 'E outro', { phone: '923000000' }),
    ];
    const offered = (name: string) => reportDevices(fleet, REPORT_DEFS[name].deviceFilter).map((d) => d.id);
    expect(offered('eco_driving')).toEqual([1, 4]);
    expect(offered('rag')).toEqual([2, 4]);
  });

  it('the passenger pages run report_passenger_pickup with ReportVersion 1 or 3 and the chosen passengers', () => {
    expect(REPORT_DEFS.passenger_vehicle.endpoint).toBe('passenger_pickup');
    expect(REPORT_DEFS.passenger_passenger.endpoint).toBe('passenger_pickup');
    expect(body('passenger_vehicle', { passengers: [21, 22] })).toMatchObject({
      devices: [7, 8],
      passengers: [21, 22],
      ReportVersion: 1,
    });
    expect(body('passenger_passenger')).toMatchObject({ passengers: [], ReportVersion: 3 });
    // other reports send neither
    const km = body('km', { passengers: [21] });
    expect(km.passengers).toEqual([]);
    expect(km).not.toHaveProperty('ReportVersion');
  });

  it('a passenger group expands to its passengers and those of its subgroups', () => {
    const groups: Group[] = [
      { id: 1, name: 'Escola', groupId: null, attributes: {} },
      { id: 2, name: 'Turma A', groupId: 1, attributes: {} },
      { id: 3, name: 'Outra', groupId: null, attributes: {} },
    ] as Group[];
    const passengers = [
      { id: 10, groupId: 2 },
      { id: 11, groupId: 1 },
      { id: 12, groupId: 3 },
      { id: 13, groupId: null },
    ];
    expect(passengersOfGroup(1, groups, passengers)).toEqual([10, 11]);
    expect(passengersOfGroup(3, groups, passengers)).toEqual([12]);
  });
});

describe('scheduled specific reports (document 2 §2.5)', () => {
  const user = (permissions: string[]): User => ({
    id: 1,
    name: 'U',
    email: 'u@x.ao',
    administrator: false,
    attributes: { permissions },
  });
  const entry = (name: string): CatalogueEntry => ({
    name,
    title: name,
    drivers: false,
    options: REPORT_DEFS[name]?.fields?.map((f) => f.key) ?? [],
    schedulable: true,
  });
  const CATALOGUE = [
    'trips',
    'luanda_speeding',
    'vista_waste',
    'detailed_activity',
    'castel_daily',
    'castel_monthly',
    'castel_monthly_detailed',
  ].map(entry);

  it('each custom type only with its permission; castel daily unlocks the three castel types', () => {
    const offered = (permissions: string[]) =>
      allowedScheduleTypes(user(permissions), CATALOGUE).map((type) => type.type);
    expect(offered(['reports.trips'])).toEqual(['trips']);
    expect(offered(['custom_reports.luanda_speeding'])).toEqual(['luanda_speeding']);
    expect(offered(['custom_reports.vista_waste'])).toEqual(['vista_waste']);
    expect(offered(['custom_reports.detailed_activity'])).toEqual(['detailed_activity']);
    expect(offered(['custom_reports.castel_monthly'])).toEqual([]);
    expect(offered(['custom_reports.castel_daily'])).toEqual([
      'castel_daily',
      'castel_monthly',
      'castel_monthly_detailed',
    ]);
    // the server's catalogue lists only what the user may run: castel_daily stands for its family
    const castelOnly = allowedScheduleTypes(user(['custom_reports.castel_daily']), [entry('castel_daily')]);
    expect(castelOnly.map((type) => type.type)).toEqual([
      'castel_daily',
      'castel_monthly',
      'castel_monthly_detailed',
    ]);
    expect(allowedScheduleTypes(user(['custom_reports.castel_daily']), [entry('trips')])).toEqual([]);
  });

  it('the custom types carry their report’s options: limits, driver choice, working hours', () => {
    const luanda = newScheduleDraft('luanda_speeding');
    expect(luanda.fields).toEqual({ text1: '60', text2: '90' });
    expect(scheduleType('luanda_speeding')?.drivers).toBe(true);
    const ready = { ...luanda, name: 'Luanda', ids: [1], recipients: 'a@x.ao' };
    expect(scheduleBody(ready)).toMatchObject({ text1_value: '60', text2_value: '90', geofences: '' });
    const detailed = { ...newScheduleDraft('detailed_activity'), idsType: 'D' as const };
    expect(scheduleBody(detailed).report_ids_type).toBe('D');
    expect(showsScheduleWorkingHours(detailed)).toBe(true);
    expect(scheduleType('castel_monthly')?.drivers).toBeFalsy();
  });

  it('vista waste needs its zones and always sends them filtered', () => {
    const draft = {
      ...newScheduleDraft('vista_waste'),
      name: 'Recolha',
      ids: [1],
      recipients: 'a@x.ao',
    };
    expect(checkSchedule(draft)).toEqual({ key: 'reports.selectZones' });
    const withZones = { ...draft, geofences: [4, 5] };
    expect(checkSchedule(withZones)).toBeNull();
    expect(scheduleBody(withZones)).toMatchObject({ geofence_filter_value: 1, geofences: '4,5' });
  });
});
