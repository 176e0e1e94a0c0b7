import { describe, expect, it } from 'vitest';
import { circlePolygon, pointInCircle } from './circle';
import { destinationPoint, haversineDistance } from './distance';

const fortaleza = { latitude: -8.8106, longitude: 13.2245 };

describe('pointInCircle', () => {
  it('is inside within the radius, on the edge, and outside beyond', () => {
    expect(pointInCircle(destinationPoint(fortaleza, 30, 99), fortaleza, 100)).toBe(true);
    expect(pointInCircle(destinationPoint(fortaleza, 120, 99.999), fortaleza, 100)).toBe(true);
    expect(pointInCircle(destinationPoint(fortaleza, 250, 101), fortaleza, 100)).toBe(false);
    expect(pointInCircle(fortaleza, fortaleza, 100)).toBe(true);
  });
  it('tells apart real places: the airport is not within 5 km of the fortress, within 5.4 km it is', () => {
    const airport = { latitude: -8.8584, longitude: 13.2312 };
    expect(pointInCircle(airport, fortaleza, 5000)).toBe(false);
    expect(pointInCircle(airport, fortaleza, 5400)).toBe(true);
  });
});

describe('circlePolygon', () => {
  it('puts every vertex on the circle, starting north', () => {
    const ring = circlePolygon(fortaleza, 150, 32);
    expect(ring).toHaveLength(32);
    for (const p of ring) expect(haversineDistance(fortaleza, p)).toBeCloseTo(150, 6);
    expect(ring[0].longitude).toBeCloseTo(fortaleza.longitude, 9);
    expect(ring[0].latitude).toBeGreaterThan(fortaleza.latitude);
  });
  it('never makes fewer than 3 points', () => {
    expect(circlePolygon(fortaleza, 100, 1)).toHaveLength(3);
  });
});
