/**
 * Which passenger a card read on a vehicle names (issue 33 "Tenancy as a rule"). Cards are unique within
 * one owner's scope, not the server, so two clients may each register card X. A read of X on vehicle V
 * names a passenger holding X whose owner (the user who created it) sees V; when several do (a manager and
 * the user it manages, or an administrator's passenger), the most specific owner wins: a non-administrator
 * before an administrator, then the owner whose scope holds the fewest users, then the oldest passenger.
 * A passenger whose owner is gone (userId null) names no new reads; its old pickups stay linked.
 */
import type { Db } from '../../db/database';
import { scopeFor, whereVisible, type Scope } from '../../auth/policy';
import { userJson } from '../../db/rows';

/** The scope of a passenger's owner, or null when that user is gone. */
export async function ownerScope(db: Db, ownerId: number | null): Promise<Scope | null> {
  if (ownerId === null) return null;
  const row = await db.kysely.selectFrom('users').selectAll().where('id', '=', ownerId).executeTakeFirst();
  return row ? scopeFor(db, userJson(row)) : null;
}

/** Of `deviceIds`, those the scope sees. */
export async function seenDevices(db: Db, scope: Scope, deviceIds: number[]): Promise<Set<number>> {
  if (!deviceIds.length) return new Set();
  if (scope.admin) return new Set(deviceIds);
  const rows = await whereVisible(
    db.kysely.selectFrom('devices').select('devices.id').where('devices.id', 'in', deviceIds),
    'devices.id',
    db,
    scope,
    'devices',
  ).execute();
  return new Set(rows.map((r) => Number(r.id)));
}

interface Reach {
  devices: Set<number>;
  /** lower is more specific */
  rank: number;
}

/** For each (vehicle, card) read, the passenger it names, keyed `${deviceId}|${cardId}`. */
export async function cardHolders(
  db: Db,
  reads: readonly { deviceId: number; cardId: string }[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!reads.length) return out;
  const cards = [...new Set(reads.map((r) => r.cardId))];
  const deviceIds = [...new Set(reads.map((r) => r.deviceId))];
  const holders = await db.kysely
    .selectFrom('passengers')
    .select(['id', 'cardId', 'userId'])
    .where('cardId', 'in', cards)
    .where('userId', 'is not', null)
    .orderBy('id')
    .execute();
  const reach = new Map<number, Reach>();
  for (const ownerId of new Set(holders.map((h) => Number(h.userId)))) {
    const scope = await ownerScope(db, ownerId);
    if (!scope) continue;
    reach.set(ownerId, {
      devices: await seenDevices(db, scope, deviceIds),
      rank: scope.admin ? Number.MAX_SAFE_INTEGER : scope.userIds.length,
    });
  }
  for (const read of reads) {
    const key = `${read.deviceId}|${read.cardId}`;
    if (out.has(key)) continue;
    let best: { id: number; rank: number } | null = null;
    for (const h of holders) {
      const r = reach.get(Number(h.userId));
      if (h.cardId !== read.cardId || !r?.devices.has(read.deviceId)) continue;
      // holders are in id order: on a tie the older passenger stays
      if (!best || r.rank < best.rank) best = { id: Number(h.id), rank: r.rank };
    }
    if (best) out.set(key, best.id);
  }
  return out;
}
