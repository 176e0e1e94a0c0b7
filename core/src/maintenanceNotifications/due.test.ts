import { describe, expect, it } from 'vitest';
import type { EntryFacts } from '../management/summary';
import { dueReport, latestExpiries, vehicleDueItems, type DueVehicle, type NotificationRules } from './due';

const TODAY = '2026-03-10';
const NOW = Date.parse('2026-03-10T08:00:00Z');
const HOUR = 3_600_000;

const rules: NotificationRules = {
  maintenance: true,
  maintenance_km: 1000,
  maintenance_hours: 250,
  cost: true,
  cost_days: 30,
  document: true,
  document_days: 30,
  communication: true,
  communication_hours: 24,
};

const entry = (over: Partial<EntryFacts>): EntryFacts => ({
  dateStart: '2026-01-01',
  dateEnd: '2026-01-02',
  complete: 1,
  km: null,
  periodicityKm: null,
  hours: null,
  periodicityHours: null,
  ...over,
});

const vehicle = (over: Partial<DueVehicle>): DueVehicle => ({
  id: 1,
  name: 'Camião 1',
  licensePlate: 'LD-01-00-AA',
  attributes: {},
  distanceKm: 50_000,
  hours: 1000,
  lastCommunication: NOW - HOUR,
  entries: [],
  costs: [],
  documents: [],
  ...over,
});

const insurance = (expiryDate: string, warning: 0 | 1 = 1) => ({
  kind: 'insurance',
  designation: 'Seguro anual',
  expiryDate,
  warning,
});

describe('maintenance due (manual and automatic)', () => {
  it('manual: km left within the advance, at the threshold, beyond it, and overdue', () => {
    const at = (km: number) =>
      vehicleDueItems(
        rules,
        vehicle({ distanceKm: km, entries: [entry({ km: 40_000, periodicityKm: 10_000 })] }),
        TODAY,
        NOW,
      );
    expect(at(49_200)).toEqual([{ kind: 'maintenance_km', next: 50_000, left: 800, overdue: false }]);
    expect(at(49_000)).toEqual([{ kind: 'maintenance_km', next: 50_000, left: 1000, overdue: false }]);
    expect(at(48_999)).toEqual([]);
    expect(at(50_250)).toEqual([{ kind: 'maintenance_km', next: 50_000, left: -250, overdue: true }]);
  });

  it('manual hours against the hour meter', () => {
    const v = vehicle({
      distanceKm: null,
      hours: 1200,
      entries: [entry({ hours: 900, periodicityHours: 500 })],
    });
    expect(vehicleDueItems(rules, v, TODAY, NOW)).toEqual([
      { kind: 'maintenance_hours', next: 1400, left: 200, overdue: false },
    ]);
    expect(vehicleDueItems({ ...rules, maintenance_hours: 199 }, v, TODAY, NOW)).toEqual([]);
    expect(vehicleDueItems(rules, { ...v, hours: 1450 }, TODAY, NOW)).toEqual([
      { kind: 'maintenance_hours', next: 1400, left: -50, overdue: true },
    ]);
  });

  it('automatic: the last completed entry plus the periodicity, or the next multiple', () => {
    const attributes = { automaticMaintenance: 'automatic', automaticMaintenancePeriodicity: 15_000 };
    const withEntry = vehicle({ attributes, distanceKm: 54_500, entries: [entry({ km: 40_000 })] });
    expect(vehicleDueItems(rules, withEntry, TODAY, NOW)).toEqual([
      { kind: 'maintenance_km', next: 55_000, left: 500, overdue: false },
    ]);
    const bare = vehicle({ attributes, distanceKm: 44_100.04 });
    expect(vehicleDueItems(rules, bare, TODAY, NOW)).toEqual([
      { kind: 'maintenance_km', next: 45_000, left: 900, overdue: false },
    ]);
  });

  it('nothing without a periodicity, an odometer, or with the kind off', () => {
    expect(vehicleDueItems(rules, vehicle({ entries: [entry({ km: 49_900 })] }), TODAY, NOW)).toEqual([]);
    const due = vehicle({ distanceKm: null, entries: [entry({ km: 40_000, periodicityKm: 10_000 })] });
    expect(vehicleDueItems(rules, due, TODAY, NOW)).toEqual([]);
    const off = vehicle({ entries: [entry({ km: 40_000, periodicityKm: 10_000 })] });
    expect(vehicleDueItems({ ...rules, maintenance: false }, off, TODAY, NOW)).toEqual([]);
  });
});

describe('costs and documents expiring', () => {
  it('within the advance days, at the limit, beyond it, and expired', () => {
    const at = (expiry: string) =>
      vehicleDueItems(rules, vehicle({ costs: [insurance(expiry)] }), TODAY, NOW);
    expect(at('2026-03-22')).toEqual([
      {
        kind: 'cost',
        type: 'insurance',
        designation: 'Seguro anual',
        expiryDate: '2026-03-22',
        daysLeft: 12,
        expired: false,
      },
    ]);
    expect(at('2026-04-09')).toMatchObject([{ daysLeft: 30, expired: false }]);
    expect(at('2026-04-10')).toEqual([]);
    expect(at('2026-03-09')).toMatchObject([{ daysLeft: -1, expired: true }]);
  });

  it('per type only the latest expiry counts; without warning nothing', () => {
    const renewed = vehicle({ costs: [insurance('2026-03-01'), insurance('2027-03-01')] });
    expect(vehicleDueItems(rules, renewed, TODAY, NOW)).toEqual([]);
    expect(vehicleDueItems(rules, vehicle({ costs: [insurance('2026-03-12', 0)] }), TODAY, NOW)).toEqual([]);
    expect(
      latestExpiries([
        insurance('2026-05-01'),
        { ...insurance('2026-04-01'), kind: 'tax' },
        insurance('2026-06-01'),
      ]).map((e) => `${e.kind} ${e.expiryDate}`),
    ).toEqual(['tax 2026-04-01', 'insurance 2026-06-01']);
  });

  it('documents use their own advance', () => {
    const v = vehicle({
      documents: [{ kind: 'inspection', designation: 'Inspecção', expiryDate: '2026-03-30', warning: 1 }],
    });
    expect(vehicleDueItems(rules, v, TODAY, NOW)).toMatchObject([
      { kind: 'document', type: 'inspection', daysLeft: 20 },
    ]);
    expect(vehicleDueItems({ ...rules, document_days: 19 }, v, TODAY, NOW)).toEqual([]);
    expect(vehicleDueItems({ ...rules, document: false }, v, TODAY, NOW)).toEqual([]);
  });
});

describe('communication failure', () => {
  it('silent for more than the advance hours, or never reported', () => {
    const at = (last: number | null) =>
      vehicleDueItems(rules, vehicle({ lastCommunication: last }), TODAY, NOW);
    expect(at(NOW - 24 * HOUR)).toEqual([]);
    expect(at(NOW - 24 * HOUR - 1)).toEqual([
      { kind: 'communication', lastCommunication: NOW - 24 * HOUR - 1, hoursSilent: 24 },
    ]);
    expect(at(NOW - 50 * HOUR)).toMatchObject([{ hoursSilent: 50 }]);
    expect(at(null)).toEqual([{ kind: 'communication', lastCommunication: null, hoursSilent: null }]);
    expect(
      vehicleDueItems({ ...rules, communication: false }, vehicle({ lastCommunication: null }), TODAY, NOW),
    ).toEqual([]);
  });
});

describe('the report of a notification', () => {
  it('lists only vehicles with something to say, in order, every kind together', () => {
    const truck = vehicle({
      id: 7,
      name: 'Camião 7',
      distanceKm: 49_200,
      entries: [entry({ km: 40_000, periodicityKm: 10_000 })],
      costs: [insurance('2026-03-22')],
      lastCommunication: NOW - 30 * HOUR,
    });
    const fine = vehicle({ id: 8, name: 'Carrinha 8' });
    const report = dueReport(rules, [fine, truck], TODAY, NOW);
    expect(report).toHaveLength(1);
    expect(report[0]).toMatchObject({ vehicleId: 7, name: 'Camião 7', licensePlate: 'LD-01-00-AA' });
    expect(report[0].items.map((i) => i.kind)).toEqual(['maintenance_km', 'cost', 'communication']);
  });

  it('is empty when nothing is due or every kind is off', () => {
    expect(dueReport(rules, [vehicle({})], TODAY, NOW)).toEqual([]);
    expect(dueReport(rules, [], TODAY, NOW)).toEqual([]);
    const off = { ...rules, maintenance: false, cost: false, document: false, communication: false };
    expect(
      dueReport(off, [vehicle({ lastCommunication: null, costs: [insurance('2026-01-01')] })], TODAY, NOW),
    ).toEqual([]);
  });
});
