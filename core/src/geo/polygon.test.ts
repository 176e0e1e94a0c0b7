import { describe, expect, it } from 'vitest';
import { destinationPoint } from './distance';
import { pointInPolygon } from './polygon';
import type { GeoPoint } from './types';

const p = (latitude: number, longitude: number): GeoPoint => ({ latitude, longitude });

/**
 * A U-shaped zone over central Luanda (about 6.6 x 6.6 km): the notch, open to the south, is the rectangle
 * lat -8.86..-8.82, lon 13.22..13.24, and holds the city centre (-8.83, 13.23).
 */
const uShape = [
  p(-8.8, 13.2),
  p(-8.8, 13.26),
  p(-8.86, 13.26),
  p(-8.86, 13.24),
  p(-8.82, 13.24),
  p(-8.82, 13.22),
  p(-8.86, 13.22),
  p(-8.86, 13.2),
];

describe('pointInPolygon, concave zone', () => {
  it('finds points in the bar and both legs', () => {
    expect(pointInPolygon(p(-8.81, 13.23), uShape)).toBe(true);
    expect(pointInPolygon(p(-8.84, 13.21), uShape)).toBe(true);
    expect(pointInPolygon(p(-8.84, 13.25), uShape)).toBe(true);
  });
  it('leaves out the notch (the city centre) and everything around', () => {
    expect(pointInPolygon(p(-8.83, 13.23), uShape)).toBe(false);
    expect(pointInPolygon(p(-8.85, 13.23), uShape)).toBe(false);
    expect(pointInPolygon(p(-8.79, 13.23), uShape)).toBe(false);
    expect(pointInPolygon(p(-8.87, 13.21), uShape)).toBe(false);
    expect(pointInPolygon(p(-8.83, 13.27), uShape)).toBe(false);
    expect(pointInPolygon(p(-8.83, 13.19), uShape)).toBe(false);
  });
  it('counts a ray through vertices once (points level with the notch top)', () => {
    expect(pointInPolygon(p(-8.82, 13.205), uShape)).toBe(true);
    expect(pointInPolygon(p(-8.82, 13.19), uShape)).toBe(false);
    expect(pointInPolygon(p(-8.82, 13.27), uShape)).toBe(false);
    expect(pointInPolygon(p(-8.8, 13.19), uShape)).toBe(false);
    expect(pointInPolygon(p(-8.86, 13.23), uShape)).toBe(false);
  });
  it('counts the boundary as inside: on an edge and on a vertex', () => {
    expect(pointInPolygon(p(-8.82, 13.23), uShape)).toBe(true);
    expect(pointInPolygon(p(-8.83, 13.24), uShape)).toBe(true);
    expect(pointInPolygon(p(-8.8, 13.23), uShape)).toBe(true);
    expect(pointInPolygon(p(-8.82, 13.24), uShape)).toBe(true);
    expect(pointInPolygon(p(-8.86, 13.2), uShape)).toBe(true);
  });
  it('is right one metre either side of an edge', () => {
    const onNotchTop = p(-8.82, 13.2317);
    expect(pointInPolygon(destinationPoint(onNotchTop, 0, 1), uShape)).toBe(true);
    expect(pointInPolygon(destinationPoint(onNotchTop, 180, 1), uShape)).toBe(false);
    const onNotchSide = p(-8.845, 13.24);
    expect(pointInPolygon(destinationPoint(onNotchSide, 90, 1), uShape)).toBe(true);
    expect(pointInPolygon(destinationPoint(onNotchSide, 270, 1), uShape)).toBe(false);
  });
  it('accepts a closed ring the same way', () => {
    const closed = [...uShape, uShape[0]];
    expect(pointInPolygon(p(-8.81, 13.23), closed)).toBe(true);
    expect(pointInPolygon(p(-8.83, 13.23), closed)).toBe(false);
  });
});

describe('pointInPolygon, slanted edges', () => {
  // Triangle Fortaleza - Largo do Kinaxixi - Aeroporto 4 de Fevereiro.
  const triangle = [p(-8.8106, 13.2245), p(-8.8204, 13.2413), p(-8.8584, 13.2312)];
  it('is right a metre either side of a diagonal edge', () => {
    const mid = p((-8.8204 + -8.8584) / 2, (13.2413 + 13.2312) / 2);
    expect(pointInPolygon(mid, triangle)).toBe(true);
    expect(pointInPolygon(destinationPoint(mid, 270, 1), triangle)).toBe(true);
    expect(pointInPolygon(destinationPoint(mid, 90, 1), triangle)).toBe(false);
  });
  it('rejects degenerate rings', () => {
    expect(pointInPolygon(p(-8.81, 13.23), triangle.slice(0, 2))).toBe(false);
  });
});
