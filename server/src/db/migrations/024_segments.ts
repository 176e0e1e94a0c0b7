/**
 * Migration 024: segments (issue 24 point 2), the trips and stops of each vehicle kept while positions arrive
 * (modules/segments):
 * - `segments`: one row per trip or stop the report engine's tracker closed over the vehicle's whole history,
 *   keyed by the position whose arrival closed it (`closed_time`, `closed_id`), with its figures as JSON;
 * - `segment_hours`: the day-book figures of each UTC hour (modules/segments/hourBook.ts), one row per hour and
 *   resume point that stored a part of it;
 * - `segment_progress`: per vehicle, where the tracker resumes (the position that ended the last stored stop),
 *   the vehicle profile it ran with, the last position id it has seen and the tracker's state after the last
 *   position it read (so a pass reads only new positions); the row of device 0 holds the job's watermark
 *   over position ids.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './columnTypes';

type AnyDb = Kysely<unknown>;

export function migration024(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('segments')
        .addColumn('deviceId', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
        .addColumn('kind', 'integer', (c) => c.notNull())
        .addColumn('closedTime', 'bigint', (c) => c.notNull())
        .addColumn('closedId', 'bigint', (c) => c.notNull())
        .addColumn('startTime', 'bigint', (c) => c.notNull())
        .addColumn('endTime', 'bigint', (c) => c.notNull())
        .addColumn('data', t.json, (c) => c.notNull())
        .addPrimaryKeyConstraint('segmentsPk', ['deviceId', 'closedTime', 'closedId', 'kind'])
        .execute();
      await db.schema
        .createTable('segmentHours')
        .addColumn('deviceId', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
        .addColumn('hour', 'bigint', (c) => c.notNull())
        .addColumn('closedTime', 'bigint', (c) => c.notNull())
        .addColumn('closedId', 'bigint', (c) => c.notNull())
        .addColumn('data', t.json, (c) => c.notNull())
        .addPrimaryKeyConstraint('segmentHoursPk', ['deviceId', 'hour', 'closedTime', 'closedId'])
        .execute();
      await db.schema
        .createTable('segmentProgress')
        .addColumn('deviceId', 'integer', (c) => c.primaryKey())
        .addColumn('profile', 'varchar(128)', (c) => c.notNull())
        .addColumn('seenId', 'bigint', (c) => c.notNull())
        .addColumn('resumeTime', 'bigint')
        .addColumn('resumeId', 'bigint')
        .addColumn('resume', t.json)
        .addColumn('state', t.json)
        .execute();
    },
    async down(db: AnyDb): Promise<void> {
      await db.schema.dropTable('segmentProgress').execute();
      await db.schema.dropTable('segmentHours').execute();
      await db.schema.dropTable('segments').execute();
    },
  };
}
