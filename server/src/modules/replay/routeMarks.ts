/**
 * The detectors' pass (readReplay) placed against the route read before it: the pass reads only the
 * positions the route has (up to its last id), so both usually hold the same positions in the same order;
 * a position deleted in between leaves its route place without marker, limit or step.
 */
import type { ReplayData } from './replay';
import type { RouteIds } from './routeRead';
import type { MarkColumns } from './streamFrames';
import type { ReplayTrip } from './trips';

/** For each position of the pass, its index in the route (-1 when the route lacks it). */
function placesInRoute(route: RouteIds, passIds: Float64Array, passLength: number): Int32Array {
  const places = new Int32Array(passLength);
  let same = passLength === route.length;
  for (let k = 0; same && k < passLength; k++) {
    places[k] = k;
    same = passIds[k] === route.ids[k];
  }
  if (same) return places;
  const index = new Map<number, number>();
  for (let i = 0; i < route.length; i++) index.set(route.ids[i], i);
  for (let k = 0; k < passLength; k++) places[k] = index.get(passIds[k]) ?? -1;
  return places;
}

export function routeMarks(route: RouteIds, data: ReplayData): MarkColumns & { trips: ReplayTrip[] } {
  const n = route.length;
  const c = data.cols;
  const places = placesInRoute(route, c.id, c.length);
  const speedLimit = new Float32Array(n).fill(NaN);
  const distance = new Float32Array(n).fill(NaN);
  const event = new Uint8Array(n);
  for (let k = 0; k < c.length; k++) {
    const i = places[k];
    if (i < 0) continue;
    speedLimit[i] = c.speedLimit[k];
    distance[i] = c.distance[k];
    event[i] = c.event[k];
  }
  const placed = (k: number, fallback: number) => {
    const i = places[Math.max(0, Math.min(k, c.length - 1))];
    return i >= 0 ? i : fallback;
  };
  const trips = data.trips.map((t) => ({
    ...t,
    start_index: placed(t.start_index, 0),
    end_index: placed(t.end_index, n - 1),
  }));
  return { speedLimit, distance, event, trips };
}
