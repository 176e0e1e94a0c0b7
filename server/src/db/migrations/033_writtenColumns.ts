/**
 * Migration 033 (issue 38), SQLite only: the positions' derived columns are written, not generated
 * (db/positionDerived.ts says why and by whom).
 *
 * SQLite cannot turn a generated column into a plain one: the table is rebuilt (rows copied in id order,
 * ids and the AUTOINCREMENT counter kept, the generated values copied as they are), with a fifth column,
 * `privacy` (the attribute's value, for the replay's partial index, which now tests the column). The
 * insert trigger of the tallies (migration 006) goes: every connection but the writer thread's gets it
 * as a connection-local trigger. Kept as they were: the tallies' delete and move triggers, the index by
 * device and time, and any other index or trigger the table has. New: an update of a position's
 * attributes derives its columns again (the generated columns did so on their own).
 * PostgreSQL keeps its generated columns: nothing changes there.
 */
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { DERIVED_COLUMNS, derivedExpressions, derivedUpdate } from '../positionDerived';
import { inSqliteRebuild } from './sqliteRebuild';
import { HOT_ATTRIBUTES } from './003_positionColumns';
import { SQLITE_TALLY_INSERT_TRIGGER } from './006_positionTallies';
import { PRIVATE_INDEX, privateFilter } from './030_privatePositions';

type AnyDb = Kysely<unknown>;

const UPDATE_TRIGGER = 'positions_derived_update';
const INSERT_TALLY_TRIGGER = 'positions_tally_insert';

/** The replay's filter of positions that carry a privacy value, and its partial index's predicate. */
export const privateColumnFilter = (dialect: Dialect): string =>
  dialect === 'postgres' ? privateFilter(dialect) : 'privacy IS NOT NULL';

/** The privacy value of a position (the replay reads it for the few the filter finds). */
export const privacyValue = (dialect: Dialect): string =>
  dialect === 'postgres' ? `attributes ->> 'privacy'` : 'privacy';

const BASE = [
  '"id" integer primary key autoincrement',
  '"device_id" integer not null references "devices" ("id") on delete cascade',
  '"protocol" varchar(32)',
  '"server_time" bigint not null',
  '"device_time" bigint not null',
  '"fix_time" bigint not null',
  '"valid" integer not null',
  '"latitude" real not null',
  '"longitude" real not null',
  '"altitude" real default 0 not null',
  '"speed" real default 0 not null',
  '"course" real default 0 not null',
  '"accuracy" real default 0 not null',
  '"address" varchar(512)',
  '"event" integer',
  `"attributes" text default '{}' not null`,
];
const BASE_NAMES = BASE.map((c) => c.split(' ')[0]).join(', ');

const HOT = Object.values(HOT_ATTRIBUTES);
/** The privacy value of a stored position, read from its text once (the other four were generated). */
const PRIVACY_FROM_TEXT = derivedExpressions()[DERIVED_COLUMNS.findIndex((c) => c.column === 'privacy')];
const WRITTEN = DERIVED_COLUMNS.map(({ column, type }) => `"${column}"${type ? ` ${type}` : ''}`);
const GENERATED = DERIVED_COLUMNS.map(
  ({ column, type }, i) => `"${column}" ${type} generated always as (${derivedExpressions()[i]}) stored`,
).filter((_, i) => (HOT as readonly string[]).includes(DERIVED_COLUMNS[i].column));

const UPDATE_TRIGGER_SQL = `CREATE TRIGGER ${UPDATE_TRIGGER} AFTER UPDATE OF attributes ON positions BEGIN ${derivedUpdate('NEW')}; END`;

const rows = async <T>(db: AnyDb, text: string) => (await sql.raw<T>(text).execute(db)).rows;

/**
 * Rebuilds `positions` with `columns` after the base ones, those named in `copied` filled by `select` (the
 * old table's values of them); indexes and triggers come back but those named in `replaced`, which `after`
 * then creates.
 */
async function rebuild(
  db: AnyDb,
  columns: string[],
  copied: { names: string[]; select: string[] },
  replaced: string[],
  after: string[],
): Promise<void> {
  const kept = await rows<{ sql: string }>(
    db,
    `SELECT sql FROM sqlite_master WHERE tbl_name = 'positions' AND type IN ('index', 'trigger') ` +
      `AND sql IS NOT NULL AND name NOT IN (${replaced.map((n) => `'${n}'`).join(', ')}) ORDER BY type, name`,
  );
  const sequence = await rows<{ seq: number }>(
    db,
    `SELECT seq FROM sqlite_sequence WHERE name = 'positions'`,
  );
  await sql.raw(`CREATE TABLE "positions_033" (${[...BASE, ...columns].join(', ')})`).execute(db);
  const names = [BASE_NAMES, ...copied.names].join(', ');
  const select = [BASE_NAMES, ...copied.select].join(', ');
  await sql
    .raw(`INSERT INTO positions_033 (${names}) SELECT ${select} FROM positions ORDER BY id`)
    .execute(db);
  await sql.raw('DROP TABLE positions').execute(db);
  // other tables' triggers name positions (events_facts): the rename leaves them as they are rather than
  // checking them while no table has that name
  await sql.raw('PRAGMA legacy_alter_table = ON').execute(db);
  try {
    await sql.raw('ALTER TABLE positions_033 RENAME TO positions').execute(db);
  } finally {
    await sql.raw('PRAGMA legacy_alter_table = OFF').execute(db);
  }
  for (const { sql: statement } of kept) await sql.raw(statement).execute(db);
  for (const statement of after) await sql.raw(statement).execute(db);
  if (sequence[0])
    await sql.raw(`UPDATE sqlite_sequence SET seq = ${sequence[0].seq} WHERE name = 'positions'`).execute(db);
}

export function migration033(dialect: Dialect) {
  return {
    async up(db: AnyDb): Promise<void> {
      if (dialect !== 'sqlite') return;
      await inSqliteRebuild(db, '033_writtenColumns', () =>
        rebuild(
          db,
          WRITTEN,
          // the generated values as they are, and the privacy value read once
          { names: DERIVED_COLUMNS.map((c) => c.column), select: [...HOT, PRIVACY_FROM_TEXT] },
          [PRIVATE_INDEX, INSERT_TALLY_TRIGGER],
          [
            `CREATE INDEX ${PRIVATE_INDEX} ON positions (device_id, fix_time) WHERE ${privateColumnFilter(dialect)}`,
            UPDATE_TRIGGER_SQL,
          ],
        ),
      );
    },
    async down(db: AnyDb): Promise<void> {
      if (dialect !== 'sqlite') return;
      await inSqliteRebuild(db, '033_writtenColumns', () =>
        rebuild(
          db,
          GENERATED,
          // generated columns are computed, never inserted
          { names: [], select: [] },
          [PRIVATE_INDEX, UPDATE_TRIGGER],
          [
            `CREATE INDEX ${PRIVATE_INDEX} ON positions (device_id, fix_time) WHERE ${privateFilter(dialect)}`,
            SQLITE_TALLY_INSERT_TRIGGER,
          ],
        ),
      );
    },
  };
}
