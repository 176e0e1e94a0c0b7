import { describe, expect, it } from 'vitest';
import { pointInArea } from './contains';
import { destinationPoint } from './distance';
import { parseArea } from './wkt';

const centre = { latitude: -8.83, longitude: 13.23 };

describe('pointInArea', () => {
  it('tests circles by radius', () => {
    const area = parseArea('CIRCLE (-8.83 13.23, 100)');
    expect(pointInArea(destinationPoint(centre, 60, 95), area)).toBe(true);
    expect(pointInArea(destinationPoint(centre, 60, 105), area)).toBe(false);
  });
  it('tests polygons by ray casting', () => {
    const area = parseArea(
      'POLYGON ((-8.8 13.2, -8.8 13.26, -8.86 13.26, -8.86 13.24, -8.82 13.24, -8.82 13.22, -8.86 13.22, -8.86 13.2))',
    );
    expect(pointInArea(centre, area)).toBe(false);
    expect(pointInArea({ latitude: -8.81, longitude: 13.23 }, area)).toBe(true);
  });
  it('tests corridors with their distance, 25 m by default', () => {
    const area = parseArea('LINESTRING (-8.83 13.22, -8.83 13.24, -8.85 13.25)');
    const beside = destinationPoint(centre, 180, 40);
    expect(pointInArea(beside, area)).toBe(false);
    expect(pointInArea(beside, area, 50)).toBe(true);
  });
});
