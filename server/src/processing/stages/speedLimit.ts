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
  let limit = numberAttr(p.attributes.speedLimit);
  const offer = (value: number | undefined) => {
    if (value && value > 0 && (limit === undefined || value < limit)) limit = value;
  };
  for (const id of inside) offer(zones.zoneById(id)?.speedLimit);
  if (roadLimit) offer(roadLimit(p.latitude, p.longitude));
  if (limit !== undefined) p.attributes.speedLimit = limit;
}
