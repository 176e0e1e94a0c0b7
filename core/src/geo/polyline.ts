import { EARTH_RADIUS_M } from '../units';
import { haversineDistance, toRadians } from './distance';
import type { GeoPoint } from './types';
import { corridorDistance } from './zoneDefaults';

export interface PolylineProjection {
  /** The closest point of the line. */
  point: GeoPoint;
  /** Metres from the query point to `point`. */
  distance: number;
  /** Index of the segment (from points[segment] to points[segment + 1]) holding `point`. */
  segment: number;
}

const METRES_PER_DEGREE = (EARTH_RADIUS_M * Math.PI) / 180;

/**
 * The closest point of a polyline. Segments are projected on a local equirectangular plane centred on the
 * query point (exact along meridians, within a fraction of a percent at city scale), then the distance to
 * the foot is measured by haversine so it agrees with every other distance. Undefined for an empty line.
 */
export function closestPointOnPolyline(
  point: GeoPoint,
  line: readonly GeoPoint[],
): PolylineProjection | undefined {
  if (line.length === 0) return undefined;
  if (line.length === 1) return { point: line[0], distance: haversineDistance(point, line[0]), segment: 0 };
  const ky = METRES_PER_DEGREE;
  const kx = METRES_PER_DEGREE * Math.cos(toRadians(point.latitude));
  let best = { d2: Infinity, segment: 0, t: 0 };
  for (let i = 0; i < line.length - 1; i++) {
    const ax = (line[i].longitude - point.longitude) * kx;
    const ay = (line[i].latitude - point.latitude) * ky;
    const dx = (line[i + 1].longitude - line[i].longitude) * kx;
    const dy = (line[i + 1].latitude - line[i].latitude) * ky;
    const length2 = dx * dx + dy * dy;
    const t = length2 === 0 ? 0 : Math.min(1, Math.max(0, -(ax * dx + ay * dy) / length2));
    const d2 = (ax + t * dx) ** 2 + (ay + t * dy) ** 2;
    if (d2 < best.d2) best = { d2, segment: i, t };
  }
  const a = line[best.segment];
  const b = line[best.segment + 1];
  const foot = {
    latitude: a.latitude + best.t * (b.latitude - a.latitude),
    longitude: a.longitude + best.t * (b.longitude - a.longitude),
  };
  return { point: foot, distance: haversineDistance(point, foot), segment: best.segment };
}

/** Metres from the point to the nearest point of the line; Infinity for an empty line. */
export const distanceToPolyline = (point: GeoPoint, line: readonly GeoPoint[]): number =>
  closestPointOnPolyline(point, line)?.distance ?? Infinity;

/** Within the corridor: at most polylineDistance metres (default 25) from the line. */
export const pointInCorridor = (
  point: GeoPoint,
  line: readonly GeoPoint[],
  polylineDistance?: number,
): boolean => distanceToPolyline(point, line) <= corridorDistance(polylineDistance);
