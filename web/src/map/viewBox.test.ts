import { LngLatBounds } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { areaAround, inArea, inBox, serves } from './viewBox';

describe('view box', () => {
  it('answers as LngLatBounds.contains, wrapped boxes included', () => {
    const boxes = [
      { west: 13.1, south: -8.95, east: 13.4, north: -8.7 },
      { west: -200, south: -10, east: 190, north: 10 },
      { west: 170, south: -5, east: -170, north: 5 },
    ];
    const points = [
      [13.25, -8.85],
      [13.1, -8.95],
      [13.41, -8.85],
      [13.25, -8.69],
      [175, 0],
      [-175, 0],
      [0, 0],
      [180, 5],
    ];
    for (const box of boxes) {
      const bounds = new LngLatBounds([box.west, box.south], [box.east, box.north]);
      for (const [lng, lat] of points) expect(inBox(box, lng, lat)).toBe(bounds.contains([lng, lat]));
    }
    expect(inBox(boxes[0], 13.25, -8.85)).toBe(true);
    expect(inBox(boxes[0], 13.41, -8.85)).toBe(false);
  });

  it('grows a view by its size on every side, keeps latitudes on the globe and counts world copies', () => {
    const view = { west: 13, south: -9, east: 14, north: -8 };
    const area = areaAround(view);
    expect(area).toEqual({ west: 12, south: -10, east: 15, north: -7 });
    expect(serves(area, view)).toBe(true);
    expect(serves(area, { ...view, east: 15.5 })).toBe(false);
    // Zoomed in by a level: still served; by more, the area is taken anew.
    expect(serves(area, { west: 13.25, south: -8.75, east: 13.75, north: -8.25 })).toBe(true);
    expect(serves(area, { west: 13.3, south: -8.7, east: 13.7, north: -8.3 })).toBe(false);
    expect(areaAround({ west: -10, south: 40, east: 10, north: 80 })).toMatchObject({ south: 0, north: 90 });
    // Across the antimeridian, as MapLibre gives it (east past 180).
    const pacific = areaAround({ west: 175, south: -20, east: 185, north: -10 });
    expect(inArea(pacific, -178, -15)).toBe(true);
    expect(inArea(pacific, 170, -15)).toBe(true);
    expect(inArea(pacific, 150, -15)).toBe(false);
    expect(inArea(pacific, -178, 5)).toBe(false);
    expect(inArea({ west: -300, south: -80, east: 300, north: 80 }, 100, 0)).toBe(true);
  });
});
