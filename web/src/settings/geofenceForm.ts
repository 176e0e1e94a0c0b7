import {
  ZONE_DEFAULTS,
  formatArea,
  parseArea,
  speedLimitFromKmh,
  speedLimitToKmh,
  validateArea,
  type Area,
} from '@frota/core';
import type { Geofence } from '../api/types';

export type GeofenceDraft = Omit<Geofence, 'id'> & { id?: number };

export const newGeofence = (): GeofenceDraft => ({
  name: '',
  description: '',
  area: `CIRCLE (-8.8383 13.2344, ${ZONE_DEFAULTS.radius})`,
  attributes: { color: ZONE_DEFAULTS.color, icon: ZONE_DEFAULTS.icon },
});

export function areaOf(text: string | undefined): Area | null {
  try {
    return text ? parseArea(text) : null;
  } catch {
    return null;
  }
}

/** The area text with a new circle radius (metres); other shapes are left as they are. */
export function withRadius(text: string, radius: number): string {
  const area = areaOf(text);
  return area?.type === 'circle' && Number.isFinite(radius) && radius > 0
    ? formatArea({ ...area, radius })
    : text;
}

/** The area text of a circle moved to a new centre (rounded to about a metre); other shapes as they are. */
export function withCentre(text: string, latitude: number, longitude: number): string {
  const area = areaOf(text);
  const round = (v: number) => Math.round(v * 1e5) / 1e5;
  return area?.type === 'circle'
    ? formatArea({ ...area, center: { latitude: round(latitude), longitude: round(longitude) } })
    : text;
}

export const zoneSpeedText = (zone: GeofenceDraft | undefined): string => {
  const knots = Number(zone?.attributes.speedLimit);
  return knots > 0 ? String(speedLimitToKmh(knots)) : '';
};

/** The area's problem (the server's text), or null. */
export const areaProblem = (zone: GeofenceDraft): string | null => validateArea(zone.area);

export function geofenceBody(zone: GeofenceDraft, speedKmh: string | null): GeofenceDraft {
  const attributes = { ...zone.attributes };
  if (speedKmh !== null) attributes.speedLimit = speedLimitFromKmh(speedKmh);
  return { ...zone, attributes };
}
