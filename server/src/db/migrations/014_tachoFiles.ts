/**
 * Migration 014: the tachograph file store (issue 20, document 3 §3 tacho file).
 * - `tacho_files`: one DDD file (driver card D or vehicle unit V) with what its content says (entity, download
 *   date, period, days, size) and the vehicle or driver it was linked to for the access policy.
 * - `tacho_file_contents`: its bytes (blob in SQLite, bytea in PostgreSQL), as the documents' files are: in the
 *   database, so every server node serves them; gone with the file row.
 * - `tacho_schedules`: the download periodicity per entity (`D:<card>` or `V:<VRN/VIN>`).
 * - `tacho_card_activity`: the activity changes of the driver cards' daily records, one row per change keyed
 *   by (card, day, minute), dated by the download of the file that gave them: a file imported again replaces
 *   the days it holds (unless a later download gave them), nothing more.
 */
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './columnTypes';

type AnyDb = Kysely<unknown>;

export function migration014(dialect: Dialect) {
  const t = columnTypes(dialect);
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('tachoFiles')
        .addColumn('id', t.id, id)
        .addColumn('fileName', 'varchar(255)', (c) => c.notNull())
        .addColumn('fileType', 'varchar(1)', (c) => c.notNull())
        .addColumn('entityKey', 'varchar(64)', (c) => c.notNull())
        .addColumn('name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('cardNumber', 'varchar(32)')
        .addColumn('vrn', 'varchar(32)')
        .addColumn('vin', 'varchar(32)')
        .addColumn('deviceId', 'integer', (c) => c.references('devices.id').onDelete('set null'))
        .addColumn('driverId', 'integer', (c) => c.references('drivers.id').onDelete('set null'))
        .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('downloadDate', 'bigint', (c) => c.notNull())
        .addColumn('dataFrom', 'bigint')
        .addColumn('dataTo', 'bigint')
        .addColumn('days', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('fileSize', 'integer', (c) => c.notNull())
        .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
        .addColumn('uploadedBy', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('createdAt', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('tachoFilesEntity')
        .on('tachoFiles')
        .columns(['entityKey', 'downloadDate'])
        .execute();
      await db.schema.createIndex('tachoFilesSha').on('tachoFiles').column('sha256').execute();
      await db.schema.createIndex('tachoFilesDevice').on('tachoFiles').column('deviceId').execute();
      await db.schema.createIndex('tachoFilesDriver').on('tachoFiles').column('driverId').execute();
      await db.schema.createIndex('tachoFilesUploadedBy').on('tachoFiles').column('uploadedBy').execute();

      await db.schema
        .createTable('tachoFileContents')
        .addColumn('fileId', 'integer', (c) => c.primaryKey().references('tachoFiles.id').onDelete('cascade'))
        .addColumn('content', dialect === 'sqlite' ? 'blob' : sql`bytea`, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('tachoSchedules')
        .addColumn('entityKey', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('periodicity', 'varchar(16)', (c) => c.notNull())
        .addColumn('customDays', 'integer')
        .addColumn('updatedAt', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('tachoCardActivity')
        .addColumn('cardNumber', 'varchar(32)', (c) => c.notNull())
        .addColumn('day', 'bigint', (c) => c.notNull())
        .addColumn('minute', 'integer', (c) => c.notNull())
        .addColumn('activity', 'varchar(16)', (c) => c.notNull())
        .addColumn('slot', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('cardPresent', t.bool, (c) => c.notNull().defaultTo(t.falseDefault))
        .addColumn('recordedAt', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('tachoCardActivityPk', ['cardNumber', 'day', 'minute'])
        .execute();
    },
    async down(db: AnyDb): Promise<void> {
      for (const table of ['tachoCardActivity', 'tachoSchedules', 'tachoFileContents', 'tachoFiles'])
        await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
