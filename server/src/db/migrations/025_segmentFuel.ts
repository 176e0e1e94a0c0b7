/**
 * Migration 025: `segment_progress.resume_fuel` (issue 24 point 2, fuel among the daily totals). For a
 * vehicle whose fuel level gives litres, the fuel analyzer's state at the resume point
 * (modules/segments/fuelHours.ts), so a pass that starts there goes on with the same analysis. The hours'
 * fuel figures live in `segment_hours.data` and a stop's state in `segments.data`, both JSON already.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './columnTypes';

type AnyDb = Kysely<unknown>;

export function migration025(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema.alterTable('segmentProgress').addColumn('resumeFuel', t.json).execute();
    },
    async down(db: AnyDb): Promise<void> {
      await db.schema.alterTable('segmentProgress').dropColumn('resumeFuel').execute();
    },
  };
}
