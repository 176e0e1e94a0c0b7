/**
 * The fuel a vehicle burns and its CO2 factor: the vehicle attribute `fuel_type` ("diesel" / "gasoline",
 * also the Portuguese names; 1 is electric), else the fuel of its latest refill up to the period's end, else
 * diesel (the usual fuel of a fleet), marked as assumed.
 */
import { isElectric } from '@frota/core';
import type { ReportContext, VehicleInfo } from '../../context';

/** kg of CO2 per litre burnt. */
export const CO2_KG_PER_LITRE = { diesel: 2.68, gasoline: 2.31 } as const;

export type Fuel = keyof typeof CO2_KG_PER_LITRE | 'electric';

export interface FuelKind {
  fuel: Fuel;
  /** read from the vehicle or its refills, not assumed */
  known: boolean;
}

export const FUEL_NAMES: Record<Fuel, string> = {
  diesel: 'Gasóleo',
  gasoline: 'Gasolina',
  electric: 'Eléctrico',
};

export function fuelFromText(v: unknown): Fuel | undefined {
  const t = String(v ?? '')
    .trim()
    .toLowerCase();
  if (['diesel', 'gasóleo', 'gasoleo'].includes(t)) return 'diesel';
  if (['gasoline', 'gasolina', 'petrol'].includes(t)) return 'gasoline';
  return undefined;
}

export async function fuelKind(ctx: ReportContext, v: VehicleInfo): Promise<FuelKind> {
  if (isElectric(v.attributes)) return { fuel: 'electric', known: true };
  const own = fuelFromText(v.attributes.fuel_type);
  if (own) return { fuel: own, known: true };
  const refill = await ctx.db.kysely
    .selectFrom('refills')
    .select('fuelType')
    .where('deviceId', '=', v.id)
    .where('costDate', '<=', ctx.request.to)
    .orderBy('costDate', 'desc')
    .limit(1)
    .executeTakeFirst();
  const fromRefill = fuelFromText(refill?.fuelType);
  return fromRefill ? { fuel: fromRefill, known: true } : { fuel: 'diesel', known: false };
}
