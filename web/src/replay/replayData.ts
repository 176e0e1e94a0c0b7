import type { StreamHead, StreamMarks, StreamRoute } from './replayStream';
import {
  ROUTE_EVENTS,
  type ColumnAnswer,
  type ReplayData,
  type ReplayTrip,
  type RouteEvent,
  type SeriesAnswer,
} from './types';

const isRouteEvent = (value: string | null): value is RouteEvent =>
  value !== null && (ROUTE_EVENTS as readonly string[]).includes(value);

function floats<T extends Float32Array | Float64Array>(
  make: new (n: number) => T,
  values: ArrayLike<number | null | undefined> | undefined,
  n: number,
  privacy: Uint8Array | null,
): T {
  const out = new make(n);
  for (let i = 0; i < n; i++) {
    const value = values?.[i];
    out[i] = value === null || value === undefined || (privacy && privacy[i]) ? NaN : value;
  }
  return out;
}

/**
 * The column answer as typed arrays, with private positions blanked for everyone (administrators receive
 * their coordinates; the screen still hides them) and the trip list's private addresses removed.
 */
export function toReplayData(answer: ColumnAnswer): ReplayData {
  const p = answer.positions;
  const n = p.fixTime.length;
  const privacy = new Uint8Array(n);
  for (let i = 0; i < n; i++) privacy[i] = p.privacy?.[i] ? 1 : 0;
  const events: ReplayData['events'] = [];
  for (let i = 0; i < n; i++) {
    const kind = p.event?.[i] ?? null;
    if (isRouteEvent(kind) && !privacy[i]) events.push({ index: i, kind });
  }
  return {
    length: n,
    id: floats(Float64Array, p.id, n, null),
    time: floats(Float64Array, p.fixTime, n, null),
    latitude: floats(Float64Array, p.latitude, n, privacy),
    longitude: floats(Float64Array, p.longitude, n, privacy),
    speed: floats(Float32Array, p.speed, n, privacy),
    course: floats(Float32Array, p.course, n, privacy),
    distance: floats(Float32Array, p.distance, n, null),
    speedLimit: floats(Float32Array, p.speedLimit, n, privacy),
    privacy,
    events,
    ...lazySeries(p.series ?? {}, n, privacy, (i) => i),
    trips: shownTrips(answer.trips),
    device: answer.device ?? null,
    marksLoaded: true,
  };
}

const shownTrips = (trips: ReplayTrip[]) =>
  trips.map((trip) =>
    trip.trip_privacy ? { ...trip, trip_start_address: null, trip_end_address: null } : trip,
  );

/**
 * Series that become typed arrays on first use (the chart's): a week holds millions of attribute values.
 * `at(k)` is the position of the answer's k-th value (-1 when the route does not have it).
 */
function lazySeries(
  answer: Record<string, Array<number | null>>,
  n: number,
  privacy: Uint8Array,
  at: (k: number) => number,
): Pick<ReplayData, 'series' | 'seriesNames' | 'seriesLoaded'> {
  const series: ReplayData['series'] = {};
  const seriesNames: string[] = [];
  for (const [name, values] of Object.entries(answer)) {
    if (values.some((value, k) => value !== null && at(k) >= 0 && !privacy[at(k)])) seriesNames.push(name);
    let typed: Float64Array | null = null;
    const make = () => {
      const out = new Float64Array(n).fill(NaN);
      for (let k = 0; k < values.length; k++) {
        const i = at(k);
        const value = values[k];
        if (i >= 0 && value !== null && !privacy[i]) out[i] = value;
      }
      return out;
    };
    Object.defineProperty(series, name, { enumerable: true, get: () => (typed ??= make()) });
  }
  return { series, seriesNames, seriesLoaded: true };
}

/**
 * A streamed route as the screen holds it until its markers come: no speed limits (so no red yet), steps,
 * events or trips. The reader already blanked private positions.
 */
export function fromStreamRoute(route: StreamRoute, head: StreamHead): ReplayData {
  const n = route.length;
  return {
    length: n,
    id: route.id,
    time: route.time,
    latitude: route.latitude,
    longitude: route.longitude,
    speed: route.speed,
    course: route.course,
    distance: new Float32Array(n).fill(NaN),
    speedLimit: new Float32Array(n).fill(NaN),
    privacy: route.privacy,
    events: [],
    series: {},
    seriesNames: [],
    seriesLoaded: false,
    trips: [],
    device: head.device ?? null,
    marksLoaded: false,
  };
}

/** The route with its markers, limits, steps and trips: a new ReplayData over the same route arrays. */
export function withMarks(data: ReplayData, marks: StreamMarks, eventNames: readonly string[]): ReplayData {
  const events: ReplayData['events'] = [];
  for (let i = 0; i < data.length; i++) {
    const code = marks.event[i];
    if (!code) continue;
    const kind = eventNames[code - 1] ?? null;
    if (isRouteEvent(kind) && !data.privacy[i]) events.push({ index: i, kind });
  }
  return {
    ...data,
    speedLimit: marks.speedLimit,
    distance: marks.distance,
    events,
    trips: shownTrips(marks.trips),
    marksLoaded: true,
  };
}

/** The route with its series, each value placed at the route position of the same id. */
export function withSeries(data: ReplayData, answer: SeriesAnswer): ReplayData {
  const ids = answer.id;
  const n = data.length;
  const aligned = ids.length === n && (n === 0 || (ids[0] === data.id[0] && ids[n - 1] === data.id[n - 1]));
  let at = (k: number) => k;
  if (!aligned) {
    // positions stored between the two calls (a device sending its buffer) shift the indexes
    const index = new Map<number, number>();
    for (let i = 0; i < n; i++) index.set(data.id[i], i);
    at = (k) => index.get(ids[k]) ?? -1;
  }
  return { ...data, ...lazySeries(answer.series, n, data.privacy, at) };
}

/** Whether position `i` has a place to show. */
export const hasPlace = (data: ReplayData, i: number): boolean =>
  i >= 0 && i < data.length && Number.isFinite(data.latitude[i]) && Number.isFinite(data.longitude[i]);

/** The bounding box [[west, south], [east, north]] of the shown positions in [lo, hi], or null. */
export function boundsOf(
  data: ReplayData,
  lo: number,
  hi: number,
): [[number, number], [number, number]] | null {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (let i = Math.max(0, lo); i <= Math.min(hi, data.length - 1); i++) {
    const lat = data.latitude[i];
    const lon = data.longitude[i];
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) continue;
    if (lon < west) west = lon;
    if (lon > east) east = lon;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  }
  return west === Infinity
    ? null
    : [
        [west, south],
        [east, north],
      ];
}
