import type { GeoPoint } from './types';

/** About 0.1 mm: below the precision any tracker reports, above floating-point noise on degrees. */
const BOUNDARY_EPSILON_DEG = 1e-9;

function onSegment(p: GeoPoint, a: GeoPoint, b: GeoPoint): boolean {
  const dx = b.longitude - a.longitude;
  const dy = b.latitude - a.latitude;
  const px = p.longitude - a.longitude;
  const py = p.latitude - a.latitude;
  const length = Math.hypot(dx, dy);
  if (length === 0) return Math.hypot(px, py) <= BOUNDARY_EPSILON_DEG;
  if (Math.abs(dx * py - dy * px) / length > BOUNDARY_EPSILON_DEG) return false;
  const t = (px * dx + py * dy) / (length * length);
  return t >= -BOUNDARY_EPSILON_DEG / length && t <= 1 + BOUNDARY_EPSILON_DEG / length;
}

/**
 * Point in polygon by ray casting in longitude/latitude (planar, right at city scale; the antimeridian is
 * not handled). Each edge counts as half-open in latitude, so a ray through a vertex or along a horizontal
 * edge is counted once. Points on the boundary count as inside. The ring may be open or closed.
 */
export function pointInPolygon(point: GeoPoint, ring: readonly GeoPoint[]): boolean {
  if (ring.length < 3) return false;
  const x = point.longitude;
  const y = point.latitude;
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i];
    const b = ring[j];
    if (onSegment(point, a, b)) return true;
    if (a.latitude > y !== b.latitude > y) {
      const crossingX =
        a.longitude + ((y - a.latitude) * (b.longitude - a.longitude)) / (b.latitude - a.latitude);
      if (x < crossingX) inside = !inside;
    }
  }
  return inside;
}
