/**
 * Migration 030 (issue 38): a partial index of the positions that carry a `privacy` attribute (a tracker in
 * privacy mode says so with it), by device and time. The replay reads a route's place, speed and course
 * without the attributes and asks this index which of the route's positions say anything about privacy:
 * reading every position's attribute text to find the few that do was a third of a week's route read.
 *
 * The index holds only the positions whose attributes name `privacy`, so storing any other position costs
 * the test of its text alone. The predicate is `privateFilter` below, written the same in the queries
 * that use the index (a database uses a partial index only for a query stating its predicate).
 */
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

type AnyDb = Kysely<unknown>;

const INDEX = 'positions_private';

/**
 * Whether a position's attributes have a `privacy` value: the index's predicate, and its queries' filter.
 * SQLite's first predicate (`instr` of the key's name in the text, SQLITE_TEXT_FILTER) read the whole text of
 * every stored position; the JSON path reuses the parse of the generated columns' (migration 032).
 */
export const privateFilter = (dialect: Dialect): string =>
  dialect === 'postgres'
    ? `(attributes ->> 'privacy') IS NOT NULL`
    : `(attributes ->> '$.privacy') IS NOT NULL`;

/** SQLite's predicate as this migration first wrote it. */
export const SQLITE_TEXT_FILTER = `instr(attributes, '"privacy"') > 0`;

export const PRIVATE_INDEX = INDEX;

export function migration030(dialect: Dialect) {
  return {
    async up(db: AnyDb): Promise<void> {
      const filter = dialect === 'postgres' ? privateFilter(dialect) : SQLITE_TEXT_FILTER;
      await sql
        .raw(`CREATE INDEX IF NOT EXISTS ${INDEX} ON positions (device_id, fix_time) WHERE ${filter}`)
        .execute(db);
    },
    async down(db: AnyDb): Promise<void> {
      await sql.raw(`DROP INDEX IF EXISTS ${INDEX}`).execute(db);
    },
  };
}
