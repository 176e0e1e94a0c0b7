/** Luanda waypoints and straight-segment route geometry (pure). */
import { destinationPoint, haversineDistance } from '@frota/core/geo/distance';
import type { Random } from './random';

export interface LatLon {
  latitude: number;
  longitude: number;
}

const at = (latitude: number, longitude: number): LatLon => ({ latitude, longitude });

/** Real places of Luanda (and a few on the Via Expressa and in the bay) the demo vehicles drive between. */
export const WAYPOINTS = {
  baixa: at(-8.8147, 13.2302),
  maianga: at(-8.8285, 13.2355),
  aeroporto: at(-8.8555, 13.2335),
  cazenga: at(-8.8335, 13.2850),
  saoPaulo: at(-8.8245, 13.2590),
  rangel: at(-8.8390, 13.2610),
  golf: at(-8.8700, 13.2700),
  camama: at(-8.9180, 13.2480),
  talatona: at(-8.9150, 13.1840),
  benfica: at(-8.9470, 13.1880),
  kilamba: at(-8.9560, 13.2700),
  viana: at(-8.9030, 13.3740),
  expressaNorte: at(-8.8300, 13.2600),
  expressaCentro: at(-8.8700, 13.3000),
  expressaSul: at(-8.9300, 13.3300),
  porto: at(-8.7990, 13.2410),
  estaleiroA: at(-8.9020, 13.3620),
  estaleiroB: at(-8.9020, 13.3780),
  estaleiroC: at(-8.9130, 13.3780),
  estaleiroD: at(-8.9130, 13.3620),
  baiaA: at(-8.7950, 13.2200),
  baiaB: at(-8.7850, 13.2100),
  baiaC: at(-8.7800, 13.2250),
} as const satisfies Record<string, LatLon>;

export type WaypointName = keyof typeof WAYPOINTS;

export const distanceM = (a: LatLon, b: LatLon): number => haversineDistance(a, b);

/** Initial bearing from a to b, degrees clockwise from north in [0, 360). */
export function bearingDeg(a: LatLon, b: LatLon): number {
  const rad = Math.PI / 180;
  const phi1 = a.latitude * rad;
  const phi2 = b.latitude * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const y = Math.sin(dLon) * Math.cos(phi2);
  const x = Math.cos(phi1) * Math.sin(phi2) - Math.sin(phi1) * Math.cos(phi2) * Math.cos(dLon);
  return ((Math.atan2(y, x) / rad) % 360 + 360) % 360;
}

/** The point a fraction (0..1, clamped) of the way along the straight segment a -> b. */
export function interpolate(a: LatLon, b: LatLon, fraction: number): LatLon {
  const f = Math.min(1, Math.max(0, fraction));
  return {
    latitude: a.latitude + (b.latitude - a.latitude) * f,
    longitude: a.longitude + (b.longitude - a.longitude) * f,
  };
}

/** A closed route: legs from each waypoint to the next, the last back to the first. */
export interface Route {
  points: readonly LatLon[];
  /** length of leg i (points[i] -> points[i + 1 mod n]) in metres */
  lengths: readonly number[];
}

export function makeRoute(points: readonly LatLon[]): Route {
  if (points.length < 2) throw new Error('a route needs at least two waypoints');
  const lengths = points.map((p, i) => distanceM(p, points[(i + 1) % points.length]));
  return { points, lengths };
}

export const legEnds = (route: Route, leg: number) => {
  const n = route.points.length;
  return { from: route.points[leg % n], to: route.points[(leg + 1) % n] };
};

/** Where a vehicle `metres` along leg `leg` is, and which way it faces. */
export function pointOnLeg(route: Route, leg: number, metres: number): { point: LatLon; course: number } {
  const { from, to } = legEnds(route, leg);
  const length = route.lengths[leg % route.points.length];
  return { point: interpolate(from, to, length > 0 ? metres / length : 1), course: bearingDeg(from, to) };
}

/** GPS noise: the point moved up to `metres` in a random direction. */
export function jitter(point: LatLon, metres: number, rnd: Random): LatLon {
  return destinationPoint(point, rnd.between(0, 360), rnd.between(0, metres));
}
