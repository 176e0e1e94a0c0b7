import { destinationPoint, haversineDistance } from './distance';
import type { GeoPoint } from './types';

/** Inside or on the circle. */
export const pointInCircle = (point: GeoPoint, center: GeoPoint, radius: number): boolean =>
  haversineDistance(point, center) <= radius;

/** An open ring of `steps` points approximating the circle, clockwise from north, for drawing. */
export function circlePolygon(center: GeoPoint, radius: number, steps = 64): GeoPoint[] {
  const count = Math.max(3, Math.floor(steps));
  return Array.from({ length: count }, (_, i) => destinationPoint(center, (360 * i) / count, radius));
}
