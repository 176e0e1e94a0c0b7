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
  cazenga: at(-8.8335, 13.285),
  saoPaulo: at(-8.8245, 13.259),
  rangel: at(-8.839, 13.261),
  golf: at(-8.87, 13.27),
  camama: at(-8.918, 13.248),
  talatona: at(-8.915, 13.184),
  benfica: at(-8.947, 13.188),
  kilamba: at(-8.956, 13.27),
  viana: at(-8.903, 13.374),
  expressaNorte: at(-8.83, 13.26),
  expressaCentro: at(-8.87, 13.3),
  expressaSul: at(-8.93, 13.33),
  porto: at(-8.799, 13.241),
  // the building site lies south-east of Viana, off the roads the other vehicles take
  estaleiroA: at(-8.935, 13.38),
  estaleiroB: at(-8.935, 13.394),
  estaleiroC: at(-8.946, 13.394),
  estaleiroD: at(-8.946, 13.38),
  baiaA: at(-8.795, 13.22),
  baiaB: at(-8.785, 13.21),
  baiaC: at(-8.78, 13.225),
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
  return (((Math.atan2(y, x) / rad) % 360) + 360) % 360;
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
