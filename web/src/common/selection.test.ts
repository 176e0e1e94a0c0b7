import { describe, expect, it } from 'vitest';
import type { Device, Group, User } from '../api/types';
import { offeredEventTypes } from '../reports/eventTypes';
import {
  groupHoursFor,
  groupHoursItems,
  groupsOfDevices,
  rememberedGroupHours,
  rememberGroupHours,
} from '../reports/groupHours';
import { dispositionFileName, fallbackFileName } from '../reports/runReport';
import { addToSelection, deviceLabel, devicesOfGroup, groupsWithMembers, reportDevices } from './selection';
import {
  invalidWorkingTime,
  isWorkingTime,
  defaultWorkingWeek,
  weekFromFields,
  weekFields,
} from '../reports/workingHours';

const device = (
  id: number,
  name: string,
  groupId: number | null,
  attributes: Record<string, unknown> = {},
): Device => ({
  id,
  name,
  uniqueId: String(id),
  groupId,
  attributes,
});
const group = (id: number, name: string, parent: number | null = null): Group => ({
  id,
  name,
  groupId: parent,
  attributes: {},
});

const devices = [
  device(1, 'bravo', 10, { license_plate: 'LD-01' }),
  device(2, 'Alfa', 11, { pto_port: 2 }),
  device(3, 'charlie', 12, { fuelsensor_port: 1 }),
  device(4, 'Delta', null, { has_canbus: true, vehicle_type: 3 }),
];
const groups = [group(10, 'Luanda'), group(11, 'Viana', 10), group(12, 'Benguela'), group(13, 'Vazio')];

describe('vehicle pickers', () => {
  it('lists vehicles by name, filtered by sensor attributes', () => {
    expect(reportDevices(devices).map((d) => d.id)).toEqual([2, 1, 3, 4]);
    expect(reportDevices(devices, 'pto').map((d) => d.id)).toEqual([2]);
    expect(reportDevices(devices, 'fuel').map((d) => d.id)).toEqual([3, 4]);
    expect(reportDevices(devices, 'machine').map((d) => d.id)).toEqual([4]);
    expect(reportDevices(devices, 'canbus').map((d) => d.id)).toEqual([4]);
    expect(deviceLabel(devices[0])).toBe('bravo (LD-01)');
    expect(deviceLabel(devices[1])).toBe('Alfa');
    // a name that already shows the plate (the demo's school buses) does not repeat it
    const bus = {
      ...devices[0],
      name: 'Escolar 1 (LD-14-58-EU)',
      attributes: { license_plate: 'LD-14-58-EU' },
    };
    expect(deviceLabel(bus)).toBe('Escolar 1 (LD-14-58-EU)');
  });
  it('expands a group into its vehicles and those of its subgroups', () => {
    expect(devicesOfGroup(10, groups, devices)).toEqual([1, 2]);
    expect(devicesOfGroup(11, groups, devices)).toEqual([2]);
    expect(devicesOfGroup(13, groups, devices)).toEqual([]);
    expect(
      groupsWithMembers(groups, (id) => devicesOfGroup(id, groups, devices).length).map((g) => g.name),
    ).toEqual(['Benguela', 'Luanda', 'Viana']);
  });
  it('adds to a selection without repeats, in the order chosen', () => {
    expect(addToSelection([3, 1], [1, 2, 3, 4])).toEqual([3, 1, 2, 4]);
  });
});

describe('event types', () => {
  const admin: User = { id: 1, name: 'a', email: 'a@x', administrator: true, attributes: {} };
  const plain: User = { id: 2, name: 'b', email: 'b@x', attributes: { permissions: ['reports.alerts'] } };
  it('offers fuel drops only with a canbus vehicle and seatbelt only with its permission', () => {
    expect(offeredEventTypes(admin, devices)).toHaveLength(12);
    const noCanbus = offeredEventTypes(plain, devices.slice(0, 3));
    expect(noCanbus).not.toContain('deviceFuelDrop');
    expect(noCanbus).not.toContain('alarmSeatbeltAndLights');
    expect(noCanbus).toHaveLength(10);
    const withFlag = {
      ...plain,
      attributes: { permissions: ['reports.alerts', 'global.alert_seatbelt_lights'] },
    };
    expect(offeredEventTypes(withFlag, devices)).toContain('alarmSeatbeltAndLights');
  });
});

describe('working hours', () => {
  it('accepts HH:MM from 00:00 to 23:59 only', () => {
    for (const ok of ['00:00', '09:30', '23:59']) expect(isWorkingTime(ok), ok).toBe(true);
    for (const bad of ['24:00', '9:00', '12:60', '12:5', '', 'ab:cd', '12:00:00'])
      expect(isWorkingTime(bad), bad).toBe(false);
    expect(invalidWorkingTime(defaultWorkingWeek())).toBeNull();
  });
  it('round-trips the schedule fields', () => {
    const week = { ...defaultWorkingWeek(), sunday: { on: true, start: '10:00', end: '12:00' } };
    expect(weekFromFields(weekFields(week))).toEqual(week);
    expect(weekFromFields({ weekdays_start: '08:00:00' }).weekdays).toEqual({
      on: true,
      start: '08:00',
      end: '18:00',
    });
  });
});

describe('group expected hours', () => {
  it('remembers hours per group on this browser', () => {
    localStorage.clear();
    expect(rememberedGroupHours([10, 11])).toEqual({ 10: 176, 11: 176 });
    rememberGroupHours(10, 160);
    rememberGroupHours(11, Number.NaN);
    expect(rememberedGroupHours([10, 11])).toEqual({ 10: 160, 11: 176 });
    expect(groupHoursFor([10, 11], { 11: 120 })).toEqual({ 10: 160, 11: 120 });
    expect(groupHoursItems({ 10: 160 }, [10, 12])).toEqual([
      { key: '10', value: 160 },
      { key: '12', value: 176 },
    ]);
    expect(groupsOfDevices(devices, [2, 4, 1, 3])).toEqual([11, 10, 12]);
  });
});

describe('report files', () => {
  it('reads the server file name from Content-Disposition', () => {
    expect(dispositionFileName('attachment; filename="trips_2026-04-15_10-00-00.csv"')).toBe(
      'trips_2026-04-15_10-00-00.csv',
    );
    expect(dispositionFileName('inline; filename*=UTF-8\'\'Viagens%20%C3%A0.pdf; filename="x.pdf"')).toBe(
      'Viagens à.pdf',
    );
    expect(dispositionFileName('attachment; filename=km.xlsx')).toBe('km.xlsx');
    expect(dispositionFileName(null)).toBeNull();
    expect(fallbackFileName('km', 'excel', new Date(2026, 3, 5, 7, 8, 9))).toBe('km_20260405_070809.xlsx');
  });
});
