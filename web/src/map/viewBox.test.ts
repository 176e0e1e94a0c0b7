import { describe, expect, it } from 'vitest';
import { areaAround, inBox, serves } from './viewBox';

describe('view box', () => {
  it('finds a point in a view box, at any of its world copies', () => {
    const luanda = { west: 13.1, south: -8.95, east: 13.4, north: -8.7 };
    expect(inBox(luanda, 13.25, -8.85)).toBe(true);
    expect(inBox(luanda, 13.1, -8.95)).toBe(true);
    expect(inBox(luanda, 13.41, -8.85)).toBe(false);
    expect(inBox(luanda, 13.25, -8.69)).toBe(false);
    // Across the antimeridian, as MapLibre gives it (east past 180).
    const fiji = { west: 175, south: -20, east: 185, north: -10 };
    expect(inBox(fiji, -178, -15)).toBe(true);
    expect(inBox(fiji, 178, -15)).toBe(true);
    expect(inBox(fiji, 170, -15)).toBe(false);
    expect(inBox(fiji, -178, 5)).toBe(false);
    // A view wider than the world.
    expect(inBox({ west: -300, south: -80, east: 300, north: 80 }, 100, 0)).toBe(true);
  });

  it('grows a view by its size on every side and keeps latitudes on the globe', () => {
    const view = { west: 13, south: -9, east: 14, north: -8 };
    const area = areaAround(view);
    expect(area).toEqual({ west: 12, south: -10, east: 15, north: -7 });
    expect(serves(area, view)).toBe(true);
    expect(serves(area, { ...view, east: 15.5 })).toBe(false);
    // Zoomed in by a level: still served; by more, the area is taken anew.
    expect(serves(area, { west: 13.25, south: -8.75, east: 13.75, north: -8.25 })).toBe(true);
    expect(serves(area, { west: 13.3, south: -8.7, east: 13.7, north: -8.3 })).toBe(false);
    expect(areaAround({ west: -10, south: 40, east: 10, north: 80 })).toMatchObject({ south: 0, north: 90 });
    const pacific = areaAround({ west: 175, south: -20, east: 185, north: -10 });
    expect(inBox(pacific, 170, -15)).toBe(true);
    expect(inBox(pacific, -170, -15)).toBe(true);
    expect(inBox(pacific, 150, -15)).toBe(false);
  });
});
