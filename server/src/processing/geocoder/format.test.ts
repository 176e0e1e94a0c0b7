import { describe, expect, it } from 'vitest';
import { bearingDegrees, compassPoint, formatNearest, isValidCoordinate } from './format';

describe('compassPoint', () => {
  it('names the eight Portuguese compass points, each centred on its bearing', () => {
    const expected = ['N', 'NE', 'E', 'SE', 'S', 'SO', 'O', 'NO'];
    expected.forEach((letters, i) => {
      expect(compassPoint(i * 45)).toBe(letters);
      expect(compassPoint(i * 45 + 22)).toBe(letters);
      expect(compassPoint(i * 45 - 22 + 360)).toBe(letters);
    });
  });

  it('wraps around north and accepts bearings outside [0, 360)', () => {
    expect(compassPoint(359)).toBe('N');
    expect(compassPoint(337.6)).toBe('N');
    expect(compassPoint(337.4)).toBe('NO');
    expect(compassPoint(-90)).toBe('O');
    expect(compassPoint(450)).toBe('E');
  });
});

describe('bearingDegrees', () => {
  it('gives the initial great-circle bearing', () => {
    expect(bearingDegrees(0, 0, 1, 0)).toBeCloseTo(0, 6);
    expect(bearingDegrees(0, 0, 0, 1)).toBeCloseTo(90, 6);
    expect(bearingDegrees(0, 0, -1, 0)).toBeCloseTo(180, 6);
    expect(bearingDegrees(0, 0, 0, -1)).toBeCloseTo(270, 6);
    // across the antimeridian, east is still east
    expect(bearingDegrees(0, 179.9, 0, -179.9)).toBeCloseTo(90, 6);
  });
});

describe('formatNearest', () => {
  const viana = { label: 'Viana', country: 'AO', lat: -8.9035, lon: 13.374 };

  it('names the place alone within 2 km', () => {
    expect(formatNearest({ ...viana, distanceKm: 1.9 }, -8.89, 13.374)).toBe('Viana, AO');
    expect(formatNearest({ ...viana, distanceKm: 2 }, -8.89, 13.374)).toBe('Viana, AO');
  });

  it('beyond 2 km says how far and which way from the place', () => {
    expect(formatNearest({ ...viana, distanceKm: 12.4 }, -8.82, 13.46)).toBe('12 km NE de Viana, AO');
    expect(formatNearest({ ...viana, distanceKm: 2.6 }, -8.9035, 13.35)).toBe('3 km O de Viana, AO');
  });
});

describe('isValidCoordinate', () => {
  it('refuses what is not a point on Earth', () => {
    expect(isValidCoordinate(-8.8, 13.2)).toBe(true);
    expect(isValidCoordinate(90, -180)).toBe(true);
    expect(isValidCoordinate(Number.NaN, 0)).toBe(false);
    expect(isValidCoordinate(0, Number.POSITIVE_INFINITY)).toBe(false);
    expect(isValidCoordinate(91, 0)).toBe(false);
    expect(isValidCoordinate(0, 180.5)).toBe(false);
  });
});
