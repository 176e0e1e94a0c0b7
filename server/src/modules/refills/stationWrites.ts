/** Saving and removing refill stations (document 3 §2 form: name, code, location, fuel, capacity, main). */
import { FUEL_TYPES } from '@frota/core';
import type { Db } from '../../db/database';
import { badRequest } from '../../errors';
import { numberOf } from './refillInput';
import { findStation, listStations } from './stationRows';

export const NAME_REQUIRED = 'Nome obrigatório';
export const CODE_REQUIRED = 'Código obrigatório';
export const CODE_TAKEN = 'Código já existe';
export const INVALID_MAIN = 'Estação principal inválida';
export const INVALID_CAPACITY = 'Capacidade inválida';

const text = (v: unknown, max: number) => (v == null ? '' : String(v).trim().slice(0, max));

export async function readStationInput(
  db: Db,
  owners: number[] | undefined,
  body: Record<string, unknown>,
  selfId?: number,
) {
  const name = text(body.name, 128);
  if (!name) throw badRequest(NAME_REQUIRED);
  const code = text(body.code, 128);
  if (!code) throw badRequest(CODE_REQUIRED);
  // unique within the caller's client (as the app's lookup by code reads it), not the server: another
  // client's station of the same code is a different scope and is never mentioned
  const clash = (await listStations(db, owners)).find(
    (s) => s.id !== selfId && s.code.toLowerCase() === code.toLowerCase(),
  );
  if (clash) throw badRequest(CODE_TAKEN);
  const fuelType = text(body.fuel_type ?? body.fuelType, 16) || 'diesel';
  if (!(FUEL_TYPES as readonly string[]).includes(fuelType)) throw badRequest('Combustível inválido');
  const capacity = numberOf(body.total_capacity ?? body.totalCapacity ?? body.capacity);
  if (capacity !== null && (Number.isNaN(capacity) || capacity < 0)) throw badRequest(INVALID_CAPACITY);
  const main = numberOf(body.mainStationId) ?? 0;
  if (!Number.isInteger(main) || main < 0 || (main && main === selfId)) throw badRequest(INVALID_MAIN);
  if (main) {
    const parent = await findStation(db, owners, { id: main }).catch(() => null);
    if (!parent || parent.mainStationId !== 0) throw badRequest(INVALID_MAIN);
    if (selfId) {
      const child = await db.kysely
        .selectFrom('refillStations')
        .select('id')
        .where('mainStationId', '=', selfId)
        .executeTakeFirst();
      // a main station with auxiliaries cannot itself become an auxiliary (one level)
      if (child) throw badRequest(INVALID_MAIN);
    }
  }
  return {
    name,
    code,
    location: text(body.location, 512),
    fuelType,
    totalCapacity: capacity ?? 0,
    mainStationId: main,
  };
}

/** Removes a station; its auxiliaries become main stations, refills keep their site name. */
export async function removeStation(db: Db, id: number): Promise<void> {
  await db.kysely.transaction().execute(async (k) => {
    await k.updateTable('refillStations').set({ mainStationId: 0 }).where('mainStationId', '=', id).execute();
    await k.deleteFrom('refillStations').where('id', '=', id).execute();
  });
}
