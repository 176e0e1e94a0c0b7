import { describe, expect, it } from 'vitest';
import { ecoScore, emptyCounts, per100km, ragClass, totalEvents, type EcoCounts } from './ecoScore';

const counts = (c: Partial<EcoCounts>): EcoCounts => ({ ...emptyCounts(), ...c });

describe('eco score rules', () => {
  it('scores 100 with no events and null under 1 km', () => {
    expect(ecoScore(emptyCounts(), 50_000)).toBe(100);
    expect(ecoScore(counts({ braking: 3 }), 999)).toBeNull();
    expect(per100km(2, 999)).toBeNull();
  });

  it('takes each kind per 100 km with its penalty', () => {
    // 1 harsh braking in 100 km: 4 points; the same in 50 km: 8 points
    expect(ecoScore(counts({ braking: 1 }), 100_000)).toBe(96);
    expect(ecoScore(counts({ braking: 1 }), 50_000)).toBe(92);
    expect(ecoScore(counts({ speeding: 1 }), 100_000)).toBe(95);
    expect(ecoScore(counts({ overRevving: 1, idling: 1 }), 100_000)).toBe(96);
    expect(per100km(3, 150_000)).toBe(2);
    // 4 + 2×4 + 4 + 2 + 2 + 5 = 25 points per 100 km, over 103 km
    const all = counts({ acceleration: 1, braking: 2, cornering: 1, overRevving: 1, idling: 1, speeding: 1 });
    expect(totalEvents(all)).toBe(7);
    expect(ecoScore(all, 103_000)).toBe(Math.round(100 - 2500 / 103));
  });

  it('clamps at 0', () => {
    expect(ecoScore(counts({ braking: 3 }), 10_000)).toBe(0);
  });

  it('classes green from 80, amber from 60, red below', () => {
    expect([100, 80, 79, 60, 59, 0].map(ragClass)).toEqual([
      'green',
      'green',
      'amber',
      'amber',
      'red',
      'red',
    ]);
  });
});
