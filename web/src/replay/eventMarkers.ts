import type { ReplayData, RouteEvent } from './types';

/** Marker colours of the route events (document 2 §2.6). */
export const EVENT_COLOURS: Record<RouteEvent, string> = {
  start: '#2e7d32',
  stop: '#c62828',
  idle: '#f9a825',
  speeding: '#6a1b9a',
  fuel: '#00838f',
  pto: '#5d4037',
};

/** One point per route event, carrying its position index (the layer shows those inside the range). */
export function eventFeatures(data: ReplayData): GeoJSON.FeatureCollection<GeoJSON.Point> {
  return {
    type: 'FeatureCollection',
    features: data.events.map(({ index, kind }) => ({
      type: 'Feature',
      properties: { i: index, kind, colour: EVENT_COLOURS[kind] },
      geometry: { type: 'Point', coordinates: [data.longitude[index], data.latitude[index]] },
    })),
  };
}

/** The layer filter showing the events inside [start, end]. */
export const rangeFilter = (start: number, end: number) => [
  'all',
  ['>=', ['get', 'i'], start],
  ['<=', ['get', 'i'], end],
];
