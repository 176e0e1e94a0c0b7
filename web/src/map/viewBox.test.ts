import { LngLatBounds } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { inBox } from './viewBox';

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
});
