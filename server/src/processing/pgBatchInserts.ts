/**
 * PostgreSQL inserts of a whole batch in one statement each, whatever its size: every column is one array
 * parameter zipped back into rows by `ROWS FROM (unnest(...), ...)`, so the query text never grows with the
 * rows and no value is bound one by one. Numbers and flags travel as array literals joined here (pg would
 * quote and escape each element), JSON documents as one JSON array (no escaping at all). Ids come back in
 * the order of the rows.
 */
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { ProcessedPosition } from './types';

/** `{1,2,NULL}`: a number (or boolean) array literal without quoting each element. */
export function arrayLiteral(values: ReadonlyArray<number | boolean | null>): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i) out += ',';
    out +=
      v == null ? 'NULL' : typeof v === 'boolean' ? (v ? 't' : 'f') : Number.isFinite(v) ? String(v) : 'NULL';
  }
  return out + '}';
}

/** `[{...},{...}]` from documents already serialised: the JSON array the statement splits again. */
const jsonArray = (documents: string[]): string => `[${documents.join(',')}]`;

function column<T, V>(rows: readonly T[], pick: (row: T) => V): V[] {
  const out = new Array<V>(rows.length);
  for (let i = 0; i < rows.length; i++) out[i] = pick(rows[i]);
  return out;
}

export async function insertPositionsPg(
  trx: Transaction<Database>,
  positions: readonly ProcessedPosition[],
  attributes: string[],
): Promise<number[]> {
  if (!positions.length) return [];
  const numbers = (pick: (p: ProcessedPosition) => number | boolean | null) =>
    arrayLiteral(column(positions, pick));
  const { rows } = await sql<{ id: number }>`INSERT INTO positions (device_id, protocol, server_time,
    device_time, fix_time, valid, latitude, longitude, altitude, speed, course, accuracy, address, event, attributes)
    SELECT * FROM ROWS FROM (
      unnest(${numbers((p) => p.deviceId)}::integer[]), unnest(${column(positions, (p) => p.protocol)}::varchar[]),
      unnest(${numbers((p) => p.serverTime)}::bigint[]), unnest(${numbers((p) => p.deviceTime)}::bigint[]),
      unnest(${numbers((p) => p.fixTime)}::bigint[]), unnest(${numbers((p) => p.valid)}::boolean[]),
      unnest(${numbers((p) => p.latitude)}::float8[]), unnest(${numbers((p) => p.longitude)}::float8[]),
      unnest(${numbers((p) => p.altitude)}::float8[]), unnest(${numbers((p) => p.speed)}::float8[]),
      unnest(${numbers((p) => p.course)}::float8[]), unnest(${numbers((p) => p.accuracy)}::float8[]),
      unnest(${column(positions, (p) => p.address)}::varchar[]), unnest(${numbers((p) => p.event)}::integer[]),
      jsonb_array_elements(${jsonArray(attributes)}::jsonb))
    RETURNING id`.execute(trx);
  return rows.map((r) => Number(r.id));
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
  const numbers = (pick: (e: EventRow) => number | null) => arrayLiteral(column(events, pick));
  const { rows } = await sql<{ id: number }>`INSERT INTO events (type, event_time, device_id, position_id,
    geofence_id, attributes)
    SELECT * FROM ROWS FROM (
      unnest(${column(events, (e) => e.type)}::varchar[]), unnest(${numbers((e) => e.eventTime)}::bigint[]),
      unnest(${numbers((e) => e.deviceId)}::integer[]), unnest(${numbers((e) => e.positionId)}::bigint[]),
      unnest(${numbers((e) => e.geofenceId)}::integer[]),
      jsonb_array_elements(${jsonArray(column(events, (e) => e.attributes))}::jsonb))
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
  const numbers = (pick: (d: (typeof devices)[number]) => number) => arrayLiteral(column(devices, pick));
  await sql`UPDATE devices SET position_id = v.position_id, last_update = v.last_update, status = 'online'
    FROM ROWS FROM (unnest(${numbers((d) => d.id)}::integer[]), unnest(${numbers((d) => d.positionId)}::bigint[]),
      unnest(${numbers((d) => d.lastUpdate)}::bigint[])) AS v (id, position_id, last_update)
    WHERE devices.id = v.id AND (devices.last_update IS NULL OR devices.last_update <= v.last_update)`.execute(
    trx,
  );
}
