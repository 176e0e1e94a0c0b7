/**
 * The status workflow of an event (document 2 §2.8, §4): every change is kept with who made it, when and
 * the observations; the event row keeps its last status, updated in the same transaction.
 */
import type { Db } from '../../db/database';
import type { LiveHub } from '../../live/hub';
import type { Scope } from '../../auth/policy';
import { toIso } from '../../db/mapping';
import type { VisibleEvent } from './eventAccess';

export interface StatusEntry {
  id: number;
  status: number;
  date: string;
  user: string | null;
  details: string;
}

export type StatusChange = {
  eventId: number;
  deviceId: number;
  status: number;
  user: string;
  details: string;
  date: string;
};

/** Stores the change and makes it the event's last status; answers what the sockets are told. */
export async function changeStatus(
  db: Db,
  scope: Scope,
  event: VisibleEvent,
  status: number,
  details: string,
  now = Date.now(),
): Promise<StatusChange> {
  await db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('eventStatuses')
      .values({
        eventId: event.id,
        deviceId: event.deviceId,
        status,
        details,
        userId: scope.user.id,
        time: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    // two saves at once: the later history row stays the last status, whichever commits first
    await trx
      .updateTable('events')
      .set({ lastStatus: status, lastStatusRow: id })
      .where('id', '=', event.id)
      .where((eb) => eb.or([eb('lastStatusRow', 'is', null), eb('lastStatusRow', '<', id)]))
      .execute();
  });
  return {
    eventId: event.id,
    deviceId: event.deviceId,
    status,
    user: scope.user.name,
    details,
    date: toIso(now)!,
  };
}

/** Tells every socket whose user sees the vehicle (on every node, through the hub's bus). */
export function broadcastStatus(live: LiveHub, change: StatusChange): void {
  live.publish({ eventStatuses: [change] });
}

/** The event's history, newest first. */
export async function statusHistory(db: Db, eventId: number): Promise<StatusEntry[]> {
  const rows = await db.kysely
    .selectFrom('eventStatuses')
    .leftJoin('users', 'users.id', 'eventStatuses.userId')
    .select([
      'eventStatuses.id',
      'eventStatuses.status',
      'eventStatuses.time',
      'eventStatuses.details',
      'users.name as userName',
    ])
    .where('eventStatuses.eventId', '=', eventId)
    .orderBy('eventStatuses.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    status: Number(r.status),
    date: toIso(Number(r.time))!,
    user: r.userName ?? null,
    details: r.details ?? '',
  }));
}
