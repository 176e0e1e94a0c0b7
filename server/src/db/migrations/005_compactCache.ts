/**
 * Migration 5: the report engine's cache of compact position days (reports/engine/compactCache.ts): one
 * row per vehicle, local day and bucket length, valid while the day's position count and time sum match.
 */
import type { Kysely } from 'kysely';

type AnyDb = Kysely<unknown>;

export function migration005() {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('compactCache')
        .addColumn('deviceId', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
        .addColumn('windowStart', 'bigint', (c) => c.notNull())
        .addColumn('bucketMs', 'integer', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('positions', 'integer', (c) => c.notNull())
        .addColumn('timeSum', 'bigint', (c) => c.notNull())
        .addColumn('rows', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('compactCachePk', ['deviceId', 'windowStart', 'bucketMs'])
        .execute();
    },
    async down(db: AnyDb): Promise<void> {
      await db.schema.dropTable('compactCache').execute();
    },
  };
}
