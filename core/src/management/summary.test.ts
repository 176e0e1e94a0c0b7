import { describe, expect, it } from 'vitest';
import {
  daysInMaintenance,
  expiryState,
  inProgress,
  maintenanceMode,
  nextExpiry,
  nextService,
  summaryState,
  type EntryFacts,
} from './summary';

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

describe('maintenance mode (§4)', () => {
  it('reads the attribute, the legacy switch and a bare periodicity', () => {
    expect(maintenanceMode({ automaticMaintenance: 'manual', automaticMaintenancePeriodicity: 5000 })).toBe(
      'manual',
    );
    expect(maintenanceMode({ automaticMaintenance: 'automatic' })).toBe('automatic');
    expect(maintenanceMode({ automaticMaintenance: 1 })).toBe('automatic');
    expect(maintenanceMode({ automaticMaintenancePeriodicity: '15000' })).toBe('automatic');
    expect(maintenanceMode({ automaticMaintenancePeriodicity: 0 })).toBe('manual');
    expect(maintenanceMode({})).toBe('manual');
  });
});

describe('days in maintenance', () => {
  it('counts an open entry to today and a complete one to its end', () => {
    expect(daysInMaintenance({ dateStart: '2026-03-01', dateEnd: null, complete: 0 }, '2026-03-05')).toBe(4);
    expect(
      daysInMaintenance({ dateStart: '2026-03-01', dateEnd: '2026-03-03', complete: 1 }, '2026-04-01'),
    ).toBe(2);
    expect(daysInMaintenance({ dateStart: '2026-03-10', dateEnd: null, complete: 0 }, '2026-03-05')).toBe(0);
  });
  it('an open entry that has started is in progress', () => {
    expect(inProgress({ dateStart: '2026-03-01', complete: 0 }, '2026-03-01')).toBe(true);
    expect(inProgress({ dateStart: '2026-03-02', complete: 0 }, '2026-03-01')).toBe(false);
    expect(inProgress({ dateStart: '2026-03-01', complete: 1 }, '2026-03-05')).toBe(false);
  });
});

describe('next service', () => {
  it('automatic: last completed entry + periodicity', () => {
    const entries = [
      entry({ dateStart: '2025-01-01', km: 10000 }),
      entry({ dateStart: '2026-01-01', km: 25000 }),
      entry({ dateStart: '2026-02-01', km: 31000, complete: 0, dateEnd: null }),
    ];
    expect(nextService('automatic', 15000, entries, 33000)).toEqual({ kmNext: 40000, hoursNext: null });
  });
  it('automatic without a completed entry: the next multiple above the distance', () => {
    expect(nextService('automatic', 10000, [], 23456)).toEqual({ kmNext: 30000, hoursNext: null });
    expect(nextService('automatic', 10000, [], null)).toEqual({ kmNext: 10000, hoursNext: null });
    expect(nextService('automatic', null, [], 5)).toEqual({ kmNext: null, hoursNext: null });
  });
  it('manual: the newest entry with a periodicity, km and hours apart', () => {
    const entries = [
      entry({ dateStart: '2025-06-01', km: 20000, periodicityKm: 10000 }),
      entry({ dateStart: '2025-09-01', km: 26000, periodicityKm: 12000 }),
      entry({ dateStart: '2026-01-01', km: 30000, hours: 800, periodicityHours: 250 }),
    ];
    expect(nextService('manual', null, entries, 31000)).toEqual({ kmNext: 38000, hoursNext: 1050 });
    expect(nextService('manual', null, [], 31000)).toEqual({ kmNext: null, hoursNext: null });
  });
});

describe('expiry states', () => {
  it('red past, yellow under 30 days, else none', () => {
    expect(expiryState(-1)).toBe('expired');
    expect(expiryState(0)).toBe('soon');
    expect(expiryState(29)).toBe('soon');
    expect(expiryState(30)).toBe('ok');
  });
  it('the next expiry: latest per kind, earliest of those', () => {
    const items = [
      { kind: 'insurance', expiryDate: '2025-01-01', warning: 1 as const },
      { kind: 'insurance', expiryDate: '2027-01-01', warning: 1 as const },
      { kind: 'tax', expiryDate: '2026-06-01', warning: 1 as const },
      { kind: 'other', expiryDate: '2026-01-01', warning: 0 as const },
    ];
    expect(nextExpiry(items)?.expiryDate).toBe('2026-06-01');
    expect(nextExpiry([])).toBeNull();
  });
});

describe('summary row colours (§4)', () => {
  const base = { inProgress: false, kmLeft: 5000, hoursLeft: 500, costDaysLeft: 90, documentDaysLeft: null };
  it('grey when in progress, before anything else', () => {
    expect(summaryState({ ...base, inProgress: true, kmLeft: -10 })).toBe('progress');
  });
  it('red when km, hours or days left are below 0', () => {
    expect(summaryState({ ...base, kmLeft: -1 })).toBe('overdue');
    expect(summaryState({ ...base, hoursLeft: -0.5 })).toBe('overdue');
    expect(summaryState({ ...base, documentDaysLeft: -1 })).toBe('overdue');
  });
  it('yellow under 1000 km, 250 h or 30 days', () => {
    expect(summaryState({ ...base, kmLeft: 999 })).toBe('soon');
    expect(summaryState({ ...base, hoursLeft: 249 })).toBe('soon');
    expect(summaryState({ ...base, costDaysLeft: 29 })).toBe('soon');
    expect(summaryState({ ...base, kmLeft: 1000, hoursLeft: 250, costDaysLeft: 30 })).toBe('ok');
    expect(
      summaryState({
        inProgress: false,
        kmLeft: null,
        hoursLeft: null,
        costDaysLeft: null,
        documentDaysLeft: null,
      }),
    ).toBe('ok');
  });
});
