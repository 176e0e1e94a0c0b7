/**
 * Commands waiting for their device, in the database (migration 004): queued by whichever node got the
 * request, sent by whichever node the device is connected to, removed once the device has them.
 */
import type { Generated, Kysely } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';

interface PendingCommandsTable {
  id: Generated<number>;
  deviceId: number;
  text: string;
  createdAt: number;
}

export interface PendingCommand {
  id: number;
  text: string;
}

const tables = (db: Db): Kysely<Database & { pendingCommands: PendingCommandsTable }> =>
  db.kysely.withTables<{ pendingCommands: PendingCommandsTable }>();

/** Queues a command; the same text already waiting for the device is not queued twice. */
export async function queueCommand(db: Db, deviceId: number, text: string, now = Date.now()): Promise<void> {
  await tables(db)
    .transaction()
    .execute(async (trx) => {
      const waiting = await trx
        .selectFrom('pendingCommands')
        .select('id')
        .where('deviceId', '=', deviceId)
        .where('text', '=', text)
        .executeTakeFirst();
      if (!waiting)
        await trx.insertInto('pendingCommands').values({ deviceId, text, createdAt: now }).execute();
    });
}

/** What waits for the device, oldest first. */
export async function pendingCommands(db: Db, deviceId: number): Promise<PendingCommand[]> {
  const rows = await tables(db)
    .selectFrom('pendingCommands')
    .select(['id', 'text'])
    .where('deviceId', '=', deviceId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), text: r.text }));
}

/** The device has the command (it answered, or it was sent and the wait for an answer ran out). */
export async function commandDelivered(db: Db, id: number): Promise<void> {
  await tables(db).deleteFrom('pendingCommands').where('id', '=', id).execute();
}
