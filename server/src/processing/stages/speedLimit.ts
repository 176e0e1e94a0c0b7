/**
 * The road speed limit of a position (`attributes.speedLimit`, knots, as Traccar stores it): the lowest
 * of the limits of the zones the vehicle is inside and, when an online geocoder is configured, the
 * posted limit (OSM `maxspeed`) of the road it is on. The speeding report reads it with "use road limits".
 * A limit the tracker reported itself is kept when it is lower.
 */
import { numberAttr } from '@frota/core';
import type { ProcessedPosition } from '../types';
import type { ZoneIndex } from '../zoneIndex';

export type RoadLimit = (latitude: number, longitude: number) => number | undefined;

export function applySpeedLimit(
  p: ProcessedPosition,
  inside: readonly number[],
  zones: ZoneIndex,
  roadLimit?: RoadLimit,
): void {
  if (!p.valid) return;
  // (no closure here: it runs for every record)
  let limit = numberAttr(p.attributes.speedLimit);
  for (const id of inside) limit = lower(limit, zones.zoneById(id)?.speedLimit);
  if (roadLimit) limit = lower(limit, roadLimit(p.latitude, p.longitude));
  if (limit !== undefined) p.attributes.speedLimit = limit;
}

/** The lower of a limit and another one offered (an offer of none or 0 changes nothing). */
const lower = (limit: number | undefined, offered: number | undefined): number | undefined =>
  offered && offered > 0 && (limit === undefined || offered < limit) ? offered : limit;
