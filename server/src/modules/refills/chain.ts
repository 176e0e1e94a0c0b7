/**
 * Keeps a vehicle's consumption chain right: after a refill is inserted, edited or removed, the refills of
 * that vehicle are recomputed (core rules) and those whose values changed (the refill itself and its
 * neighbours) are updated, in the caller's transaction.
 */
import { changedConsumptions, type Consumption } from '@frota/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

const num = (v: unknown): number | null => (v == null ? null : Number(v));

export async function recomputeChain(k: Kysely<Database>, deviceId: number): Promise<number[]> {
  const rows = await k
    .selectFrom('refills')
    .select([
      'id',
      'costDate',
      'litres',
      'km',
      'hours',
      'sequence',
      'deltaKm',
      'deltaHours',
      'consumptionL100km',
      'consumptionLkm',
      'consumptionLh',
    ])
    .where('deviceId', '=', deviceId)
    .execute();
  const chain = rows.map((r) => ({
    id: Number(r.id),
    costDate: Number(r.costDate),
    litres: Number(r.litres),
    km: num(r.km),
    hours: num(r.hours),
    stored:
      Number(r.sequence) > 0
        ? ({
            sequence: Number(r.sequence),
            deltaKm: num(r.deltaKm),
            deltaHours: num(r.deltaHours),
            consumptionL100km: num(r.consumptionL100km),
            consumptionLkm: num(r.consumptionLkm),
            consumptionLh: num(r.consumptionLh),
          } satisfies Consumption)
        : null,
  }));
  const changed = changedConsumptions(chain);
  for (const { id, consumption } of changed)
    await k.updateTable('refills').set(consumption).where('id', '=', id).execute();
  return changed.map((c) => c.id);
}
