/** Passenger rows: reading them as core's `Passenger`, writing them, and linking their earlier pickups. */
import { normaliseCardId, PASSENGER_MESSAGES, type Passenger, type PassengerInput } from '@frota/core';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { Db } from '../../db/database';
import type { PassengersTable } from '../../db/passengerTables';
import { parseJson, toJson } from '../../db/mapping';
import { visibleIds, type Scope } from '../../auth/policy';
import { badRequest, notFound } from '../../errors';
import { visiblePassengers } from './access';
import { ownerScope } from './cardHolders';

export function passengerJson(r: Selectable<PassengersTable>): Passenger {
  return {
    id: Number(r.id),
    name: r.name,
    cardId: r.cardId,
    groupId: r.groupId == null ? null : Number(r.groupId),
    phone: r.phone ?? '',
    notes: r.notes ?? '',
    attributes: parseJson(r.attributes),
  };
}

export async function listPassengers(db: Db, scope: Scope, groupId?: number): Promise<Passenger[]> {
  let q = visiblePassengers(db.kysely.selectFrom('passengers').selectAll('passengers'), scope);
  if (groupId !== undefined) q = q.where('passengers.groupId', '=', groupId);
  return (await q.orderBy('passengers.name').orderBy('passengers.id').execute()).map(passengerJson);
}

/** The passenger when the scope sees it, else 404. */
export async function visiblePassenger(db: Db, scope: Scope, id: number): Promise<Passenger> {
  const row = await visiblePassengers(
    db.kysely.selectFrom('passengers').selectAll('passengers').where('passengers.id', '=', id),
    scope,
  ).executeTakeFirst();
  if (!row) throw notFound();
  return passengerJson(row);
}

const values = (input: PassengerInput) => ({
  name: input.name,
  cardId: normaliseCardId(input.cardId),
  groupId: input.groupId,
  phone: input.phone,
  notes: input.notes,
  attributes: toJson(input.attributes),
});

/**
 * A card is unique within the caller's scope (the passengers it sees), not the server (issue 33): another
 * client's passenger with the same card is a different scope and is never mentioned.
 */
export async function assertCardFree(db: Db, scope: Scope, cardId: string, selfId?: number): Promise<void> {
  let q = visiblePassengers(
    db.kysely
      .selectFrom('passengers')
      .select('passengers.id')
      .where('passengers.cardId', '=', normaliseCardId(cardId)),
    scope,
  );
  if (selfId !== undefined) q = q.where('passengers.id', '!=', selfId);
  if (await q.executeTakeFirst()) throw badRequest(PASSENGER_MESSAGES.duplicateCard);
}

/**
 * Pickups read before the card was registered (kept with no passenger) belong to it from now on, on the
 * vehicles its owner sees only (another client's reads of the same card stay theirs); pickups of a card
 * the passenger no longer holds are let go. `owner` is null when the owner is gone: nothing is linked.
 */
async function linkPickups(
  db: Db,
  k: Kysely<Database>,
  id: number,
  cardId: string,
  owner: Scope | null,
): Promise<void> {
  await k
    .updateTable('passengerPickups')
    .set({ passengerId: null })
    .where('passengerId', '=', id)
    .where('cardId', '!=', cardId)
    .execute();
  if (!owner) return;
  let q = k
    .updateTable('passengerPickups')
    .set({ passengerId: id })
    .where('cardId', '=', cardId)
    .where('passengerId', 'is', null);
  const seen = visibleIds(db, owner, 'devices');
  if (seen) q = q.where('deviceId', 'in', seen);
  await q.execute();
}

export async function insertPassenger(db: Db, scope: Scope, input: PassengerInput): Promise<number> {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('passengers')
      .values({ ...values(input), userId: scope.user.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await linkPickups(db, trx, id, normaliseCardId(input.cardId), scope);
    return id;
  });
}

export async function updatePassenger(db: Db, id: number, input: PassengerInput): Promise<void> {
  const stored = await db.kysely
    .selectFrom('passengers')
    .select('userId')
    .where('id', '=', id)
    .executeTakeFirst();
  // read before the transaction: SQLite has one connection, which the transaction holds
  const owner = await ownerScope(db, stored?.userId == null ? null : Number(stored.userId));
  await db.kysely.transaction().execute(async (trx) => {
    await trx.updateTable('passengers').set(values(input)).where('id', '=', id).execute();
    await linkPickups(db, trx, id, normaliseCardId(input.cardId), owner);
  });
}

/** Its pickups stay (the vehicle's history), shown by their card number from now on. */
export async function deletePassenger(db: Db, id: number): Promise<void> {
  await db.kysely.deleteFrom('passengers').where('id', '=', id).execute();
}
