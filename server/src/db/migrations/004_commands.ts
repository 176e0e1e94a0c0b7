/**
 * Migration 4: commands waiting for a device that is not connected (block, buzzer, custom). Kept in the
 * database, not in one node's memory, so whichever node the device connects to sends them.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './columnTypes';

type AnyDb = Kysely<unknown>;

export function migration004(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('pendingCommands')
        .addColumn('id', t.id, (c) =>
          dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
        )
        .addColumn('deviceId', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
        .addColumn('text', 'varchar(512)', (c) => c.notNull())
        .addColumn('createdAt', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('pendingCommandsDeviceId')
        .on('pendingCommands')
        .column('deviceId')
        .execute();
    },
    async down(db: AnyDb): Promise<void> {
      await db.schema.dropTable('pendingCommands').execute();
    },
  };
}
