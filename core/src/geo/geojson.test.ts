import { describe, expect, it } from 'vitest';
import { haversineDistance } from './distance';
import { areaToGeometry, geometryToArea } from './geojson';
import { parseArea } from './wkt';

describe('areaToGeometry', () => {
  it('swaps to [longitude, latitude] and closes polygon rings', () => {
    expect(areaToGeometry(parseArea('POLYGON ((-8.81 13.22, -8.82 13.24, -8.86 13.23))'))).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [13.22, -8.81],
          [13.24, -8.82],
          [13.23, -8.86],
          [13.22, -8.81],
        ],
      ],
    });
    expect(areaToGeometry(parseArea('LINESTRING (-8.83 13.22, -8.85 13.25)'))).toEqual({
      type: 'LineString',
      coordinates: [
        [13.22, -8.83],
        [13.25, -8.85],
      ],
    });
  });
  it('draws a circle as a closed polygon on its radius', () => {
    const geometry = areaToGeometry(parseArea('CIRCLE (-8.8106 13.2245, 200)'), 16);
    expect(geometry.type).toBe('Polygon');
    const ring = geometry.coordinates[0] as [number, number][];
    expect(ring).toHaveLength(17);
    expect(ring[16]).toEqual(ring[0]);
    for (const [longitude, latitude] of ring) {
      expect(
        haversineDistance({ latitude: -8.8106, longitude: 13.2245 }, { latitude, longitude }),
      ).toBeCloseTo(200, 6);
    }
  });
});

describe('geometryToArea', () => {
  it('turns a drawn point into a 100 m circle, or the radius given', () => {
    expect(geometryToArea({ type: 'Point', coordinates: [13.2245, -8.8106] })).toEqual({
      type: 'circle',
      center: { latitude: -8.8106, longitude: 13.2245 },
      radius: 100,
    });
    expect(geometryToArea({ type: 'Point', coordinates: [13.2245, -8.8106] }, 300)).toMatchObject({
      radius: 300,
    });
  });
  it('round-trips polygons and lines with an area', () => {
    for (const text of [
      'POLYGON ((-8.81 13.22, -8.82 13.24, -8.86 13.23))',
      'LINESTRING (-8.83 13.22, -8.85 13.25)',
    ]) {
      const area = parseArea(text);
      expect(geometryToArea(areaToGeometry(area))).toEqual(area);
    }
  });
});
