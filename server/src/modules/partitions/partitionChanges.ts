/**
 * The changes the partition job makes on PostgreSQL (migration 022): a month created (taking its rows
 * out of the DEFAULT partition), a whole month dropped, and the stray old rows of the DEFAULT partition
 * removed. Each runs in its own short transaction with a lock timeout, so a busy table makes the job
 * retry at its next run instead of queueing the ingestion behind it.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import {
  addMonths,
  defaultPartitionName,
  partitionName,
  writableColumns,
  type PartitionedTable,
} from '../../db/migrations/022_partitions';
import { TALLY_HOUR_MS } from '../../db/migrations/006_positionTallies';
import { EVENT_TALLY_DAY_MS } from '../../db/migrations/011_eventTallies';
import { checkedName } from './partitionCatalog';

/** How long a change waits for a table lock before giving up until the next run. */
export const LOCK_TIMEOUT = '10s';

const run = (trx: Transaction<Database>, text: string) => sql.raw(text).execute(trx);

async function inTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.kysely.transaction().execute(async (trx) => {
    await run(trx, `SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
    return work(trx);
  });
}

/**
 * Creates the partition of the month starting at `month`: a table like the parent, filled with the rows
 * of that month the DEFAULT partition holds (moved as they are: no trigger fires, the tallies already
 * count them), then attached. Attaching, unlike CREATE TABLE ... PARTITION OF, leaves the parent open to
 * reads and writes. Answers how many rows moved.
 */
export async function createMonthPartition(db: Db, spec: PartitionedTable, month: number): Promise<number> {
  const { table, column } = spec;
  const name = partitionName(table, month);
  const to = addMonths(month, 1);
  const columns = (await writableColumns(db.kysely as unknown as Kysely<unknown>, table)).join(', ');
  return inTransaction(db, async (trx) => {
    await run(
      trx,
      `CREATE TABLE ${name} (LIKE ${table} INCLUDING DEFAULTS INCLUDING GENERATED INCLUDING CONSTRAINTS ` +
        `INCLUDING STORAGE)`,
    );
    const moved = await run(
      trx,
      `WITH moved AS (DELETE FROM ${defaultPartitionName(table)} WHERE ${column} >= ${month} ` +
        `AND ${column} < ${to} RETURNING ${columns}) INSERT INTO ${name} (${columns}) SELECT ${columns} FROM moved`,
    );
    await run(trx, `ALTER TABLE ${table} ATTACH PARTITION ${name} FOR VALUES FROM (${month}) TO (${to})`);
    return Number(moved.numAffectedRows ?? 0);
  });
}

/**
 * What points at rows of `source` (rows matching `where`) without a foreign key: event statuses are
 * deleted with their events (the cascade of migration 022 fires only for DELETEs through the parent),
 * and a vehicle's or a camera file's link to a position that goes is cleared. Each probe is an index
 * lookup per linking row.
 */
async function unlink(trx: Transaction<Database>, spec: PartitionedTable, source: string, where = '') {
  const exists = (link: string) => `EXISTS (SELECT 1 FROM ${source} x WHERE x.id = ${link}${where})`;
  if (spec.table === 'events') {
    await run(trx, `DELETE FROM event_statuses s WHERE ${exists('s.event_id')}`);
    return;
  }
  await run(
    trx,
    `UPDATE devices d SET position_id = NULL WHERE position_id IS NOT NULL AND ${exists('d.position_id')}`,
  );
  await run(
    trx,
    `UPDATE camera_media c SET position_id = NULL WHERE position_id IS NOT NULL AND ${exists('c.position_id')}`,
  );
}

/** Detaches and drops a whole partition (never a row-by-row delete), after unlinking its rows. */
export async function dropPartition(db: Db, spec: PartitionedTable, partition: string): Promise<void> {
  const name = checkedName(partition);
  await inTransaction(db, async (trx) => {
    await unlink(trx, spec, name);
    await run(trx, `ALTER TABLE ${spec.table} DETACH PARTITION ${name}`);
    await run(trx, `DROP TABLE ${name}`);
  });
}

/**
 * The figures kept from positions and events (hourly position tallies, daily event tallies, cached
 * compact days, segments and their hours) before `cutoff`: forgotten when the rows they count go. Done before the drops, so a
 * failure in between leaves reports reading an empty period (what it becomes) rather than cached days
 * of rows that are gone.
 */
export async function forgetDerived(db: Db, cutoff: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    await run(trx, `DELETE FROM position_tallies WHERE hour < ${Math.floor(cutoff / TALLY_HOUR_MS)}`);
    await run(trx, `DELETE FROM event_tallies WHERE day < ${Math.floor(cutoff / EVENT_TALLY_DAY_MS)}`);
    await run(trx, `DELETE FROM compact_cache WHERE window_start < ${cutoff}`);
    // segments (modules/segments) over before it; the latest ones, where the job resumes, are newer
    await run(trx, `DELETE FROM segments WHERE end_time < ${cutoff}`);
    await run(trx, `DELETE FROM segment_hours WHERE hour < ${cutoff}`);
  });
}

/**
 * Removes the rows of the DEFAULT partition older than `cutoff` (stray fix times of a broken clock: the
 * months they fall in have no partition to drop). Nothing else is left in their hours and days, so the
 * tallies and cached days of exactly those vehicles, hours and days go with them. Answers the count.
 */
export async function purgeDefault(db: Db, spec: PartitionedTable, cutoff: number): Promise<number> {
  const { table, column } = spec;
  const source = defaultPartitionName(table);
  const old = `${column} < ${cutoff}`;
  return inTransaction(db, async (trx) => {
    const found = await run(trx, `SELECT 1 FROM ${source} WHERE ${old} LIMIT 1`);
    if (!found.rows.length) return 0;
    await unlink(trx, spec, source, ` AND x.${old}`);
    const tallies =
      table === 'positions'
        ? `DELETE FROM position_tallies t USING (SELECT DISTINCT device_id, ${column} / ${TALLY_HOUR_MS} AS hour ` +
          `FROM gone) g WHERE t.device_id = g.device_id AND t.hour = g.hour`
        : `DELETE FROM event_tallies t USING (SELECT DISTINCT device_id, ${column} / ${EVENT_TALLY_DAY_MS} AS day ` +
          `FROM gone) g WHERE t.device_id = g.device_id AND t.day = g.day`;
    const cache =
      table === 'positions'
        ? `, cache AS (DELETE FROM compact_cache c WHERE c.device_id IN (SELECT device_id FROM gone) ` +
          `AND c.window_start < ${cutoff})`
        : '';
    const gone = await run(
      trx,
      `WITH gone AS (DELETE FROM ${source} WHERE ${old} RETURNING device_id, ${column}), ` +
        `tallies AS (${tallies})${cache} SELECT count(*) AS n FROM gone`,
    );
    return Number((gone.rows[0] as { n: number }).n);
  });
}
