import { EARTH_RADIUS_M } from '../units';
import type { GeoPoint } from './types';

export const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;
export const toDegrees = (radians: number): number => (radians * 180) / Math.PI;

/** Great-circle distance in metres on the specification's sphere (radius 6373000 m). */
export function haversineDistance(a: GeoPoint, b: GeoPoint): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point `distance` metres from `origin` along the initial bearing (degrees clockwise from north). */
export function destinationPoint(origin: GeoPoint, bearingDegrees: number, distance: number): GeoPoint {
  const delta = distance / EARTH_RADIUS_M;
  const theta = toRadians(bearingDegrees);
  const phi1 = toRadians(origin.latitude);
  const lambda1 = toRadians(origin.longitude);
  const sinPhi2 = Math.sin(phi1) * Math.cos(delta) + Math.cos(phi1) * Math.sin(delta) * Math.cos(theta);
  const phi2 = Math.asin(sinPhi2);
  const lambda2 =
    lambda1 +
    Math.atan2(
      Math.sin(theta) * Math.sin(delta) * Math.cos(phi1),
      Math.cos(delta) - Math.sin(phi1) * sinPhi2,
    );
  return { latitude: toDegrees(phi2), longitude: ((toDegrees(lambda2) + 540) % 360) - 180 };
}
