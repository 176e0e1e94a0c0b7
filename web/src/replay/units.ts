/** knots → km/h (document 2 §9) */
export const KNOTS_TO_KMH = 1.852;

/** Trip distance: metres as km with one decimal. */
export const tripKm = (metres: number): number => Math.round(metres / 100) / 10;
