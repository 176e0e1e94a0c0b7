import { describe, expect, it } from 'vitest';
import { maxspeedKnots } from './maxspeed';

describe('OSM maxspeed', () => {
  it('reads km/h and mph as knots, the first of several', () => {
    expect(maxspeedKnots('50')).toBeCloseTo(50 / 1.852, 6);
    expect(maxspeedKnots('50 km/h')).toBeCloseTo(50 / 1.852, 6);
    expect(maxspeedKnots('30 mph')).toBeCloseTo((30 * 1.609344) / 1.852, 6);
    expect(maxspeedKnots('30;50')).toBeCloseTo(30 / 1.852, 6);
  });
  it('has no number for zone codes and words', () => {
    for (const value of ['PT:urban', 'none', 'signals', 'walk', '', '0', undefined, 60])
      expect(maxspeedKnots(value), String(value)).toBeUndefined();
  });
});
