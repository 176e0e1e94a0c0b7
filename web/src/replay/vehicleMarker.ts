import type { StatusColor } from '@frota/core';
import { vehicleIconId } from '../map/vehicleFeatures';
import { hasPlace } from './replayData';
import type { ReplayData } from './types';

/** Document 2 §2.6: the trail behind the vehicle keeps its last 5 positions. */
export const TRAIL_POINTS = 5;

/** Moving green, stopped red (the live map's colours). */
export const markerColour = (knots: number): StatusColor => (knots > 0.5 ? 'green' : 'red');

/**
 * The vehicle at the end of the range (its icon turned by course when the category rotates) and the trail
 * of its last 5 shown positions; nothing when that position is private.
 */
export function markerFeatures(
  data: ReplayData,
  end: number,
  category: string,
  rotates: boolean,
): GeoJSON.FeatureCollection {
  if (!hasPlace(data, end)) return { type: 'FeatureCollection', features: [] };
  const trail: Array<[number, number]> = [];
  for (let i = end; i >= 0 && trail.length < TRAIL_POINTS; i--) {
    if (!hasPlace(data, i)) break;
    trail.unshift([data.longitude[i], data.latitude[i]]);
  }
  const features: GeoJSON.Feature[] = [];
  if (trail.length > 1)
    features.push({
      type: 'Feature',
      properties: { kind: 'trail' },
      geometry: { type: 'LineString', coordinates: trail },
    });
  features.push({
    type: 'Feature',
    properties: {
      kind: 'vehicle',
      icon: vehicleIconId(category, markerColour(data.speed[end])),
      course: rotates ? data.course[end] : 0,
    },
    geometry: { type: 'Point', coordinates: [data.longitude[end], data.latitude[end]] },
  });
  return { type: 'FeatureCollection', features };
}
