import { describe, expect, it } from 'vitest';
import { knotsToKmh, speedLimitFromKmh, speedLimitToKmh } from './units';

describe('units', () => {
  it('converts knots to km/h with the 1.852 factor', () => {
    expect(knotsToKmh(10)).toBeCloseTo(18.52);
  });
  it('stores a km/h speed limit in knots and 0 when invalid', () => {
    expect(speedLimitFromKmh('90')).toBeCloseTo(90 / 1.852);
    expect(speedLimitFromKmh('abc')).toBe(0);
    expect(speedLimitFromKmh(-5)).toBe(0);
    expect(speedLimitToKmh(90 / 1.852)).toBe(90);
  });
});
