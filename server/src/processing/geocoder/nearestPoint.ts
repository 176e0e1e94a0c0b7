/**
 * The nearest point of a kdbush index on the sphere, without allocating. geokdbush's
 * `around(index, lng, lat, 1)` answers the same point by the same distance formula, but makes an object for
 * every kd-tree node and point it queues (some 7 KB a lookup: the geocoder's share of the ingest's garbage).
 * Here the search goes depth first, the nearer half of a node first, and skips a half whose box cannot hold
 * a point nearer than the best found so far (geokdbush's lower bound of a box's distance). Points exactly
 * as near as the best are still visited, so a tie is known: the caller then asks geokdbush, whose queue
 * decides which of them it answers.
 */
import type KDBush from 'kdbush';

/** The index holds no point. */
export const NO_POINT = -1;
/** Two or more points are equally near. */
export const TIED = -2;

const RAD = Math.PI / 180;
/** left, right, axis, minLng, minLat, maxLng, maxLat, lower bound of the distance */
const FIELDS = 8;
/** Nodes waiting: at most one per level of the tree and the root (64 levels: 2^64 points). */
const DEPTH = 64;
const stack = new Float64Array(DEPTH * FIELDS);

function haverSin(theta: number): number {
  const s = Math.sin(theta / 2);
  return s * s;
}

function haverSinDistPartial(haverSinDLng: number, cosLat1: number, lat1: number, lat2: number): number {
  return cosLat1 * Math.cos(lat2 * RAD) * haverSinDLng + haverSin((lat1 - lat2) * RAD);
}

function haverSinDist(lng1: number, lat1: number, lng2: number, lat2: number, cosLat1: number): number {
  return haverSinDistPartial(haverSin((lng1 - lng2) * RAD), cosLat1, lat1, lat2);
}

/** The latitude where the great circle from the point reaches its extremum at the given longitude gap. */
function vertexLat(lat: number, haverSinDLng: number): number {
  const cosDLng = 1 - 2 * haverSinDLng;
  if (cosDLng <= 0) return lat > 0 ? 90 : -90;
  return Math.atan(Math.tan(lat * RAD) / cosDLng) / RAD;
}

/** A lower bound of the distance from the point to anything inside the box (geokdbush's). */
function boxDist(
  lng: number,
  lat: number,
  cosLat: number,
  minLng: number,
  minLat: number,
  maxLng: number,
  maxLat: number,
): number {
  if (lng >= minLng && lng <= maxLng) {
    if (lat < minLat) return haverSin((lat - minLat) * RAD);
    if (lat > maxLat) return haverSin((lat - maxLat) * RAD);
    return 0;
  }
  const haverSinDLng = Math.min(haverSin((lng - minLng) * RAD), haverSin((lng - maxLng) * RAD));
  const extremumLat = vertexLat(lat, haverSinDLng);
  if (extremumLat > minLat && extremumLat < maxLat)
    return haverSinDistPartial(haverSinDLng, cosLat, lat, extremumLat);
  return Math.min(
    haverSinDistPartial(haverSinDLng, cosLat, lat, minLat),
    haverSinDistPartial(haverSinDLng, cosLat, lat, maxLat),
  );
}

function push(
  at: number,
  left: number,
  right: number,
  axis: number,
  minLng: number,
  minLat: number,
  maxLng: number,
  maxLat: number,
  dist: number,
): number {
  if (at === DEPTH) throw new Error('nearestPoint: the kd-tree is deeper than its search stack');
  const o = at * FIELDS;
  stack[o] = left;
  stack[o + 1] = right;
  stack[o + 2] = axis;
  stack[o + 3] = minLng;
  stack[o + 4] = minLat;
  stack[o + 5] = maxLng;
  stack[o + 6] = maxLat;
  stack[o + 7] = dist;
  return at + 1;
}

/**
 * The id (the order points were added in) of the point nearest to (lng, lat) on the sphere; NO_POINT when
 * the index is empty, TIED when two or more points are equally near.
 */
export function nearestPoint(index: KDBush, lng: number, lat: number): number {
  const { ids, coords, nodeSize } = index;
  if (ids.length === 0) return NO_POINT;
  const cosLat = Math.cos(lat * RAD);
  let best = Infinity;
  let bestId = NO_POINT;
  let tied = false;
  let top = push(0, 0, ids.length - 1, 0, -180, -90, 180, 90, 0);
  while (top > 0) {
    top--;
    const o = top * FIELDS;
    // strictly farther only: a box exactly as near may hold a tie
    if (stack[o + 7] > best) continue;
    const left = stack[o];
    const right = stack[o + 1];
    // a leaf's points, or the middle point of a node split in two
    const leaf = right - left <= nodeSize;
    const m = (left + right) >> 1;
    for (let i = leaf ? left : m, last = leaf ? right : m; i <= last; i++) {
      const d = haverSinDist(lng, lat, coords[2 * i], coords[2 * i + 1], cosLat);
      if (d < best) {
        best = d;
        bestId = ids[i];
        tied = false;
      } else if (d === best) tied = true;
    }
    if (leaf) continue;
    const axis = stack[o + 2];
    const minLng = stack[o + 3];
    const minLat = stack[o + 4];
    const maxLng = stack[o + 5];
    const maxLat = stack[o + 6];
    const midLng = coords[2 * m];
    const midLat = coords[2 * m + 1];
    const next = 1 - axis;
    // the first half ends at the middle point's coordinate on this node's axis, the second starts there
    const aMaxLng = axis === 0 ? midLng : maxLng;
    const aMaxLat = axis === 1 ? midLat : maxLat;
    const bMinLng = axis === 0 ? midLng : minLng;
    const bMinLat = axis === 1 ? midLat : minLat;
    const aDist = boxDist(lng, lat, cosLat, minLng, minLat, aMaxLng, aMaxLat);
    const bDist = boxDist(lng, lat, cosLat, bMinLng, bMinLat, maxLng, maxLat);
    // the farther half waits under the nearer one
    if (aDist <= bDist) {
      if (bDist <= best) top = push(top, m + 1, right, next, bMinLng, bMinLat, maxLng, maxLat, bDist);
      if (aDist <= best) top = push(top, left, m - 1, next, minLng, minLat, aMaxLng, aMaxLat, aDist);
    } else {
      if (aDist <= best) top = push(top, left, m - 1, next, minLng, minLat, aMaxLng, aMaxLat, aDist);
      if (bDist <= best) top = push(top, m + 1, right, next, bMinLng, bMinLat, maxLng, maxLat, bDist);
    }
  }
  return tied ? TIED : bestId;
}
