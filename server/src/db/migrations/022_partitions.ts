/**
 * Migration 22 (issue 24): on PostgreSQL, `positions` and `events` become tables partitioned by the UTC
 * month of their time (`fix_time`, `event_time`, epoch milliseconds) with native declarative partitioning,
 * so a report or a replay reads only the months of its period and retention (modules/partitions) drops
 * whole months instead of deleting rows. SQLite keeps one table: there this migration does nothing.
 *
 * Each table is rebuilt without losing a row: a partitioned copy with the same columns (generated columns
 * recomputed by the same expressions), defaults and id sequence (ids continue), one partition per month
 * that holds rows before the horizon plus the current month and the AHEAD_MONTHS after it, and a DEFAULT
 * partition. The rows are copied with their ids, the old table dropped, the copy renamed, and the
 * indexes, triggers and foreign keys of the old table recreated from their own definitions. The primary
 * key becomes (id, time): a unique key of a partitioned table must hold the partition column.
 *
 * The DEFAULT partition takes what no month holds: fix times from a broken clock (1980, 2099, ...) and
 * months the partition job has not created yet, so an insert never fails for its time. The job moves the
 * rows of a month out of it when it creates that month (modules/partitions/partitionChanges.ts).
 *
 * Triggers that change: a row moved across months by an UPDATE of its time is deleted and inserted by
 * PostgreSQL, which fires no row-level AFTER UPDATE trigger, so the position tallies' move trigger
 * (migration 006) becomes a statement trigger over the transition tables (they hold moved rows too).
 * `event_statuses.event_id` cannot reference `events(id)` alone any more: its foreign key becomes two
 * triggers with the same effect, a statement trigger deleting the statuses of deleted events (the
 * cascade) and a row trigger refusing a status of a missing event (locking it as a foreign key would).
 * `down` converts back to plain tables the same way.
 */
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { TALLY_DAY_MS, TALLY_HOUR_MS } from './006_positionTallies';

type AnyDb = Kysely<unknown>;

/** The partitioned tables and the time column each is partitioned by. */
export const PARTITIONED = [
  { table: 'positions', column: 'fix_time' },
  { table: 'events', column: 'event_time' },
] as const;
export type PartitionedTable = (typeof PARTITIONED)[number];

/** Months created after the current one (by this migration and then by the partition job). */
export const AHEAD_MONTHS = 3;

/** The start (epoch ms) of the UTC month holding `ms`. */
export function monthStart(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** The start of the UTC month `n` months after the one holding `ms`. */
export function addMonths(ms: number, n: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1);
}

/** `positions_p2025_01`: the partition of the month starting at `month`. */
export function partitionName(table: string, month: number): string {
  const d = new Date(month);
  return `${table}_p${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

export const defaultPartitionName = (table: string) => `${table}_default`;

const run = (db: AnyDb, text: string) => sql.raw(text).execute(db);

async function rows<T>(db: AnyDb, text: string): Promise<T[]> {
  return (await sql.raw<T>(text).execute(db)).rows;
}

/** The columns a copy writes: every column but the generated ones, in table order. */
export async function writableColumns(db: AnyDb, table: string): Promise<string[]> {
  const found = await rows<{ name: string }>(
    db,
    `SELECT attname AS name FROM pg_attribute WHERE attrelid = to_regclass('${table}') AND attnum > 0 ` +
      `AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
  );
  return found.map((r) => r.name);
}

/** What the old table has besides its columns, as statements to run again on the new one. */
async function definitions(db: AnyDb, table: string) {
  const rel = `to_regclass('${table}')`;
  const indexes = await rows<{ def: string }>(
    db,
    `SELECT pg_get_indexdef(i.indexrelid) AS def FROM pg_index i WHERE i.indrelid = ${rel} ` +
      `AND NOT i.indisprimary ORDER BY i.indexrelid`,
  );
  const triggers = await rows<{ name: string; def: string }>(
    db,
    `SELECT tgname AS name, pg_get_triggerdef(oid) AS def FROM pg_trigger ` +
      `WHERE tgrelid = ${rel} AND NOT tgisinternal ORDER BY tgname`,
  );
  const foreignKeys = await rows<{ name: string; def: string }>(
    db,
    `SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint ` +
      `WHERE conrelid = ${rel} AND contype = 'f' ORDER BY conname`,
  );
  const [sequence] = await rows<{ name: string | null }>(
    db,
    `SELECT pg_get_serial_sequence('${table}', 'id') AS name`,
  );
  if (!sequence?.name) throw new Error(`${table}.id has no sequence`);
  return {
    // a partitioned table's index is defined ON ONLY the parent
    indexes: indexes.map((r) => r.def.replace(' ON ONLY ', ' ON ')),
    triggers,
    foreignKeys,
    sequence: sequence.name,
  };
}

/** Foreign keys of other tables referencing `table`: only the one this migration replaces may exist. */
async function assertReferences(db: AnyDb, table: string, allowed: string[]): Promise<void> {
  const found = await rows<{ name: string }>(
    db,
    `SELECT conname AS name FROM pg_constraint WHERE confrelid = to_regclass('${table}') AND contype = 'f'`,
  );
  const unknown = found.map((r) => r.name).filter((n) => !allowed.includes(n));
  if (unknown.length) throw new Error(`foreign keys reference ${table}: ${unknown.join(', ')}`);
}

interface Rebuild {
  table: string;
  /** partitioned by range of this column, or a plain table when absent */
  column?: string;
  /** months (starts) to create partitions for */
  months?: number[];
  /** triggers not to recreate (replaced by the caller) */
  skipTriggers: string[];
}

/** Rebuilds `table` as a partitioned (or plain) table with the same rows, ids, indexes and triggers. */
async function rebuild(db: AnyDb, r: Rebuild): Promise<void> {
  const { table, column } = r;
  const staging = `${table}_rebuilt`;
  const columns = (await writableColumns(db, table)).join(', ');
  const defs = await definitions(db, table);
  await run(
    db,
    `CREATE TABLE ${staging} (LIKE ${table} INCLUDING DEFAULTS INCLUDING GENERATED INCLUDING CONSTRAINTS ` +
      `INCLUDING STORAGE INCLUDING COMMENTS)${column ? ` PARTITION BY RANGE (${column})` : ''}`,
  );
  if (column) {
    for (const month of r.months ?? [])
      await run(
        db,
        `CREATE TABLE ${partitionName(table, month)} PARTITION OF ${staging} ` +
          `FOR VALUES FROM (${month}) TO (${addMonths(month, 1)})`,
      );
    await run(db, `CREATE TABLE ${defaultPartitionName(table)} PARTITION OF ${staging} DEFAULT`);
  }
  // a plain table gets its rows back in id order, as it was written
  const order = column ? '' : ' ORDER BY id';
  const copied = await sql
    .raw(`INSERT INTO ${staging} (${columns}) SELECT ${columns} FROM ${table}${order}`)
    .execute(db);
  // the sequence belongs to the column it numbers: moved first, or dropping the old table drops it
  await run(db, `ALTER SEQUENCE ${defs.sequence} OWNED BY ${staging}.id`);
  await run(db, `DROP TABLE ${table}`);
  await run(db, `ALTER TABLE ${staging} RENAME TO ${table}`);
  await run(
    db,
    `ALTER TABLE ${table} ADD CONSTRAINT ${table}_pkey PRIMARY KEY (id${column ? `, ${column}` : ''})`,
  );
  for (const fk of defs.foreignKeys)
    await run(db, `ALTER TABLE ${table} ADD CONSTRAINT ${fk.name} ${fk.def}`);
  for (const index of defs.indexes) await run(db, index);
  for (const trigger of defs.triggers) if (!r.skipTriggers.includes(trigger.name)) await run(db, trigger.def);
  // statistics for the copied rows at once; empty partitions stay unanalysed, so the planner does not
  // take them for tables known to be empty until autovacuum has seen their first rows
  if (Number(copied.numAffectedRows ?? 0) > 0) await run(db, `ANALYZE ${table}`);
}

/** Months holding rows of `table` before `horizon` (rows after it, or before 1970, go to the default). */
async function monthsWithRows(db: AnyDb, table: string, column: string, horizon: number): Promise<number[]> {
  const found = await rows<{ m: number }>(
    db,
    `SELECT DISTINCT (extract(year FROM t) * 12 + extract(month FROM t) - 1)::int AS m FROM ` +
      `(SELECT to_timestamp(${column} / 1000.0) AT TIME ZONE 'UTC' AS t FROM ${table} ` +
      `WHERE ${column} >= 0 AND ${column} < ${horizon}) AS times`,
  );
  return found.map(({ m }) => Date.UTC(Math.floor(Number(m) / 12), Number(m) % 12, 1));
}

/** PostgreSQL: add (sign 1) or remove (-1) the grouped positions of `from` to the hourly tallies. */
export const tallyMerge = (from: string, sign: 1 | -1) =>
  `INSERT INTO position_tallies (device_id, hour, positions, time_sum) ` +
  `SELECT device_id, fix_time / ${TALLY_HOUR_MS}, ${sign} * count(*), ${sign} * sum(fix_time % ${TALLY_DAY_MS}) ` +
  `FROM ${from} GROUP BY 1, 2 ORDER BY 1, 2 ` +
  `ON CONFLICT (device_id, hour) DO UPDATE SET positions = position_tallies.positions + excluded.positions, ` +
  `time_sum = position_tallies.time_sum + excluded.time_sum`;

export const trigger = (name: string, body: string, returns = 'NULL') =>
  `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT ` +
  `AS $$ BEGIN ${body}; RETURN ${returns}; END $$`;

/** The positions whose vehicle or fix time an UPDATE changed, as they were (o) or are (n). */
export const moved = (side: 'o' | 'n') =>
  `(SELECT ${side}.device_id, ${side}.fix_time FROM tally_old o JOIN tally_new n ON n.id = o.id ` +
  `WHERE (o.device_id, o.fix_time) IS DISTINCT FROM (n.device_id, n.fix_time)) AS m`;

const MOVE_STATEMENT = [
  trigger('positions_tally_move', `${tallyMerge(moved('o'), -1)}; ${tallyMerge(moved('n'), 1)}`),
  `CREATE TRIGGER positions_tally_move AFTER UPDATE ON positions ` +
    `REFERENCING OLD TABLE AS tally_old NEW TABLE AS tally_new ` +
    `FOR EACH STATEMENT EXECUTE FUNCTION positions_tally_move()`,
];

/** Migration 006's row trigger, for `down`. */
const MOVE_ROW = [
  trigger(
    'positions_tally_move',
    `${tallyMerge('(SELECT OLD.device_id AS device_id, OLD.fix_time AS fix_time) AS o', -1)}; ` +
      tallyMerge('(SELECT NEW.device_id AS device_id, NEW.fix_time AS fix_time) AS n', 1),
  ),
  `CREATE TRIGGER positions_tally_move AFTER UPDATE OF fix_time, device_id ON positions ` +
    `FOR EACH ROW EXECUTE FUNCTION positions_tally_move()`,
];

const STATUS_FOREIGN_KEY = 'event_statuses_event_id_fkey';

const STATUS_TRIGGERS = [
  trigger(
    'events_statuses_cascade',
    'DELETE FROM event_statuses WHERE event_id IN (SELECT id FROM statuses_old)',
  ),
  `CREATE TRIGGER events_statuses_cascade AFTER DELETE ON events REFERENCING OLD TABLE AS statuses_old ` +
    `FOR EACH STATEMENT EXECUTE FUNCTION events_statuses_cascade()`,
  trigger(
    'event_statuses_event',
    `PERFORM 1 FROM events WHERE id = NEW.event_id FOR KEY SHARE; IF NOT FOUND THEN ` +
      `RAISE EXCEPTION 'insert or update on table "event_statuses" violates foreign key constraint "${STATUS_FOREIGN_KEY}"' ` +
      `USING ERRCODE = 'foreign_key_violation', DETAIL = format('Key (event_id)=(%s) is not present in table "events".', NEW.event_id); ` +
      `END IF`,
    'NEW',
  ),
  `CREATE TRIGGER event_statuses_event BEFORE INSERT OR UPDATE OF event_id ON event_statuses ` +
    `FOR EACH ROW EXECUTE FUNCTION event_statuses_event()`,
];

const DROP_STATUS_TRIGGERS = [
  'DROP TRIGGER events_statuses_cascade ON events',
  'DROP FUNCTION events_statuses_cascade()',
  'DROP TRIGGER event_statuses_event ON event_statuses',
  'DROP FUNCTION event_statuses_event()',
];

export function migration022(dialect: Dialect, now: () => number = Date.now) {
  return {
    async up(db: AnyDb): Promise<void> {
      if (dialect !== 'postgres') return;
      const current = monthStart(now());
      const horizon = addMonths(current, AHEAD_MONTHS + 1);
      const ahead = Array.from({ length: AHEAD_MONTHS + 1 }, (_, i) => addMonths(current, i));
      await assertReferences(db, 'positions', []);
      await assertReferences(db, 'events', [STATUS_FOREIGN_KEY]);
      await run(db, `ALTER TABLE event_statuses DROP CONSTRAINT IF EXISTS ${STATUS_FOREIGN_KEY}`);
      for (const { table, column } of PARTITIONED) {
        const months = new Set([...(await monthsWithRows(db, table, column, horizon)), ...ahead]);
        await rebuild(db, {
          table,
          column,
          months: [...months].sort((a, b) => a - b),
          skipTriggers: ['positions_tally_move'],
        });
      }
      for (const statement of [...MOVE_STATEMENT, ...STATUS_TRIGGERS]) await run(db, statement);
    },
    async down(db: AnyDb): Promise<void> {
      if (dialect !== 'postgres') return;
      for (const statement of DROP_STATUS_TRIGGERS) await run(db, statement);
      await run(db, 'DROP TRIGGER positions_tally_move ON positions');
      for (const { table } of PARTITIONED) await rebuild(db, { table, skipTriggers: [] });
      for (const statement of MOVE_ROW) await run(db, statement);
      await run(
        db,
        `ALTER TABLE event_statuses ADD CONSTRAINT ${STATUS_FOREIGN_KEY} FOREIGN KEY (event_id) ` +
          `REFERENCES events (id) ON DELETE CASCADE`,
      );
    },
  };
}
