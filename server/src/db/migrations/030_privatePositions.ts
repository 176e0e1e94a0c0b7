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

/** Whether a position's attributes name `privacy`: the index's predicate, and its queries' filter. */
export const privateFilter = (dialect: Dialect): string =>
  dialect === 'postgres' ? `(attributes ->> 'privacy') IS NOT NULL` : `instr(attributes, '"privacy"') > 0`;

export function migration030(dialect: Dialect) {
  return {
    async up(db: AnyDb): Promise<void> {
      await sql
        .raw(
          `CREATE INDEX IF NOT EXISTS ${INDEX} ON positions (device_id, fix_time) WHERE ${privateFilter(dialect)}`,
        )
        .execute(db);
    },
    async down(db: AnyDb): Promise<void> {
      await sql.raw(`DROP INDEX IF EXISTS ${INDEX}`).execute(db);
    },
  };
}
