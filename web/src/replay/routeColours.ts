import { KNOTS_TO_KMH } from './units';

/** Per position: how the route segment arriving at it is drawn. */
export const NORMAL = 0;
export const SPEEDING = 1;
/** private or without coordinates: segments touching it are not drawn */
export const HIDDEN = 2;

export const ROUTE_COLOUR = '#1565c0';
export const SPEEDING_COLOUR = '#d32f2f';

/** Document 2 §2.6: red where the speed (knots × 1.852) exceeds the position's limit (km/h). */
export const isSpeeding = (knots: number, limitKmh: number): boolean =>
  Number.isFinite(limitKmh) && limitKmh > 0 && knots * KNOTS_TO_KMH > limitKmh;

export function routeFlags(
  latitude: ArrayLike<number>,
  longitude: ArrayLike<number>,
  speed: ArrayLike<number>,
  speedLimit: ArrayLike<number>,
): Uint8Array {
  const flags = new Uint8Array(latitude.length);
  for (let i = 0; i < flags.length; i++) {
    if (!Number.isFinite(latitude[i]) || !Number.isFinite(longitude[i])) flags[i] = HIDDEN;
    else flags[i] = isSpeeding(speed[i], speedLimit[i]) ? SPEEDING : NORMAL;
  }
  return flags;
}

export interface Run {
  /** the first and last position of the run (segments from + 1 .. to arrive at flag-coloured points) */
  from: number;
  to: number;
  colour: typeof ROUTE_COLOUR | typeof SPEEDING_COLOUR;
}

/**
 * The coloured stretches of [lo, hi]: each segment takes the colour of the position it arrives at, and
 * hidden positions break the line. (The map draws the same rule on the GPU; this is its readable form.)
 */
export function colourRuns(flags: Uint8Array, lo = 0, hi = flags.length - 1): Run[] {
  const runs: Run[] = [];
  for (let i = lo + 1; i <= hi; i++) {
    if (flags[i] === HIDDEN || flags[i - 1] === HIDDEN) continue;
    const colour = flags[i] === SPEEDING ? SPEEDING_COLOUR : ROUTE_COLOUR;
    const last = runs[runs.length - 1];
    if (last && last.to === i - 1 && last.colour === colour) last.to = i;
    else runs.push({ from: i - 1, to: i, colour });
  }
  return runs;
}
