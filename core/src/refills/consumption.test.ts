import { describe, expect, it } from 'vitest';
import {
  changedConsumptions,
  computeChain,
  consumptionState,
  costPerLitre,
  isRedRefill,
  thresholdsOf,
  type ChainRefill,
  type Consumption,
} from './consumption';
import { refillTotals } from './totals';
import { REFILL_PERIOD_TOO_LONG } from './constants';

const day = (d: number) => Date.UTC(2024, 0, d, 10);
const refill = (id: number, d: number, litres: number, km: number | null, hours: number | null = null) =>
  ({ id, costDate: day(d), litres, km, hours }) satisfies ChainRefill;

describe('cost per litre', () => {
  it('is cost / litres rounded to 2 decimals', () => {
    expect(costPerLitre(100, 3)).toBe(33.33);
    expect(costPerLitre(1.005 * 2, 2)).toBe(1.01);
    expect(costPerLitre(27000, 100)).toBe(270);
  });
  it('is blank when litres is 0', () => {
    expect(costPerLitre(500, 0)).toBeNull();
    expect(costPerLitre(500, null)).toBeNull();
  });
});

describe('consumption between refills', () => {
  it('computes deltas and consumptions from the previous refill', () => {
    const chain = computeChain([refill(2, 5, 48, 1100, 520), refill(1, 1, 60, 1000, 500)]);
    expect(chain.map((c) => c.refill.id)).toEqual([1, 2]);
    expect(chain[0].consumption).toEqual({
      sequence: 1,
      deltaKm: null,
      deltaHours: null,
      consumptionL100km: null,
      consumptionLkm: null,
      consumptionLh: null,
    });
    expect(chain[1].consumption).toEqual({
      sequence: 2,
      deltaKm: 100,
      deltaHours: 20,
      consumptionL100km: 48,
      consumptionLkm: 0.48,
      consumptionLh: 2.4,
    });
  });

  it('leaves the consumption blank when a reading is missing or goes backwards', () => {
    const chain = computeChain([refill(1, 1, 50, 1000), refill(2, 2, 40, null), refill(3, 3, 30, 900)]);
    expect(chain[1].consumption.deltaKm).toBeNull();
    expect(chain[2].consumption.deltaKm).toBeNull();
    expect(chain[2].consumption.consumptionL100km).toBeNull();
  });

  it('orders refills of the same time by id', () => {
    const chain = computeChain([refill(7, 1, 10, 1010), refill(6, 1, 10, 1000)]);
    expect(chain.map((c) => c.refill.id)).toEqual([6, 7]);
    expect(chain[1].consumption.deltaKm).toBe(10);
  });

  const stored = (c: Consumption | null) => c;
  it('recomputes the next refill after an insert in the middle', () => {
    const before = computeChain([refill(1, 1, 50, 1000), refill(2, 10, 80, 1400)]);
    const rows = before.map(({ refill: r, consumption }) => ({ ...r, stored: stored(consumption) }));
    const changed = changedConsumptions([...rows, { ...refill(3, 5, 30, 1200), stored: null }]);
    expect(changed.map((c) => c.id).sort()).toEqual([2, 3]);
    const next = changed.find((c) => c.id === 2)!.consumption;
    expect(next).toMatchObject({ sequence: 3, deltaKm: 200, consumptionL100km: 40 });
    expect(changed.find((c) => c.id === 3)!.consumption).toMatchObject({ sequence: 2, deltaKm: 200 });
  });

  it('recomputes the next refill after a delete in the middle', () => {
    const all = [refill(1, 1, 50, 1000), refill(2, 5, 30, 1200), refill(3, 10, 80, 1400)];
    const rows = computeChain(all).map(({ refill: r, consumption }) => ({ ...r, stored: consumption }));
    const changed = changedConsumptions(rows.filter((r) => r.id !== 2));
    expect(changed).toEqual([
      {
        id: 3,
        consumption: {
          sequence: 2,
          deltaKm: 400,
          deltaHours: null,
          consumptionL100km: 20,
          consumptionLkm: 0.2,
          consumptionLh: null,
        },
      },
    ]);
  });
});

describe('thresholds', () => {
  it('colours green below yellow, yellow from yellow, red from red', () => {
    expect(consumptionState(30, 35, 45)).toBe('green');
    expect(consumptionState(35, 35, 45)).toBe('yellow');
    expect(consumptionState(48, 35, 45)).toBe('red');
    expect(consumptionState(48, null, null)).toBe('green');
    expect(consumptionState(null, 35, 45)).toBeNull();
  });
  it('derives L/km thresholds from the L/100km profile and tells a red refill', () => {
    const t = thresholdsOf({ l100kmYellow: 35, l100kmRed: 45, lhYellow: null, lhRed: 12 });
    expect(t).toEqual({
      consumptionL100kmYellow: 35,
      consumptionL100kmRed: 45,
      consumptionLkmYellow: 0.35,
      consumptionLkmRed: 0.45,
      consumptionLhYellow: null,
      consumptionLhRed: 12,
    });
    expect(isRedRefill({ consumptionL100km: 48, consumptionLkm: 0.48 }, t)).toBe(true);
    expect(isRedRefill({ consumptionL100km: 40, consumptionLh: 11.99 }, t)).toBe(false);
    expect(isRedRefill({ consumptionLh: 12 }, t)).toBe(true);
  });
});

describe('centre totals', () => {
  it('sums the filled litres and the consumed litres over known distances', () => {
    expect(
      refillTotals([
        { litres: 60, delta_km: null },
        { litres: 48, delta_km: 100 },
        { litres: 52, delta_km: 100 },
      ]),
    ).toEqual({ filledLitres: 160, consumedLitres: 100, consumedKm: 200, consumedL100km: 50 });
    expect(refillTotals([{ litres: 10, delta_km: null }]).consumedL100km).toBeNull();
  });
  it('keeps the period message verbatim', () => {
    expect(REFILL_PERIOD_TOO_LONG).toBe('Por favor seleccione um período máximo de 365 dias');
  });
});
