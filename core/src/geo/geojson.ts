import { circlePolygon } from './circle';
import type { Area, GeoPoint } from './types';
import { ZONE_DEFAULTS } from './zoneDefaults';

/** GeoJSON positions are [longitude, latitude]: the opposite of the WKT areas. */
export type LngLat = [number, number];

export type AreaGeometry =
  | { type: 'Point'; coordinates: LngLat }
  | { type: 'LineString'; coordinates: LngLat[] }
  | { type: 'Polygon'; coordinates: LngLat[][] };

const toLngLat = (p: GeoPoint): LngLat => [p.longitude, p.latitude];
const fromLngLat = ([longitude, latitude]: readonly number[]): GeoPoint => ({ latitude, longitude });
const closeRing = (ring: LngLat[]): LngLat[] => (ring.length > 0 ? [...ring, ring[0]] : ring);

/** The geometry a map draws for an area; circles become a polygon of `circleSteps` points. */
export function areaToGeometry(area: Area, circleSteps = 64): AreaGeometry {
  switch (area.type) {
    case 'circle':
      return {
        type: 'Polygon',
        coordinates: [closeRing(circlePolygon(area.center, area.radius, circleSteps).map(toLngLat))],
      };
    case 'polygon':
      return { type: 'Polygon', coordinates: [closeRing(area.points.map(toLngLat))] };
    case 'linestring':
      return { type: 'LineString', coordinates: area.points.map(toLngLat) };
  }
}

/**
 * The area for a drawn geometry (map drawing tools give GeoJSON): a point becomes a circle of `radius`
 * (default 100 m), a polygon keeps its outer ring, a line string its points.
 */
export function geometryToArea(geometry: AreaGeometry, radius: number = ZONE_DEFAULTS.radius): Area {
  switch (geometry.type) {
    case 'Point':
      return { type: 'circle', center: fromLngLat(geometry.coordinates), radius };
    case 'LineString':
      return { type: 'linestring', points: geometry.coordinates.map(fromLngLat) };
    case 'Polygon': {
      const points = (geometry.coordinates[0] ?? []).map(fromLngLat);
      const first = points[0];
      const last = points[points.length - 1];
      if (points.length > 1 && first.latitude === last.latitude && first.longitude === last.longitude)
        points.pop();
      return { type: 'polygon', points };
    }
  }
}
