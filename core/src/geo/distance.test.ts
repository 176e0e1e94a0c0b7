import { describe, expect, it } from 'vitest';
import { destinationPoint, haversineDistance } from './distance';

const luanda = { latitude: -8.83, longitude: 13.23 };
const airport = { latitude: -8.8584, longitude: 13.2312 };
const fortaleza = { latitude: -8.8106, longitude: 13.2245 };
const benguela = { latitude: -12.5763, longitude: 13.4055 };

describe('haversineDistance', () => {
  it('uses the 6373000 m radius: one degree of latitude is 111229.83 m', () => {
    expect(
      haversineDistance({ latitude: -9, longitude: 13.23 }, { latitude: -8, longitude: 13.23 }),
    ).toBeCloseTo(111229.83, 1);
  });
  it('matches the spherical law of cosines on Luanda distances', () => {
    expect(haversineDistance(airport, fortaleza)).toBeCloseTo(5367.54, 1);
    expect(haversineDistance(luanda, benguela)).toBeCloseTo(417141.38, 0);
  });
  it('is symmetric and zero for the same point', () => {
    expect(haversineDistance(fortaleza, airport)).toBe(haversineDistance(airport, fortaleza));
    expect(haversineDistance(luanda, luanda)).toBe(0);
  });
});

describe('destinationPoint', () => {
  it('lands at the requested distance and bearing', () => {
    const north = destinationPoint(luanda, 0, 1000);
    expect(north.longitude).toBeCloseTo(13.23, 9);
    expect(north.latitude).toBeCloseTo(-8.83 + 1000 / 111229.83, 9);
    for (const bearing of [45, 90, 200, 315]) {
      expect(haversineDistance(luanda, destinationPoint(luanda, bearing, 2500))).toBeCloseTo(2500, 6);
    }
    expect(destinationPoint(luanda, 90, 1000).longitude).toBeGreaterThan(13.23);
  });
});
