/**
 * Storing refills: the station's site and pin, the vehicle profile's thresholds copied onto the refill, and
 * the consumption chain of the vehicle recomputed in the same transaction (neighbours included).
 */
import { thresholdsOf, type RefillType } from '@frota/core';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { recomputeChain } from './chain';
import type { RefillInput } from './refillInput';
import { stationPin } from './stationRows';

export interface RefillAuthor {
  type: RefillType;
  userId: number | null;
  operator?: { id: number; name: string; code: string } | null;
}

/**
 * Two writers on one vehicle's refills (two phones at the pump, a manager editing) must not compute the
 * chain from each other's stale view: on PostgreSQL the vehicle row is locked for the transaction (SQLite
 * runs one write transaction at a time).
 */
async function lockChain(db: Db, k: Kysely<Database>, deviceId: number): Promise<void> {
  if (db.dialect === 'postgres')
    await k.selectFrom('devices').select('id').where('id', '=', deviceId).forUpdate().execute();
}

async function profileThresholds(k: Kysely<Database>, deviceId: number) {
  const profile = await k
    .selectFrom('refillDevices')
    .select(['l100kmYellow', 'l100kmRed', 'lhYellow', 'lhRed'])
    .where('deviceId', '=', deviceId)
    .executeTakeFirst();
  return thresholdsOf(profile ?? null);
}

async function stationFacts(k: Kysely<Database>, input: RefillInput) {
  if (!input.stationId) return { siteName: null, latitude: input.latitude, longitude: input.longitude };
  const station = await k
    .selectFrom('refillStations')
    .select(['name', 'location'])
    .where('id', '=', input.stationId)
    .executeTakeFirst();
  const pin = station ? stationPin(station.location) : null;
  return {
    siteName: station?.name ?? null,
    latitude: input.latitude ?? pin?.latitude ?? null,
    longitude: input.longitude ?? pin?.longitude ?? null,
  };
}

const columns = (input: RefillInput) => ({
  costDate: input.costDate,
  cost: input.cost,
  invoice: input.invoice,
  driverId: input.driverId,
  fuelType: input.fuelType,
  litres: input.litres,
  km: input.km,
  hours: input.hours,
  details: input.details,
  stationId: input.stationId,
});

export async function insertRefill(
  db: Db,
  deviceId: number,
  input: RefillInput,
  author: RefillAuthor,
  now = Date.now(),
): Promise<number> {
  return db.kysely.transaction().execute(async (k) => {
    await lockChain(db, k, deviceId);
    const row = await k
      .insertInto('refills')
      .values({
        deviceId,
        type: author.type,
        ...columns(input),
        ...(await stationFacts(k, input)),
        ...(await profileThresholds(k, deviceId)),
        operatorId: author.operator?.id ?? null,
        operatorName: author.operator?.name ?? null,
        operatorCode: author.operator?.code ?? null,
        sequence: 0,
        userId: author.userId,
        createdAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recomputeChain(k, deviceId);
    return Number(row.id);
  });
}

export async function updateRefill(db: Db, id: number, deviceId: number, input: RefillInput): Promise<void> {
  await db.kysely.transaction().execute(async (k) => {
    await lockChain(db, k, deviceId);
    await k
      .updateTable('refills')
      .set({
        ...columns(input),
        ...(await stationFacts(k, input)),
        ...(await profileThresholds(k, deviceId)),
      })
      .where('id', '=', id)
      .execute();
    await recomputeChain(k, deviceId);
  });
}

export async function deleteRefill(db: Db, id: number, deviceId: number): Promise<void> {
  await db.kysely.transaction().execute(async (k) => {
    await lockChain(db, k, deviceId);
    await k.deleteFrom('refills').where('id', '=', id).execute();
    await recomputeChain(k, deviceId);
  });
}
