/**
 * Migration 015: the camera media store (issue 21, document 3 §3 camera media).
 * - `camera_media`: one photo or video uploaded by a DualCam/DashCam accessory through the camera listener,
 *   with its capture time, trigger bitmask, the nearest position's place and its conversion status.
 * - `camera_media_contents`: the served bytes (JPEG, or MP4 once converted) and, for videos until converted,
 *   the camera's raw H.264/H.265 stream; in the database so every server node serves them.
 */
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './columnTypes';

type AnyDb = Kysely<unknown>;

export function migration015(dialect: Dialect) {
  const t = columnTypes(dialect);
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
  const blob = dialect === 'sqlite' ? 'blob' : sql`bytea`;
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('cameraMedia')
        .addColumn('id', t.id, id)
        .addColumn('deviceId', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
        .addColumn('type', 'varchar(1)', (c) => c.notNull())
        .addColumn('camera', 'varchar(1)', (c) => c.notNull())
        .addColumn('time', 'bigint', (c) => c.notNull())
        .addColumn('trigger', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('latitude', 'double precision')
        .addColumn('longitude', 'double precision')
        .addColumn('address', 'text')
        .addColumn('positionId', 'bigint')
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('mime', 'varchar(64)', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('duration', 'double precision')
        .addColumn('fileName', 'varchar(255)', (c) => c.notNull())
        .addColumn('createdAt', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('cameraMediaDeviceTime')
        .on('cameraMedia')
        .columns(['deviceId', 'time'])
        .execute();
      await db.schema.createIndex('cameraMediaStatus').on('cameraMedia').column('status').execute();

      await db.schema
        .createTable('cameraMediaContents')
        .addColumn('mediaId', 'integer', (c) =>
          c.primaryKey().references('cameraMedia.id').onDelete('cascade'),
        )
        .addColumn('content', blob, (c) => c.notNull())
        .addColumn('raw', blob)
        .execute();
    },
    async down(db: AnyDb): Promise<void> {
      for (const table of ['cameraMediaContents', 'cameraMedia'])
        await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
