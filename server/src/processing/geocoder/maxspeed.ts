/**
 * OSM `maxspeed` values (what a Nominatim-compatible server gives in `extratags`): "50" (km/h), "80 mph",
 * "50 km/h", "30;50" (the first). Zone codes ("PT:urban"), "none", "signals", "walk" say no number: none.
 * Answers knots, as every stored speed.
 */
import { kmhToKnots } from '@frota/core';

const MPH_TO_KMH = 1.609344;

export function maxspeedKnots(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(mph|km\/h|kmh|kph)?\s*$/i.exec(value.split(';')[0]);
  if (!m) return undefined;
  const number = Number(m[1]);
  if (!(number > 0)) return undefined;
  const kmh = m[2]?.toLowerCase() === 'mph' ? number * MPH_TO_KMH : number;
  return kmhToKnots(kmh);
}
