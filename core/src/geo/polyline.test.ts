import { describe, expect, it } from 'vitest';
import { destinationPoint, haversineDistance } from './distance';
import { closestPointOnPolyline, distanceToPolyline, pointInCorridor } from './polyline';
import type { GeoPoint } from './types';

const p = (latitude: number, longitude: number): GeoPoint => ({ latitude, longitude });

/** A bent road through Luanda: 2.2 km due east along -8.83, then 2.5 km south-east. */
const road = [p(-8.83, 13.22), p(-8.83, 13.24), p(-8.85, 13.25)];

/** Bearing of the slanted part, about 153.7 degrees (south-south-east). */
const slantBearing = (Math.atan2(0.01 * Math.cos((8.84 * Math.PI) / 180), -0.02) * 180) / Math.PI;

/** Reference: the minimum haversine distance to the line sampled every ~0.5 m. */
function bruteForce(point: GeoPoint, line: GeoPoint[]): number {
  let best = Infinity;
  for (let i = 0; i < line.length - 1; i++) {
    const steps = Math.ceil(haversineDistance(line[i], line[i + 1]) * 2);
    for (let s = 0; s <= steps; s++) {
      const t = s / steps;
      const q = p(
        line[i].latitude + t * (line[i + 1].latitude - line[i].latitude),
        line[i].longitude + t * (line[i + 1].longitude - line[i].longitude),
      );
      best = Math.min(best, haversineDistance(point, q));
    }
  }
  return best;
}

describe('distanceToPolyline', () => {
  it('measures the perpendicular distance to the straight part', () => {
    const onRoad = p(-8.83, 13.23);
    expect(distanceToPolyline(destinationPoint(onRoad, 0, 20), road)).toBeCloseTo(20, 1);
    expect(distanceToPolyline(destinationPoint(onRoad, 180, 120), road)).toBeCloseTo(120, 0);
    expect(distanceToPolyline(onRoad, road)).toBeCloseTo(0, 6);
  });
  it('measures to the bend vertex on the outside of the bend', () => {
    const outside = destinationPoint(p(-8.83, 13.24), 45, 60);
    const result = closestPointOnPolyline(outside, road)!;
    expect(result.distance).toBeCloseTo(60, 1);
    expect(result.point.latitude).toBeCloseTo(-8.83, 9);
    expect(result.point.longitude).toBeCloseTo(13.24, 9);
  });
  it('measures the perpendicular distance to the slanted segment', () => {
    const mid = p(-8.84, 13.245);
    const outward = slantBearing - 90;
    const result = closestPointOnPolyline(destinationPoint(mid, outward, 40), road)!;
    expect(result.segment).toBe(1);
    expect(result.distance).toBeCloseTo(40, 0);
    expect(haversineDistance(result.point, mid)).toBeLessThan(0.5);
  });
  it('clamps to the ends of the line', () => {
    expect(distanceToPolyline(destinationPoint(road[0], 270, 10), road)).toBeCloseTo(10, 2);
    expect(distanceToPolyline(destinationPoint(road[2], 180, 500), road)).toBeCloseTo(500, 0);
  });
  it('agrees with a brute-force haversine reference within 0.5 % around the city', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let i = 0; i < 40; i++) {
      const q = p(-8.87 + random() * 0.06, 13.2 + random() * 0.07);
      const reference = bruteForce(q, road);
      expect(Math.abs(distanceToPolyline(q, road) - reference)).toBeLessThanOrEqual(reference * 0.005 + 0.25);
    }
  });
  it('handles one-point and empty lines', () => {
    expect(distanceToPolyline(p(-8.83, 13.23), [p(-8.83, 13.24)])).toBeCloseTo(
      haversineDistance(p(-8.83, 13.23), p(-8.83, 13.24)),
      6,
    );
    expect(distanceToPolyline(p(-8.83, 13.23), [])).toBe(Infinity);
  });
});

describe('pointInCorridor', () => {
  const bend = road[1];
  it('uses 25 m by default, and for a distance that is not positive', () => {
    const onRoad = p(-8.83, 13.235);
    expect(pointInCorridor(destinationPoint(onRoad, 0, 24), road)).toBe(true);
    expect(pointInCorridor(destinationPoint(onRoad, 0, 26), road)).toBe(false);
    expect(pointInCorridor(destinationPoint(onRoad, 180, 24.5), road, 0)).toBe(true);
  });
  it('follows the slanted part after the bend', () => {
    const mid = p(-8.84, 13.245);
    expect(pointInCorridor(destinationPoint(mid, slantBearing + 90, 20), road)).toBe(true);
    expect(pointInCorridor(destinationPoint(mid, slantBearing + 90, 30), road)).toBe(false);
    expect(pointInCorridor(destinationPoint(mid, slantBearing + 90, 30), road, 35)).toBe(true);
  });
  it('rounds the outside of the bend and is nearer on its inside', () => {
    expect(pointInCorridor(destinationPoint(bend, 45, 24), road)).toBe(true);
    expect(pointInCorridor(destinationPoint(bend, 45, 26), road)).toBe(false);
    // 30 m from the vertex into the inner angle is only 21.2 m from the east-west part.
    const inner = destinationPoint(bend, 225, 30);
    expect(distanceToPolyline(inner, road)).toBeCloseTo(21.2, 0);
    expect(pointInCorridor(inner, road)).toBe(true);
  });
  it('keeps points far inside the bend out', () => {
    expect(pointInCorridor(p(-8.835, 13.235), road, 100)).toBe(false);
    expect(pointInCorridor(p(-8.8305, 13.2395), road, 100)).toBe(true);
  });
});
