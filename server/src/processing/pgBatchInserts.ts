/**
 * PostgreSQL inserts of a whole batch in one statement each, whatever its size: every column is one array
 * parameter zipped back into rows by `unnest` in the select list (`unnestList`), so the query text never
 * grows with the rows and no value is bound one by one. The arrays travel in PostgreSQL's binary format (pgBinary.ts):
 * numbers as their bytes, texts and JSON documents unescaped. Each document is cast to `jsonb` on its own
 * row: one parse, where one `jsonb` array split by `jsonb_array_elements` was parsed, then built again
 * element by element (measured: 2 to 3 µs less of PostgreSQL's CPU a position). Ids come back in the order
 * of the rows.
 *
 * The statements of a batch's transaction are pipelined (`commitBatchPg`): sent together without waiting
 * for each one's answer, in two rounds — the claim, the positions and the tallies; then, with the ids in
 * hand, the events, the vehicles, the statistics and the commit. Waiting for each answer, a transaction
 * stayed open for six or seven round trips through a main thread busy with the records arriving, and
 * PostgreSQL sat idle in it most of that time (sampled: more often waiting for the client than working).
 *
 * The positions go into the table `PgBatch.positionsTable` names: the month partition that holds them all
 * when there is one (positionPartitions.ts: no transition table filled for the tallies' statement trigger),
 * else the partitioned `positions`.
 */
import pg from 'pg';
import { BATCH_CHECKED } from '../db/migrations/031_positionDeviceCheck';
import { tallyRows } from '../db/positionDerived';
import type { ProcessedPosition } from './types';
import { boolArray, float8Array, int4Array, int8Array, textArray, varcharArray } from './pgBinary';

/** A statement and its parameters, as pg takes them. */
export interface PgStatement {
  text: string;
  values: unknown[];
}

/**
 * The select list that zips array parameters `$1`, `$2`, … back into rows, one array a column, each
 * element cast on its row where a column names a cast (`['text', 'jsonb']`): `unnest($1::integer[]),
 * unnest($2::text[])::jsonb`. Set-returning functions in a select list run in step, one element of each a
 * row, without the tuple store that `ROWS FROM (unnest(…), …)` first copies every value into (measured
 * with `bench:pgRows`'s batches, the two forms interleaved batch by batch: 5 to 6 µs less wall time a
 * position, of some 40).
 * Arrays of one batch have the same length, so no column is padded with NULLs.
 */
export const unnestList = (columns: ReadonlyArray<string | readonly [array: string, cast: string]>): string =>
  columns
    .map((c, i) => {
      const [array, cast] = typeof c === 'string' ? [c, null] : c;
      return `unnest($${i + 1}::${array}[])${cast ? `::${cast}` : ''}`;
    })
    .join(', ');

function column<T, V>(rows: readonly T[], pick: (row: T) => V): V[] {
  const out = new Array<V>(rows.length);
  for (let i = 0; i < rows.length; i++) out[i] = pick(rows[i]);
  return out;
}

/** The batch's vehicles, in id order (the lock order). */
const vehiclesOf = (positions: readonly ProcessedPosition[]) =>
  [...new Set(column(positions, (p) => p.deviceId))].sort((a, b) => a - b);

/**
 * The batch's vehicles, locked `FOR KEY SHARE` in id order as the foreign key of positions once locked them
 * row by row (a vehicle deleted meanwhile waits for this transaction, then takes its positions with it),
 * and the transaction marked as checked and tallied by the writer, so the positions' insert trigger returns
 * at once (migration 031). Its answer lists the vehicles held: `checkClaim` refuses the batch when one is
 * missing, and its transaction is rolled back before anything is committed.
 */
const claimStatement = (ids: readonly number[]): PgStatement => ({
  text: `SELECT set_config($1, 'on', true) AS checked,
    ARRAY(SELECT id FROM devices WHERE id = ANY($2::integer[]) ORDER BY id FOR KEY SHARE) AS held`,
  values: [BATCH_CHECKED, int4Array(ids)],
});

/**
 * The writer's statements are prepared once a connection, by name, and planned once: with the arrays bound
 * as constants, planning a statement copied them (hundreds of kilobytes of documents) several times over,
 * some 15 % of PostgreSQL's work on a batch; a generic plan (`plan_cache_mode` of the writer's connections,
 * `pipelinePool`) keeps them parameters. A name a statement text, the same on every connection.
 */
const statementNames = new Map<string, string>();
const nameOf = (text: string): string => {
  let name = statementNames.get(text);
  if (name === undefined) statementNames.set(text, (name = `frota_batch_${statementNames.size + 1}`));
  return name;
};

function checkClaim(ids: readonly number[], held: readonly unknown[]): void {
  const holding = new Set(held.map(Number));
  const missing = ids.filter((id) => !holding.has(id));
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
function tallyStatement(positions: readonly ProcessedPosition[]): PgStatement | null {
  const rows = tallyRows(
    positions.map((p) => p.deviceId),
    positions.map((p) => p.fixTime),
  );
  if (!rows.length) return null;
  const pick = (offset: number) => rows.filter((_, i) => i % 4 === offset);
  return {
    text: `INSERT INTO position_tallies (device_id, hour, positions, time_sum)
    SELECT ${unnestList(['integer', 'bigint', 'integer', 'bigint'])}
    ON CONFLICT (device_id, hour) DO UPDATE SET positions = position_tallies.positions + excluded.positions,
      time_sum = position_tallies.time_sum + excluded.time_sum`,
    values: [int4Array(pick(0)), int8Array(pick(1)), int4Array(pick(2)), int8Array(pick(3))],
  };
}

const POSITION_COLUMNS = unnestList([
  'integer',
  'varchar',
  'bigint',
  'bigint',
  'bigint',
  'boolean',
  'float8',
  'float8',
  'float8',
  'float8',
  'float8',
  'float8',
  'varchar',
  'integer',
  ['text', 'jsonb'],
]);

function insertPositionsStatement(
  table: string,
  positions: readonly ProcessedPosition[],
  attributes: readonly string[],
): PgStatement {
  const floats = (pick: (p: ProcessedPosition) => number) => float8Array(column(positions, pick));
  const times = (pick: (p: ProcessedPosition) => number) => int8Array(column(positions, pick));
  return {
    text: `INSERT INTO ${table} (device_id, protocol, server_time, device_time, fix_time, valid, latitude,
      longitude, altitude, speed, course, accuracy, address, event, attributes)
    SELECT ${POSITION_COLUMNS}
    RETURNING id`,
    values: [
      int4Array(column(positions, (p) => p.deviceId)),
      varcharArray(column(positions, (p) => p.protocol)),
      times((p) => p.serverTime),
      times((p) => p.deviceTime),
      times((p) => p.fixTime),
      boolArray(column(positions, (p) => p.valid)),
      floats((p) => p.latitude),
      floats((p) => p.longitude),
      floats((p) => p.altitude),
      floats((p) => p.speed),
      floats((p) => p.course),
      floats((p) => p.accuracy),
      varcharArray(column(positions, (p) => p.address)),
      int4Array(column(positions, (p) => p.event)),
      textArray(attributes),
    ],
  };
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

function insertEventsStatement(events: readonly EventRow[]): PgStatement {
  return {
    text: `INSERT INTO events (type, event_time, device_id, position_id, geofence_id, attributes)
    SELECT ${unnestList(['varchar', 'bigint', 'integer', 'bigint', 'integer', ['text', 'jsonb']])}
    RETURNING id`,
    values: [
      varcharArray(column(events, (e) => e.type)),
      int8Array(column(events, (e) => e.eventTime)),
      int4Array(column(events, (e) => e.deviceId)),
      int8Array(column(events, (e) => e.positionId)),
      int4Array(column(events, (e) => e.geofenceId)),
      textArray(column(events, (e) => e.attributes)),
    ],
  };
}

/**
 * The vehicles' latest position, update time and status, in one statement (rows in id order: one lock
 * order). A row already updated by a later batch (committed first: the writer runs batches side by side)
 * is left as it is.
 */
function updateDevicesStatement(
  devices: ReadonlyArray<{ id: number; positionId: number; lastUpdate: number }>,
): PgStatement {
  return {
    text: `UPDATE devices SET position_id = v.position_id, last_update = v.last_update, status = 'online'
    FROM (SELECT ${unnestList(['integer', 'bigint', 'bigint'])}) AS v (id, position_id, last_update)
    WHERE devices.id = v.id AND (devices.last_update IS NULL OR devices.last_update <= v.last_update)`,
    values: [
      int4Array(column(devices, (d) => d.id)),
      int8Array(column(devices, (d) => d.positionId)),
      int8Array(column(devices, (d) => d.lastUpdate)),
    ],
  };
}

/** What a batch writes, the positions in the order their ids come back. */
export interface PgBatch {
  /** the table the positions go into: `positions`, or the one partition holding them (positionPartitions.ts) */
  positionsTable: string;
  positions: readonly ProcessedPosition[];
  /** each position's attributes, serialised */
  attributes: readonly string[];
  /** the events once the positions' ids are known (their position ids filled in) */
  events: (positionIds: readonly number[]) => EventRow[];
  /** the vehicles' rows once the positions' ids are known, in id order */
  devices: (positionIds: readonly number[]) => Array<{ id: number; positionId: number; lastUpdate: number }>;
  /** the statistics' upsert, if the batch adds to any */
  statistics: PgStatement | null;
}

/** The promise with its rejection handled: an answer nobody waits for after an earlier failure. */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/**
 * One batch in one transaction on `client` (a pipelined connection: `pipelinePool`), its statements sent in
 * two rounds (see the header); the new positions' and events' ids. Rejects with nothing committed when a
 * statement fails or a vehicle is gone (the transaction is rolled back).
 */
export async function commitBatchPg(
  client: pg.PoolClient,
  batch: PgBatch,
): Promise<{ positionIds: number[]; eventIds: number[] }> {
  const run = ({ text, values }: PgStatement) =>
    quiet(client.query(values.length ? { name: nameOf(text), text, values } : { text, values }));
  const ids = vehiclesOf(batch.positions);
  let sentCommit = false;
  try {
    const begin = run({ text: 'BEGIN', values: [] });
    const claim = run(claimStatement(ids));
    const inserted = run(insertPositionsStatement(batch.positionsTable, batch.positions, batch.attributes));
    const tallies = batch.positions.length ? tallyStatement(batch.positions) : null;
    const tallied = tallies ? run(tallies) : null;
    await begin;
    checkClaim(ids, (await claim).rows[0].held);
    const positionIds = (await inserted).rows.map((r) => Number(r.id));
    await tallied;

    const events = batch.events(positionIds);
    const eventsInserted = events.length ? run(insertEventsStatement(events)) : null;
    const devices = batch.devices(positionIds);
    const updated = devices.length ? run(updateDevicesStatement(devices)) : null;
    const counted = batch.statistics ? run(batch.statistics) : null;
    const committed = run({ text: 'COMMIT', values: [] });
    sentCommit = true;
    const eventIds = eventsInserted ? (await eventsInserted).rows.map((r) => Number(r.id)) : [];
    await updated;
    await counted;
    // a COMMIT of a transaction an error aborted answers ROLLBACK, with no error of its own
    if ((await committed).command !== 'COMMIT') throw new Error('the batch transaction was rolled back');
    return { positionIds, eventIds };
  } catch (err) {
    // after a COMMIT that failed, or answered ROLLBACK, no transaction is left open
    if (!sentCommit) await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

/**
 * Connections for `commitBatchPg`: pipelined (pg's `pipeline` mode sends a query without waiting for the
 * one before), as many as the writer's transactions in flight, on the same database and settings as the
 * server's pool, their prepared statements planned generically (see `nameOf`). Idle ones close on their
 * own, and do not keep the process alive.
 */
export const pipelinePool = (pool: pg.Pool, connections: number): pg.Pool =>
  new pg.Pool({
    ...pool.options,
    options: `${pool.options.options ?? ''} -c plan_cache_mode=force_generic_plan`.trim(),
    pipeline: true,
    max: connections,
    idleTimeoutMillis: 10_000,
    allowExitOnIdle: true,
  });
