import { HIDDEN } from './routeColours';

/**
 * The route as GPU-ready typed arrays: positions in Web Mercator world units relative to an origin (so
 * float32 keeps centimetres), with their colour flag, at a few levels of detail. A level keeps a position
 * when it lies over a pixel (at the level's zoom) from the last one kept, or when the colour changes there,
 * so a week of positions is drawn at low zoom from a few thousand segments and the range can still be cut
 * exactly by position index. A level is made when first asked for: the first frame needs only the one of
 * its zoom.
 */
export interface RouteLevel {
  /** the highest zoom this level is exact to within a pixel; Infinity: every position */
  zoom: number;
  /** index in the period of each kept position, ascending */
  index: Uint32Array;
  /**
   * x, y, flag and 0 per kept position: the texels of a TEXTURE_WIDTH-wide RGBA float texture, the last
   * row padded with zeros
   */
  vertices: Float32Array;
}

export interface RouteGeometry {
  origin: [number, number];
  /** the zoom each level is exact to: LEVEL_ZOOMS, then Infinity (every position) */
  zooms: number[];
  /** level k of `zooms`, made on first use (the first frame needs one) */
  level(k: number): RouteLevel;
}

export const LEVEL_ZOOMS = [6, 9, 12, 15];
/** Texels per row of a level's texture (WebGL 2 guarantees textures of 2048 × 2048). */
export const TEXTURE_WIDTH = 2048;
const TEXEL = 4;
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
    // map/dots' mercator, without an array a position
    const sin = Math.sin((latitude[i] * Math.PI) / 180);
    x[i] = (longitude[i] + 180) / 360;
    y[i] = 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
    origin ??= [x[i], y[i]];
  }
  const [ox, oy] = origin ?? [0, 0];
  const zooms = [...LEVEL_ZOOMS, Infinity];
  const made: Array<RouteLevel | undefined> = [];
  return {
    origin: [ox, oy],
    zooms,
    level: (k) =>
      (made[k] ??= level(
        x,
        y,
        flags,
        ox,
        oy,
        zooms[k],
        zooms[k] === Infinity ? 0 : 1 / (WORLD_PX * 2 ** zooms[k]),
      )),
  };
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
  const vertices = new Float32Array(Math.max(1, Math.ceil(count / TEXTURE_WIDTH)) * TEXTURE_WIDTH * TEXEL);
  for (let k = 0; k < count; k++) {
    const i = index[k];
    const hidden = flags[i] === HIDDEN;
    vertices[k * TEXEL] = hidden ? 0 : x[i] - ox;
    vertices[k * TEXEL + 1] = hidden ? 0 : y[i] - oy;
    vertices[k * TEXEL + 2] = flags[i];
  }
  return { zoom, index, vertices };
}

/** Which level to draw at `zoom`: the coarsest one still exact there. */
export function levelIndexFor(geometry: RouteGeometry, zoom: number): number {
  const k = geometry.zooms.findIndex((z) => z >= zoom);
  return k < 0 ? geometry.zooms.length - 1 : k;
}

export const levelFor = (geometry: RouteGeometry, zoom: number): RouteLevel =>
  geometry.level(levelIndexFor(geometry, zoom));

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
