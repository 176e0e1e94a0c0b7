/** How an offline lookup becomes a short address ("Luanda, AO", "12 km NE de Viana, AO"). */
import { COMPASS_POINTS, relativeAddressText, type CompassPoint } from '@frota/core';
import type { NearestPlace } from './placeIndex';

/** Beyond this the address says how far, and which way, the point is from the place. */
export const NEAR_KM = 2;

export type { CompassPoint };

const RAD = Math.PI / 180;

/** Initial great-circle bearing from the first point to the second, degrees clockwise from north [0, 360). */
export function bearingDegrees(fromLat: number, fromLon: number, toLat: number, toLon: number): number {
  const phi1 = fromLat * RAD;
  const phi2 = toLat * RAD;
  const dLon = (toLon - fromLon) * RAD;
  const y = Math.sin(dLon) * Math.cos(phi2);
  const x = Math.cos(phi1) * Math.sin(phi2) - Math.sin(phi1) * Math.cos(phi2) * Math.cos(dLon);
  return (Math.atan2(y, x) / RAD + 360) % 360;
}

export function compassPoint(bearing: number): CompassPoint {
  const sector = Math.round((((bearing % 360) + 360) % 360) / 45) % 8;
  return COMPASS_POINTS[sector];
}

/**
 * "Place, CC" when the point is within NEAR_KM of the place, else "N km DIR de Place, CC" (stored in
 * Portuguese; readers translate it from its parts, see parseRelativeAddress).
 */
export function formatNearest(place: NearestPlace, lat: number, lon: number): string {
  const where = `${place.label}, ${place.country}`;
  if (place.distanceKm <= NEAR_KM) return where;
  const direction = compassPoint(bearingDegrees(place.lat, place.lon, lat, lon));
  return relativeAddressText({ km: Math.round(place.distanceKm), point: direction, place: where });
}

export function isValidCoordinate(lat: number, lon: number): boolean {
  return Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
}
