import { EARTH_RADIUS_M } from '../units';
import { toDegrees, toRadians } from './distance';
import type { Area, BoundingBox, GeoPoint } from './types';
import { corridorDistance } from './zoneDefaults';

/** Bounds of a set of points; undefined when there are none. */
export function pointsBounds(points: readonly GeoPoint[]): BoundingBox | undefined {
  if (points.length === 0) return undefined;
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const p of points) {
    box.minX = Math.min(box.minX, p.longitude);
    box.maxX = Math.max(box.maxX, p.longitude);
    box.minY = Math.min(box.minY, p.latitude);
    box.maxY = Math.max(box.maxY, p.latitude);
  }
  return box;
}

/**
 * Grows a box by `metres` on every side. Longitude is widened at the box's latitude farthest from the
 * equator, so the result always contains every point within `metres`; near a pole it spans all longitudes.
 */
export function expandBounds(box: BoundingBox, metres: number): BoundingBox {
  const dLat = toDegrees(metres / EARTH_RADIUS_M);
  const minY = Math.max(-90, box.minY - dLat);
  const maxY = Math.min(90, box.maxY + dLat);
  const cos = Math.cos(toRadians(Math.max(Math.abs(minY), Math.abs(maxY))));
  const dLon = cos > 1e-9 ? toDegrees(metres / (EARTH_RADIUS_M * cos)) : 360;
  return {
    minX: Math.max(-180, box.minX - dLon),
    minY,
    maxX: Math.min(180, box.maxX + dLon),
    maxY,
  };
}

/**
 * The box that holds every point that can be inside the area: circles by their radius, corridors widened
 * by their distance (polylineDistance, default 25 m) so a spatial index never drops a point beside a
 * straight north-south or east-west road.
 */
export function areaBounds(area: Area, polylineDistance?: number): BoundingBox {
  switch (area.type) {
    case 'circle': {
      const { latitude, longitude } = area.center;
      return expandBounds({ minX: longitude, minY: latitude, maxX: longitude, maxY: latitude }, area.radius);
    }
    case 'polygon':
      return requiredBounds(area.points);
    case 'linestring':
      return expandBounds(requiredBounds(area.points), corridorDistance(polylineDistance));
  }
}

function requiredBounds(points: readonly GeoPoint[]): BoundingBox {
  const box = pointsBounds(points);
  if (!box) throw new Error('An area without points has no bounds');
  return box;
}

export const boundsContain = (box: BoundingBox, point: GeoPoint): boolean =>
  point.longitude >= box.minX &&
  point.longitude <= box.maxX &&
  point.latitude >= box.minY &&
  point.latitude <= box.maxY;

/** MapLibre's LngLatBoundsLike ([[west, south], [east, north]]) for fitBounds. */
export const toLngLatBounds = (box: BoundingBox): [[number, number], [number, number]] => [
  [box.minX, box.minY],
  [box.maxX, box.maxY],
];
