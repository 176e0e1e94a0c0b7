import { describe, expect, it } from 'vitest';
import { bearingDeg, distanceM, interpolate, jitter, makeRoute, pointOnLeg, WAYPOINTS } from './geo';
import { createRandom } from './random';

describe('route geometry', () => {
  const a = { latitude: -8.85, longitude: 13.2 };
  const b = { latitude: -8.85, longitude: 13.3 };

  it('interpolates along a straight segment, clamped to its ends', () => {
    expect(interpolate(a, b, 0)).toEqual(a);
    expect(interpolate(a, b, 1)).toEqual(b);
    expect(interpolate(a, b, 0.5).longitude).toBeCloseTo(13.25, 10);
    expect(interpolate(a, b, -1)).toEqual(a);
    expect(interpolate(a, b, 2)).toEqual(b);
  });

  it('gives bearings clockwise from north', () => {
    expect(bearingDeg(a, b)).toBeCloseTo(90, 0);
    expect(bearingDeg(b, a)).toBeCloseTo(270, 0);
    expect(bearingDeg({ latitude: -8.9, longitude: 13.2 }, { latitude: -8.8, longitude: 13.2 })).toBeCloseTo(
      0,
      5,
    );
  });

  it('places a vehicle by metres along a leg of a closed route', () => {
    const route = makeRoute([a, b, WAYPOINTS.viana]);
    expect(route.lengths).toHaveLength(3);
    expect(route.lengths[0]).toBeCloseTo(distanceM(a, b), 6);
    const half = pointOnLeg(route, 0, route.lengths[0] / 2);
    expect(distanceM(a, half.point)).toBeCloseTo(route.lengths[0] / 2, -1);
    expect(half.course).toBeCloseTo(90, 0);
    // the last leg runs back to the first waypoint
    expect(pointOnLeg(route, 2, route.lengths[2]).point).toEqual(a);
    expect(() => makeRoute([a])).toThrow();
  });

  it('adds a few metres of GPS noise, never more than asked', () => {
    const rnd = createRandom(3);
    for (let i = 0; i < 200; i++) expect(distanceM(a, jitter(a, 5, rnd))).toBeLessThanOrEqual(5.01);
  });

  it('keeps every waypoint in the Luanda area', () => {
    for (const p of Object.values(WAYPOINTS)) {
      expect(p.latitude).toBeGreaterThan(-9.0);
      expect(p.latitude).toBeLessThan(-8.75);
      expect(p.longitude).toBeGreaterThan(13.15);
      expect(p.longitude).toBeLessThan(13.4);
    }
  });
});
