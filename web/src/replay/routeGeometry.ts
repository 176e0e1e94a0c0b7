import { mercator } from '../map/dots';
import { HIDDEN } from './routeColours';

/**
 * The route as GPU-ready typed arrays: positions in Web Mercator world units relative to an origin (so
 * float32 keeps centimetres), with their colour flag, at a few levels of detail. A level keeps a position
 * when it lies over a pixel (at the level's zoom) from the last one kept, or when the colour changes there,
 * so a week of positions is drawn at low zoom from a few thousand segments and the range can still be cut
 * exactly by position index.
 */
export interface RouteLevel {
  /** the highest zoom this level is exact to within a pixel; Infinity: every position */
  zoom: number;
  /** index in the period of each kept position, ascending */
  index: Uint32Array;
  /** interleaved x, y, flag per kept position */
  vertices: Float32Array;
}

export interface RouteGeometry {
  origin: [number, number];
  levels: RouteLevel[];
}

export const LEVEL_ZOOMS = [6, 9, 12, 15];
/** Tiles are 512 px across the world at zoom 0. */
const WORLD_PX = 512;

export function buildRouteGeometry(
  longitude: ArrayLike<number>,
  latitude: ArrayLike<number>,
  flags: Uint8Array,
): RouteGeometry {
  const n = flags.length;
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  let origin: [number, number] | null = null;
  for (let i = 0; i < n; i++) {
    if (flags[i] === HIDDEN) continue;
    [x[i], y[i]] = mercator(longitude[i], latitude[i]);
    origin ??= [x[i], y[i]];
  }
  const [ox, oy] = origin ?? [0, 0];
  const levels = LEVEL_ZOOMS.map((zoom) => level(x, y, flags, ox, oy, zoom, 1 / (WORLD_PX * 2 ** zoom)));
  levels.push(level(x, y, flags, ox, oy, Infinity, 0));
  return { origin: [ox, oy], levels };
}

function level(
  x: Float64Array,
  y: Float64Array,
  flags: Uint8Array,
  ox: number,
  oy: number,
  zoom: number,
  tolerance: number,
): RouteLevel {
  const n = flags.length;
  const keep = new Uint32Array(n);
  let count = 0;
  let last = -1;
  const tol2 = tolerance * tolerance;
  for (let i = 0; i < n; i++) {
    const boundary =
      i === 0 || i === n - 1 || flags[i] !== flags[i - 1] || flags[i] !== flags[i + 1] || last < 0;
    if (!boundary && flags[i] === HIDDEN) continue;
    if (!boundary) {
      const dx = x[i] - x[last];
      const dy = y[i] - y[last];
      if (dx * dx + dy * dy <= tol2) continue;
    }
    keep[count++] = i;
    last = i;
  }
  const index = keep.slice(0, count);
  const vertices = new Float32Array(count * 3);
  for (let k = 0; k < count; k++) {
    const i = index[k];
    const hidden = flags[i] === HIDDEN;
    vertices[k * 3] = hidden ? 0 : x[i] - ox;
    vertices[k * 3 + 1] = hidden ? 0 : y[i] - oy;
    vertices[k * 3 + 2] = flags[i];
  }
  return { zoom, index, vertices };
}

/** The level to draw at `zoom`: the coarsest one still exact there. */
export function levelFor(geometry: RouteGeometry, zoom: number): RouteLevel {
  return geometry.levels.find((l) => l.zoom >= zoom) ?? geometry.levels[geometry.levels.length - 1];
}

/** First k with index[k] >= value. */
function lowerBound(index: Uint32Array, value: number): number {
  let lo = 0;
  let hi = index.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (index[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The kept positions of a level inside the range [from, to]: [first, count] (count may be 0). */
export function levelRange(level: RouteLevel, from: number, to: number): [number, number] {
  const first = lowerBound(level.index, from);
  const end = lowerBound(level.index, to + 1);
  return [first, Math.max(0, end - first)];
}
