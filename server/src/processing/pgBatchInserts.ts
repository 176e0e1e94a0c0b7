/**
 * PostgreSQL inserts of a whole batch in one statement each, whatever its size: every column is one array
 * parameter zipped back into rows by `ROWS FROM (unnest(...), ...)`, so the query text never grows with the
 * rows and no value is bound one by one. The arrays travel in PostgreSQL's binary format (pgBinary.ts):
 * numbers as their bytes, texts and JSON documents unescaped. Each document is cast to `jsonb` on its own
 * row: one parse, where one `jsonb` array split by `jsonb_array_elements` was parsed, then built again
 * element by element (measured: 2 to 3 µs less of PostgreSQL's CPU a position). Ids come back in the order
 * of the rows.
 */
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { BATCH_CHECKED } from '../db/migrations/031_positionDeviceCheck';
import { tallyRows } from '../db/positionDerived';
import type { ProcessedPosition } from './types';
import { boolArray, float8Array, int4Array, int8Array, textArray, varcharArray } from './pgBinary';

function column<T, V>(rows: readonly T[], pick: (row: T) => V): V[] {
  const out = new Array<V>(rows.length);
  for (let i = 0; i < rows.length; i++) out[i] = pick(rows[i]);
  return out;
}

/**
 * The batch's vehicles, locked `FOR KEY SHARE` in id order as the foreign key of positions once locked them
 * row by row (a vehicle deleted meanwhile waits for this transaction, then takes its positions with it),
 * and the transaction marked as checked and tallied by the writer, so the positions' insert trigger returns
 * at once (migration 031). Throws, before anything is written, when a vehicle no longer exists.
 */
async function claimDevicesPg(
  trx: Transaction<Database>,
  positions: readonly ProcessedPosition[],
): Promise<void> {
  const ids = [...new Set(column(positions, (p) => p.deviceId))].sort((a, b) => a - b);
  const { rows } = await sql<{ held: number[] }>`SELECT set_config(${BATCH_CHECKED}, 'on', true) AS checked,
    ARRAY(SELECT id FROM devices WHERE id = ANY(${int4Array(ids)}::integer[]) ORDER BY id FOR KEY SHARE) AS held`.execute(
    trx,
  );
  const held = new Set(rows[0].held.map(Number));
  const missing = ids.filter((id) => !held.has(id));
  if (missing.length)
    throw new Error(
      `insert on table "positions" violates foreign key constraint "positions_device_id_fkey": ` +
        `devices ${missing.join(', ')} are not present in table "devices"`,
    );
}

/**
 * The batch's count and time-of-day sum per vehicle and UTC hour, added to the hourly tallies in one upsert
 * (rows in key order, as the trigger it replaces for the writer took them): what migration 006's trigger
 * would add for these rows, grouped here from the values already in hand.
 */
async function addTalliesPg(
  trx: Transaction<Database>,
  positions: readonly ProcessedPosition[],
): Promise<void> {
  const rows = tallyRows(
    positions.map((p) => p.deviceId),
    positions.map((p) => p.fixTime),
  );
  const devices: number[] = [];
  const hours: number[] = [];
  const counts: number[] = [];
  const sums: number[] = [];
  for (let i = 0; i < rows.length; i += 4) {
    devices.push(rows[i]);
    hours.push(rows[i + 1]);
    counts.push(rows[i + 2]);
    sums.push(rows[i + 3]);
  }
  if (!devices.length) return;
  await sql`INSERT INTO position_tallies (device_id, hour, positions, time_sum)
    SELECT * FROM ROWS FROM (unnest(${int4Array(devices)}::integer[]), unnest(${int8Array(hours)}::bigint[]),
      unnest(${int4Array(counts)}::integer[]), unnest(${int8Array(sums)}::bigint[]))
    ON CONFLICT (device_id, hour) DO UPDATE SET positions = position_tallies.positions + excluded.positions,
      time_sum = position_tallies.time_sum + excluded.time_sum`.execute(trx);
}

async function insertPositionsPg(
  trx: Transaction<Database>,
  positions: readonly ProcessedPosition[],
  attributes: string[],
): Promise<number[]> {
  if (!positions.length) return [];
  const floats = (pick: (p: ProcessedPosition) => number) => float8Array(column(positions, pick));
  const times = (pick: (p: ProcessedPosition) => number) => int8Array(column(positions, pick));
  const { rows } = await sql<{ id: number }>`INSERT INTO positions (device_id, protocol, server_time,
    device_time, fix_time, valid, latitude, longitude, altitude, speed, course, accuracy, address, event, attributes)
    SELECT c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15::jsonb FROM ROWS FROM (
      unnest(${int4Array(column(positions, (p) => p.deviceId))}::integer[]),
      unnest(${varcharArray(column(positions, (p) => p.protocol))}::varchar[]),
      unnest(${times((p) => p.serverTime)}::bigint[]),
      unnest(${times((p) => p.deviceTime)}::bigint[]),
      unnest(${times((p) => p.fixTime)}::bigint[]),
      unnest(${boolArray(column(positions, (p) => p.valid))}::boolean[]),
      unnest(${floats((p) => p.latitude)}::float8[]),
      unnest(${floats((p) => p.longitude)}::float8[]),
      unnest(${floats((p) => p.altitude)}::float8[]),
      unnest(${floats((p) => p.speed)}::float8[]),
      unnest(${floats((p) => p.course)}::float8[]),
      unnest(${floats((p) => p.accuracy)}::float8[]),
      unnest(${varcharArray(column(positions, (p) => p.address))}::varchar[]),
      unnest(${int4Array(column(positions, (p) => p.event))}::integer[]),
      unnest(${textArray(attributes)}::text[])) AS r (c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15)
    RETURNING id`.execute(trx);
  return rows.map((r) => Number(r.id));
}

/**
 * A batch's positions stored the writer's way (migration 031): its vehicles claimed, the rows inserted, the
 * hourly tallies added; the new ids in the order of the rows.
 */
export async function storePositionsPg(
  trx: Transaction<Database>,
  positions: readonly ProcessedPosition[],
  attributes: string[],
): Promise<number[]> {
  if (!positions.length) return [];
  await claimDevicesPg(trx, positions);
  const ids = await insertPositionsPg(trx, positions, attributes);
  await addTalliesPg(trx, positions);
  return ids;
}

export interface EventRow {
  type: string;
  eventTime: number;
  deviceId: number;
  positionId: number | null;
  geofenceId: number | null;
  /** serialised JSON */
  attributes: string;
}

export async function insertEventsPg(
  trx: Transaction<Database>,
  events: readonly EventRow[],
): Promise<number[]> {
  if (!events.length) return [];
  const { rows } = await sql<{ id: number }>`INSERT INTO events (type, event_time, device_id, position_id,
    geofence_id, attributes)
    SELECT c1, c2, c3, c4, c5, c6::jsonb FROM ROWS FROM (
      unnest(${varcharArray(column(events, (e) => e.type))}::varchar[]),
      unnest(${int8Array(column(events, (e) => e.eventTime))}::bigint[]),
      unnest(${int4Array(column(events, (e) => e.deviceId))}::integer[]),
      unnest(${int8Array(column(events, (e) => e.positionId))}::bigint[]),
      unnest(${int4Array(column(events, (e) => e.geofenceId))}::integer[]),
      unnest(${textArray(column(events, (e) => e.attributes))}::text[])) AS r (c1, c2, c3, c4, c5, c6)
    RETURNING id`.execute(trx);
  return rows.map((r) => Number(r.id));
}

/**
 * The vehicles' latest position, update time and status, in one statement (rows in id order: one lock
 * order). A row already updated by a later batch (committed first: the writer runs batches side by side)
 * is left as it is.
 */
export async function updateDevicesPg(
  trx: Transaction<Database>,
  devices: ReadonlyArray<{ id: number; positionId: number; lastUpdate: number }>,
): Promise<void> {
  if (!devices.length) return;
  await sql`UPDATE devices SET position_id = v.position_id, last_update = v.last_update, status = 'online'
    FROM ROWS FROM (unnest(${int4Array(column(devices, (d) => d.id))}::integer[]),
      unnest(${int8Array(column(devices, (d) => d.positionId))}::bigint[]),
      unnest(${int8Array(column(devices, (d) => d.lastUpdate))}::bigint[])) AS v (id, position_id, last_update)
    WHERE devices.id = v.id AND (devices.last_update IS NULL OR devices.last_update <= v.last_update)`.execute(
    trx,
  );
}
