/**
 * Consumption between refills (document 3 §2, §3): each refill's litres refill what the vehicle used since
 * its previous refill, so delta_km and delta_hours come from the previous refill's km and hours, and the
 * consumptions are litres over those deltas. Thresholds (yellow, red) are held on each refill.
 */

export interface ChainRefill {
  id: number;
  /** epoch milliseconds */
  costDate: number;
  litres: number;
  /** odometer in km, null when not read */
  km: number | null;
  /** hour meter in hours, null when not read */
  hours: number | null;
}

export interface Consumption {
  sequence: number;
  deltaKm: number | null;
  deltaHours: number | null;
  consumptionL100km: number | null;
  consumptionLkm: number | null;
  consumptionLh: number | null;
}

export type ConsumptionState = 'green' | 'yellow' | 'red';

const round = (value: number, decimals: number): number => {
  const f = 10 ** decimals;
  return Math.round((value + Number.EPSILON * Math.sign(value)) * f) / f;
};

/** Cost per litre: cost / litres rounded to 2 decimals; null (blank) when litres is 0 or unknown. */
export function costPerLitre(
  cost: number | null | undefined,
  litres: number | null | undefined,
): number | null {
  if (litres == null || cost == null || !Number.isFinite(litres) || litres === 0) return null;
  return round(cost / litres, 2);
}

/** A positive difference of two readings, or null (missing reading, counter reset or going backwards). */
function delta(current: number | null, previous: number | null): number | null {
  if (current == null || previous == null) return null;
  const d = round(current - previous, 3);
  return d > 0 ? d : null;
}

/** The consumption of one refill after `previous` (null for a vehicle's first refill). */
export function consumptionOf(
  refill: ChainRefill,
  previous: ChainRefill | null,
  sequence: number,
): Consumption {
  const deltaKm = previous ? delta(refill.km, previous.km) : null;
  const deltaHours = previous ? delta(refill.hours, previous.hours) : null;
  return {
    sequence,
    deltaKm,
    deltaHours,
    consumptionL100km: deltaKm ? round((refill.litres / deltaKm) * 100, 2) : null,
    consumptionLkm: deltaKm ? round(refill.litres / deltaKm, 4) : null,
    consumptionLh: deltaHours ? round(refill.litres / deltaHours, 2) : null,
  };
}

/** Chain order: by date, then by id (two refills at the same minute keep their entry order). */
export const chainOrder = (a: ChainRefill, b: ChainRefill): number => a.costDate - b.costDate || a.id - b.id;

/** Every refill of one vehicle with its consumption, in chain order. */
export function computeChain<T extends ChainRefill>(
  refills: T[],
): Array<{ refill: T; consumption: Consumption }> {
  const sorted = [...refills].sort(chainOrder);
  return sorted.map((refill, i) => ({
    refill,
    consumption: consumptionOf(refill, i > 0 ? sorted[i - 1] : null, i + 1),
  }));
}

const sameConsumption = (a: Consumption, b: Consumption): boolean =>
  a.sequence === b.sequence &&
  a.deltaKm === b.deltaKm &&
  a.deltaHours === b.deltaHours &&
  a.consumptionL100km === b.consumptionL100km &&
  a.consumptionLkm === b.consumptionLkm &&
  a.consumptionLh === b.consumptionLh;

/**
 * After an insert, an edit or a delete in the middle of a vehicle's refills: the refills whose stored
 * consumption differs from the recomputed one (the changed refill and its neighbours), to be updated.
 */
export function changedConsumptions<T extends ChainRefill & { stored: Consumption | null }>(
  refills: T[],
): Array<{ id: number; consumption: Consumption }> {
  return computeChain(refills)
    .filter(({ refill, consumption }) => !refill.stored || !sameConsumption(refill.stored, consumption))
    .map(({ refill, consumption }) => ({ id: refill.id, consumption }));
}

/** A consumption against its refill's thresholds: red from red up, yellow from yellow up, else green. */
export function consumptionState(
  value: number | null | undefined,
  yellow: number | null | undefined,
  red: number | null | undefined,
): ConsumptionState | null {
  if (value == null) return null;
  if (red != null && value >= red) return 'red';
  if (yellow != null && value >= yellow) return 'yellow';
  return 'green';
}

/** The thresholds a vehicle's consumption profile gives a refill; L/km ones are the L/100km ones / 100. */
export interface ConsumptionProfile {
  l100kmYellow: number | null;
  l100kmRed: number | null;
  lhYellow: number | null;
  lhRed: number | null;
}

export interface RefillThresholds {
  consumptionL100kmYellow: number | null;
  consumptionL100kmRed: number | null;
  consumptionLkmYellow: number | null;
  consumptionLkmRed: number | null;
  consumptionLhYellow: number | null;
  consumptionLhRed: number | null;
}

export function thresholdsOf(profile: ConsumptionProfile | null | undefined): RefillThresholds {
  const perKm = (v: number | null | undefined) => (v == null ? null : round(v / 100, 4));
  return {
    consumptionL100kmYellow: profile?.l100kmYellow ?? null,
    consumptionL100kmRed: profile?.l100kmRed ?? null,
    consumptionLkmYellow: perKm(profile?.l100kmYellow),
    consumptionLkmRed: perKm(profile?.l100kmRed),
    consumptionLhYellow: profile?.lhYellow ?? null,
    consumptionLhRed: profile?.lhRed ?? null,
  };
}

/** Whether any consumption of a refill reaches its red threshold (the operator's alert e-mail). */
export function isRedRefill(c: Partial<Consumption>, t: RefillThresholds): boolean {
  return (
    consumptionState(c.consumptionL100km, t.consumptionL100kmYellow, t.consumptionL100kmRed) === 'red' ||
    consumptionState(c.consumptionLkm, t.consumptionLkmYellow, t.consumptionLkmRed) === 'red' ||
    consumptionState(c.consumptionLh, t.consumptionLhYellow, t.consumptionLhRed) === 'red'
  );
}
