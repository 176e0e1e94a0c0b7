import { describe, expect, it } from 'vitest';
import { POI_ICONS, ZONE_COLORS, ZONE_DEFAULTS, corridorDistance } from './zoneDefaults';

describe('zone defaults', () => {
  it('match the specification', () => {
    expect(ZONE_DEFAULTS).toEqual({ radius: 100, polylineDistance: 25, icon: 'blue-dot', color: '3bb2d0' });
    expect(ZONE_COLORS[0]).toBe(ZONE_DEFAULTS.color);
    expect(ZONE_COLORS).toHaveLength(8);
    expect(POI_ICONS).toHaveLength(19);
    expect(POI_ICONS).toContain('supermarket');
  });
  it('corridorDistance accepts positive numbers and falls back to 25 m', () => {
    expect(corridorDistance(40)).toBe(40);
    expect(corridorDistance('12.5')).toBe(12.5);
    expect(corridorDistance(0)).toBe(25);
    expect(corridorDistance(-3)).toBe(25);
    expect(corridorDistance('')).toBe(25);
    expect(corridorDistance(undefined)).toBe(25);
    expect(corridorDistance('abc')).toBe(25);
  });
});
