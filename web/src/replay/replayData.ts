import { ROUTE_EVENTS, type ColumnAnswer, type ReplayData, type RouteEvent } from './types';

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
  // Series become typed arrays on first use (the chart's): a week holds millions of attribute values.
  const series: ReplayData['series'] = {};
  const seriesNames: string[] = [];
  for (const [name, values] of Object.entries(p.series ?? {})) {
    if (values.some((value, i) => value !== null && !privacy[i])) seriesNames.push(name);
    let typed: Float64Array | null = null;
    Object.defineProperty(series, name, {
      enumerable: true,
      get: () => (typed ??= floats(Float64Array, values, n, privacy)),
    });
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
    series,
    seriesNames,
    trips: answer.trips.map((trip) =>
      trip.trip_privacy ? { ...trip, trip_start_address: null, trip_end_address: null } : trip,
    ),
    device: answer.device ?? null,
  };
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
