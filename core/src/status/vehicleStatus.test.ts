import { describe, expect, it } from 'vitest';
import { NOW, input } from './testInputs';
import {
  clockSettledUntil,
  fixAgeSeconds,
  isMachineWorking,
  isVehicleActive,
  isStale,
  statusLabel,
  vehicleStatus,
  vehicleStatusInfo,
} from './vehicleStatus';

describe('vehicleStatus, in the order of the rules', () => {
  it('1. private wins over everything, from the vehicle flag or the tracker privacy mode', () => {
    expect(
      vehicleStatus(input({ device: { privacy: 1 }, attributes: { ignition: true }, speedKmh: 80 })),
    ).toBe('private');
    expect(vehicleStatus(input({ device: { privacy: '1' }, noPosition: true }))).toBe('private');
    expect(vehicleStatus(input({ attributes: { privacy: 1, ignition: true } }))).toBe('private');
    expect(vehicleStatus(input({ device: { privacy: 0 }, attributes: { ignition: false } }))).toBe('stopped');
  });

  it('2. offline without a position', () => {
    expect(vehicleStatus(input({ noPosition: true }))).toBe('offline');
  });

  it('2. offline when the fix is older than 86400 s, not at exactly 86400 s', () => {
    expect(vehicleStatus(input({ ageS: 86401, attributes: { ignition: true }, speedKmh: 50 }))).toBe(
      'offline',
    );
    expect(vehicleStatus(input({ ageS: 86400, attributes: { ignition: false } }))).toBe('stopped');
  });

  it('2. offline when the fix time cannot be read', () => {
    const i = input({ attributes: { ignition: true } });
    i.position!.fixTime = 'garbage';
    expect(vehicleStatus(i)).toBe('offline');
  });

  it('3. driving: ignition on and above 3 km/h', () => {
    expect(vehicleStatus(input({ attributes: { ignition: true }, speedKmh: 3.1 }))).toBe('driving');
    expect(vehicleStatus(input({ attributes: { ignition: 1 }, speedKmh: 60 }))).toBe('driving');
  });

  it('4. idle: ignition on and 3 km/h or less', () => {
    expect(vehicleStatus(input({ attributes: { ignition: true }, speedKmh: 3 }))).toBe('idle');
    expect(vehicleStatus(input({ attributes: { ignition: 'true' }, speedKmh: 0 }))).toBe('idle');
  });

  it('5. stopped: ignition off or unknown, whatever the speed', () => {
    expect(vehicleStatus(input({ attributes: { ignition: false }, speedKmh: 40 }))).toBe('stopped');
    expect(vehicleStatus(input({ attributes: {} }))).toBe('stopped');
  });

  it('converts knots with 1.852: 1.7 kn is 3.15 km/h (driving), 1.6 kn is 2.96 km/h (idle)', () => {
    const fast = input({ attributes: { ignition: true } });
    fast.position!.speed = 1.7;
    const slow = input({ attributes: { ignition: true } });
    slow.position!.speed = 1.6;
    expect(vehicleStatus(fast)).toBe('driving');
    expect(vehicleStatus(slow)).toBe('idle');
  });
});

describe('machines (vehicle_type 3)', () => {
  const machine = { vehicle_type: 3, engine_voltage: 26 };

  it('work when power exceeds engine_voltage, whatever the speed', () => {
    const i = input({ device: machine, attributes: { ignition: true, power: 27.4 }, speedKmh: 0 });
    expect(vehicleStatusInfo(i)).toEqual({
      status: 'driving',
      label: 'working',
      color: 'green',
      ignitionCode: 0,
    });
  });

  it('work when rpm is above 0', () => {
    const i = input({ device: machine, attributes: { ignition: true, power: 24.1, rpm: 850 } });
    expect(vehicleStatusInfo(i).label).toBe('working');
  });

  it('are connected with ignition on but neither power above engine_voltage nor rpm, even moving', () => {
    const i = input({ device: machine, attributes: { ignition: true, power: 26, rpm: 0 }, speedKmh: 20 });
    expect(vehicleStatusInfo(i)).toEqual({
      status: 'idle',
      label: 'connected',
      color: 'yellow',
      ignitionCode: 1,
    });
  });

  it('ignore power when engine_voltage is not configured', () => {
    const d = { attributes: { vehicle_type: '3' } };
    expect(isMachineWorking(d, input({ attributes: { power: 28 } }).position!)).toBe(false);
  });

  it('are stopped with ignition off even when working', () => {
    const i = input({ device: machine, attributes: { ignition: false, power: 28, rpm: 900 } });
    expect(vehicleStatusInfo(i)).toEqual({
      status: 'stopped',
      label: 'stopped',
      color: 'red',
      ignitionCode: 2,
    });
  });
});

describe('vehicleStatusInfo colours and ignition codes', () => {
  it('driving green 0, idle yellow 1, stopped red 2, offline gray 3, private gray 3', () => {
    const info = (o: Parameters<typeof input>[0]) => {
      const { color, ignitionCode } = vehicleStatusInfo(input(o));
      return [color, ignitionCode];
    };
    expect(info({ attributes: { ignition: true }, speedKmh: 50 })).toEqual(['green', 0]);
    expect(info({ attributes: { ignition: true } })).toEqual(['yellow', 1]);
    expect(info({ attributes: { ignition: false } })).toEqual(['red', 2]);
    expect(info({ noPosition: true })).toEqual(['gray', 3]);
    expect(info({ device: { privacy: 1 } })).toEqual(['gray', 3]);
  });
});

describe('helpers', () => {
  it('statusLabel renames only driving and idle for machines', () => {
    expect(statusLabel('driving', false)).toBe('driving');
    expect(statusLabel('idle', false)).toBe('idle');
    expect(statusLabel('stopped', true)).toBe('stopped');
    expect(statusLabel('offline', true)).toBe('offline');
  });
  it('fixAgeSeconds accepts Date and string fix times', () => {
    expect(
      fixAgeSeconds(
        { fixTime: new Date(NOW.getTime() - 90_000), speed: 0, valid: true, attributes: {} },
        NOW,
      ),
    ).toBe(90);
    expect(fixAgeSeconds(null, NOW)).toBeUndefined();
    expect(isStale(null, NOW)).toBe(true);
    expect(isStale(input({ ageS: 10 }).position, NOW)).toBe(false);
  });
  it('clockSettledUntil: the last moment the clock alone leaves the answer as it is', () => {
    const fresh = input({ ageS: 60 }).position!;
    const until = clockSettledUntil(fresh, NOW);
    expect(until).toBe(NOW.getTime() - 60_000 + 86_400_000);
    expect(isStale(fresh, new Date(until))).toBe(false);
    expect(isStale(fresh, new Date(until + 1))).toBe(true);
    // stale, missing or unreadable: stays so however late it gets
    expect(clockSettledUntil(input({ ageS: 86401 }).position, NOW)).toBe(Infinity);
    expect(clockSettledUntil(null, NOW)).toBe(Infinity);
    const garbage = input({}).position!;
    garbage.fixTime = 'garbage';
    expect(clockSettledUntil(garbage, NOW)).toBe(Infinity);
  });
  it('isVehicleActive follows disabled', () => {
    expect(isVehicleActive({ attributes: {}, disabled: true })).toBe(false);
    expect(isVehicleActive({ attributes: {} })).toBe(true);
  });
});
