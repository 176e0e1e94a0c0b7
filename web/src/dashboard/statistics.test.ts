import { describe, expect, it } from 'vitest';
import type { Device } from '../api/types';
import {
  alertCounts,
  hasPosition,
  speedTop5,
  statisticsSince,
  vehicleCounts,
  vehicleLabel,
  type DeviceStatistics,
} from './statistics';

const stats = (deviceid: number, extra: Partial<DeviceStatistics> = {}): DeviceStatistics => ({
  deviceid,
  lastignition: null,
  lastreset: '2024-05-01T08:00:00.000Z',
  last_reset: '2024-05-01 08:00:00',
  alert_deviceOverspeed: 0,
  alert_hardAcceleration: 0,
  alert_hardBraking: 0,
  alert_hardCornering: 0,
  alert_lowBattery: 0,
  alert_sos: 0,
  ...extra,
});

const device = (id: number, name: string, plate?: string): Device => ({
  id,
  name,
  uniqueId: String(id),
  attributes: plate === undefined ? {} : { license_plate: plate },
});

describe('vehicles with and without position', () => {
  it('counts a vehicle with position only when its ignition went on after the reset', () => {
    expect(hasPosition(stats(1, { lastignition: '2024-05-01T08:00:01.000Z' }))).toBe(true);
    expect(hasPosition(stats(1, { lastignition: '2024-05-01T08:00:00.000Z' }))).toBe(false);
    expect(hasPosition(stats(1, { lastignition: '2024-04-30T23:00:00.000Z' }))).toBe(false);
    expect(hasPosition(stats(1, { lastignition: null }))).toBe(false);
    expect(hasPosition(stats(1, { lastignition: '2024-04-30T23:00:00.000Z', lastreset: null }))).toBe(true);
  });

  it('splits the fleet into with and without position', () => {
    const fleet = [
      stats(1, { lastignition: '2024-05-02T10:00:00.000Z' }),
      stats(2, { lastignition: '2024-05-03T10:00:00.000Z' }),
      stats(3, { lastignition: '2024-04-01T10:00:00.000Z' }),
      stats(4),
    ];
    expect(vehicleCounts(fleet)).toEqual({ withPosition: 2, withoutPosition: 2 });
    expect(vehicleCounts([])).toEqual({ withPosition: 0, withoutPosition: 0 });
    // an inactive vehicle is not counted, as the online map does not list it
    const devices = [1, 2, 3, 4].map((id) => ({ id, disabled: id === 3 }));
    expect(vehicleCounts(fleet, devices)).toEqual({ withPosition: 2, withoutPosition: 1 });
  });
});

describe('alerts by type', () => {
  it('sums each counted alert over the fleet, in legend order', () => {
    const fleet = [
      stats(1, { alert_deviceOverspeed: 3, alert_sos: 1 }),
      stats(2, { alert_deviceOverspeed: 2, alert_hardBraking: 4, alert_lowBattery: 1 }),
    ];
    expect(alertCounts(fleet)).toEqual([
      { eventType: 'deviceOverspeed', count: 5 },
      { eventType: 'alarmHardAcceleration', count: 0 },
      { eventType: 'alarmHardBraking', count: 4 },
      { eventType: 'alarmHardCornering', count: 0 },
      { eventType: 'alarmLowBattery', count: 1 },
      { eventType: 'alarmSos', count: 1 },
    ]);
  });
});

describe('overspeed top 5', () => {
  it('names vehicles by licence plate, else name, else id', () => {
    expect(vehicleLabel(device(1, 'Camião', 'LD-01-02-AA'), 1)).toBe('LD-01-02-AA');
    expect(vehicleLabel(device(1, 'Camião', '  '), 1)).toBe('Camião');
    expect(vehicleLabel(device(1, 'Camião'), 1)).toBe('Camião');
    expect(vehicleLabel(undefined, 9)).toBe('#9');
  });

  it('keeps the five vehicles with most overspeed alerts, most first, ties by label', () => {
    const fleet = [
      stats(1, { alert_deviceOverspeed: 2 }),
      stats(2, { alert_deviceOverspeed: 9 }),
      stats(3, { alert_deviceOverspeed: 4 }),
      stats(4, { alert_deviceOverspeed: 4 }),
      stats(5, { alert_deviceOverspeed: 1 }),
      stats(6, { alert_deviceOverspeed: 7 }),
      stats(7, { alert_deviceOverspeed: 0, alert_sos: 5 }),
      stats(8, { alert_deviceOverspeed: 1 }),
    ];
    const devices = [
      device(1, 'Um', 'LD-01'),
      device(2, 'Dois', 'LD-02'),
      device(3, 'Três', 'LD-30'),
      device(4, 'Quatro', 'LD-4'),
      device(5, 'Cinco'),
      device(6, 'Seis', 'LD-06'),
      device(8, 'Oito', 'LD-08'),
    ];
    expect(speedTop5(fleet, devices)).toEqual([
      { deviceId: 2, label: 'LD-02', count: 9 },
      { deviceId: 6, label: 'LD-06', count: 7 },
      // numeric collation: LD-4 before LD-30
      { deviceId: 4, label: 'LD-4', count: 4 },
      { deviceId: 3, label: 'LD-30', count: 4 },
      { deviceId: 1, label: 'LD-01', count: 2 },
    ]);
  });

  it('breaks ties of equal labels by id and leaves out vehicles without overspeed', () => {
    const fleet = [stats(5, { alert_deviceOverspeed: 1 }), stats(3, { alert_deviceOverspeed: 1 }), stats(4)];
    const devices = [device(5, 'Igual'), device(3, 'Igual'), device(4, 'Outro')];
    expect(speedTop5(fleet, devices).map((row) => row.deviceId)).toEqual([3, 5]);
    expect(speedTop5([stats(1)], devices)).toEqual([]);
  });
});

describe('statistics since', () => {
  it('is the oldest reset as DD/MM/YYYY HH:mm:ss', () => {
    const fleet = [
      stats(1, { last_reset: '2024-05-03 10:00:00' }),
      stats(2, { last_reset: '2023-12-31 23:59:58' }),
      stats(3, { last_reset: null }),
    ];
    expect(statisticsSince(fleet)).toBe('31/12/2023 23:59:58');
  });

  it('is null without any reset', () => {
    expect(statisticsSince([])).toBeNull();
    expect(statisticsSince([stats(1, { last_reset: null })])).toBeNull();
  });
});
