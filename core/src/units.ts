/** Conversions between the units the data is stored in and the units people read. */
export const KNOTS_TO_KMH = 1.852;
export const EARTH_RADIUS_M = 6373000;

export const knotsToKmh = (knots: number): number => knots * KNOTS_TO_KMH;
export const kmhToKnots = (kmh: number): number => kmh / KNOTS_TO_KMH;

/** Speed limit typed in km/h on a form, stored in knots; anything not a finite non-negative number is 0. */
export function speedLimitFromKmh(input: unknown): number {
  const n = typeof input === 'number' ? input : Number(String(input ?? '').replace(',', '.'));
  return Number.isFinite(n) && n > 0 ? n / KNOTS_TO_KMH : 0;
}

/** Speed limit in knots shown in km/h, rounded. */
export const speedLimitToKmh = (knots: number | undefined | null): number =>
  knots ? Math.round(knots * KNOTS_TO_KMH) : 0;

/** Passengers a vehicle carries when its occupancy attribute is not set (document 1 §3). */
export const DEFAULT_OCCUPANCY = 2;
