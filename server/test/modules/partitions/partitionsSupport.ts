/** Shared pieces of the partition tests (PostgreSQL only): rows written as the pipeline writes them. */
import { sql } from 'kysely';
import type { Db } from '../../../src/db/database';
import { migrateToLatest } from '../../../src/db/migrate';
import { freshDatabase, insertDevice } from '../../harness';

export const pgUrl = process.env.FROTA_TEST_DATABASE_URL;
export const skipReason = pgUrl ? '' : 'partition tests need PostgreSQL (FROTA_TEST_DATABASE_URL)';
if (skipReason) console.warn(`skipped: ${skipReason}`);

/** A fresh PostgreSQL schema, migrated, with one vehicle; `close` closes and drops it. */
export async function migratedWithVehicle(): Promise<{ db: Db; device: number; close: () => Promise<void> }> {
  const fresh = await freshDatabase('postgres');
  await migrateToLatest(fresh.db);
  const device = await insertDevice(fresh.db, 'A', 'imei-a');
  return {
    db: fresh.db,
    device,
    close: async () => {
      await fresh.db.close();
      await fresh.drop();
    },
  };
}

/** Epoch ms of a UTC date. */
export const utc = (year: number, month: number, day = 1, hour = 0) => Date.UTC(year, month - 1, day, hour);

export async function query<T = Record<string, unknown>>(db: Db, text: string): Promise<T[]> {
  return (await sql.raw<T>(text).execute(db.kysely)).rows;
}

export async function insertPosition(
  db: Db,
  deviceId: number,
  fixTime: number,
  attributes: Record<string, unknown> = {},
): Promise<number> {
  const [row] = await query<{ id: number }>(
    db,
    `INSERT INTO positions (device_id, protocol, server_time, device_time, fix_time, valid, latitude, ` +
      `longitude, speed, attributes) VALUES (${deviceId}, 'teltonika', ${fixTime}, ${fixTime}, ${fixTime}, ` +
      `true, -8.8, 13.2, 12.5, '${JSON.stringify(attributes)}'::jsonb) RETURNING id`,
  );
  return Number(row.id);
}

export async function insertEvent(
  db: Db,
  deviceId: number,
  eventTime: number,
  positionId: number | null,
  attributes: Record<string, unknown> = { alarm: 'sos' },
): Promise<number> {
  const [row] = await query<{ id: number }>(
    db,
    `INSERT INTO events (type, event_time, device_id, position_id, attributes) VALUES ('alarm', ${eventTime}, ` +
      `${deviceId}, ${positionId ?? 'NULL'}, '${JSON.stringify(attributes)}'::jsonb) RETURNING id`,
  );
  return Number(row.id);
}

export async function insertStatus(db: Db, eventId: number, deviceId: number, time: number): Promise<number> {
  const [row] = await query<{ id: number }>(
    db,
    `INSERT INTO event_statuses (event_id, device_id, status, details, time) ` +
      `VALUES (${eventId}, ${deviceId}, 1, 'looked at', ${time}) RETURNING id`,
  );
  return Number(row.id);
}

/** The partitions of `table`, by name. */
export async function partitionsOf(db: Db, table: string): Promise<string[]> {
  const rows = await query<{ name: string }>(
    db,
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid ` +
      `WHERE i.inhparent = to_regclass('${table}') ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}

/** The partition holding row `id` of `table`. */
export async function partitionOf(db: Db, table: string, id: number): Promise<string | undefined> {
  const [row] = await query<{ part: string }>(
    db,
    `SELECT tableoid::regclass::text AS part FROM ${table} WHERE id = ${id}`,
  );
  return row?.part;
}

/** The hourly tally of a vehicle's positions: [count, time sum], zeros when none. */
export async function tallyOf(db: Db, deviceId: number, time: number): Promise<[number, number]> {
  const [row] = await query<{ positions: number; timeSum: number }>(
    db,
    `SELECT positions, time_sum FROM position_tallies WHERE device_id = ${deviceId} ` +
      `AND hour = ${Math.floor(time / 3_600_000)}`,
  );
  return row ? [Number(row.positions), Number(row.timeSum)] : [0, 0];
}

/** Events counted by the daily event tallies for a vehicle and UTC day. */
export async function eventTallyOf(db: Db, deviceId: number, time: number): Promise<number> {
  const [row] = await query<{ n: number }>(
    db,
    `SELECT coalesce(sum(n), 0) AS n FROM event_tallies WHERE device_id = ${deviceId} ` +
      `AND day = ${Math.floor(time / 86_400_000)}`,
  );
  return Number(row.n);
}
