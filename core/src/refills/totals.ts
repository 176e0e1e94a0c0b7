/**
 * The refill centre's footer (document 3 §2): Total Abastecido (every litre filled) and Total Consumido
 * (the litres of refills with a known distance since the previous one, that distance, and L/100km).
 */

export interface RefillTotals {
  filledLitres: number;
  consumedLitres: number;
  consumedKm: number;
  /** consumedLitres / consumedKm * 100 rounded to 2 decimals; null when no distance */
  consumedL100km: number | null;
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

export function totalsOf(filledLitres: number, consumedLitres: number, consumedKm: number): RefillTotals {
  return {
    filledLitres: round(filledLitres, 2),
    consumedLitres: round(consumedLitres, 2),
    consumedKm: round(consumedKm, 1),
    consumedL100km: consumedKm > 0 ? round((consumedLitres / consumedKm) * 100, 2) : null,
  };
}

/** The totals of rows as the API answers them (litres, delta_km). */
export function refillTotals(rows: Array<{ litres: number; delta_km: number | null }>): RefillTotals {
  let filled = 0;
  let litres = 0;
  let km = 0;
  for (const r of rows) {
    filled += r.litres;
    if (r.delta_km != null && r.delta_km > 0) {
      litres += r.litres;
      km += r.delta_km;
    }
  }
  return totalsOf(filled, litres, km);
}
