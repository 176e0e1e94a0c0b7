import { describe, expect, it } from 'vitest';
import { areaBounds, boundsContain, expandBounds, pointsBounds, toLngLatBounds } from './bounds';
import { destinationPoint } from './distance';
import type { Area, GeoPoint } from './types';

const p = (latitude: number, longitude: number): GeoPoint => ({ latitude, longitude });
const M_PER_DEG = 111229.8332;

describe('areaBounds', () => {
  it('covers a circle by its radius, wider in longitude by 1/cos of its farthest latitude', () => {
    const box = areaBounds({ type: 'circle', center: p(-8.8106, 13.2245), radius: 500 });
    const dLat = 500 / M_PER_DEG;
    const dLon = dLat / Math.cos(((8.8106 + dLat) * Math.PI) / 180);
    expect(box.minY).toBeCloseTo(-8.8106 - dLat, 9);
    expect(box.maxY).toBeCloseTo(-8.8106 + dLat, 9);
    expect(box.minX).toBeCloseTo(13.2245 - dLon, 9);
    expect(box.maxX).toBeCloseTo(13.2245 + dLon, 9);
    for (const bearing of [0, 45, 90, 135, 180, 270]) {
      expect(boundsContain(box, destinationPoint(p(-8.8106, 13.2245), bearing, 499.9))).toBe(true);
    }
  });
  it('is the extent of a polygon', () => {
    const area: Area = {
      type: 'polygon',
      points: [p(-8.8, 13.2), p(-8.8, 13.26), p(-8.86, 13.24), p(-8.82, 13.22)],
    };
    expect(areaBounds(area)).toEqual({ minX: 13.2, minY: -8.86, maxX: 13.26, maxY: -8.8 });
  });
  it('widens a corridor by its distance, so a straight road still has width', () => {
    const road: Area = { type: 'linestring', points: [p(-8.83, 13.22), p(-8.83, 13.24)] };
    const box = areaBounds(road);
    expect(box.maxY - box.minY).toBeCloseTo((2 * 25) / M_PER_DEG, 9);
    expect(boundsContain(box, destinationPoint(p(-8.83, 13.23), 0, 24))).toBe(true);
    expect(boundsContain(box, destinationPoint(p(-8.83, 13.22), 270, 24))).toBe(true);
    const wide = areaBounds(road, 200);
    expect(wide.maxY - wide.minY).toBeCloseTo((2 * 200) / M_PER_DEG, 9);
  });
  it('refuses an area without points', () => {
    expect(() => areaBounds({ type: 'polygon', points: [] })).toThrow('no bounds');
  });
});

describe('bounds helpers', () => {
  it('pointsBounds is undefined without points', () => {
    expect(pointsBounds([])).toBeUndefined();
    expect(pointsBounds([p(-8.83, 13.23)])).toEqual({ minX: 13.23, minY: -8.83, maxX: 13.23, maxY: -8.83 });
  });
  it('expandBounds clamps at the poles and the antimeridian', () => {
    const box = expandBounds({ minX: 179.9999, minY: 89.9999, maxX: 179.9999, maxY: 89.9999 }, 1000);
    expect(box.maxY).toBe(90);
    expect(box.maxX).toBe(180);
    expect(box.minX).toBe(-180);
  });
  it('toLngLatBounds gives [[west, south], [east, north]]', () => {
    expect(toLngLatBounds({ minX: 13.2, minY: -8.86, maxX: 13.26, maxY: -8.8 })).toEqual([
      [13.2, -8.86],
      [13.26, -8.8],
    ]);
  });
  it('boundsContain includes the edges', () => {
    const box = { minX: 13.2, minY: -8.86, maxX: 13.26, maxY: -8.8 };
    expect(boundsContain(box, p(-8.8, 13.2))).toBe(true);
    expect(boundsContain(box, p(-8.79, 13.23))).toBe(false);
  });
});
