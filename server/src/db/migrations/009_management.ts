/**
 * Migration 9: management (issue 17). Maintenance entries, costs and documents of a vehicle, and the bytes of
 * each document's file in `document_files` (blob in SQLite, bytea in PostgreSQL): kept in the database so
 * every node reads them and one transaction writes the row and its file. Every row goes with its vehicle
 * (ON DELETE CASCADE), the file with its document.
 */
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './columnTypes';

type AnyDb = Kysely<unknown>;

export function migration009(dialect: Dialect) {
  const t = columnTypes(dialect);
  const number = dialect === 'sqlite' ? 'real' : 'double precision';
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('maintenances')
        .addColumn('id', t.id, id)
        .addColumn('deviceId', 'integer', (c) => c.references('devices.id').onDelete('cascade'))
        .addColumn('userId', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('templateId', 'integer', (c) => c.references('maintenances.id').onDelete('cascade'))
        .addColumn('dateStart', 'varchar(10)', (c) => c.notNull())
        .addColumn('dateEnd', 'varchar(10)')
        .addColumn('complete', t.bool, (c) => c.notNull().defaultTo(t.falseDefault))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('km', number)
        .addColumn('periodicityKm', number)
        .addColumn('hours', number)
        .addColumn('periodicityHours', number)
        .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('cost', number)
        .addColumn('invoice', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('type', 'varchar(32)', (c) => c.notNull().defaultTo('totalDistance'))
        .addColumn('attributes', t.json, (c) => c.notNull().defaultTo(t.emptyJson))
        .execute();
      await db.schema
        .createIndex('maintenancesDevice')
        .on('maintenances')
        .columns(['deviceId', 'dateStart'])
        .execute();
      await db.schema.createIndex('maintenancesTemplate').on('maintenances').column('templateId').execute();
      await db.schema.createIndex('maintenancesUser').on('maintenances').column('userId').execute();

      await db.schema
        .createTable('costs')
        .addColumn('id', t.id, id)
        .addColumn('deviceId', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
        .addColumn('costDate', 'varchar(10)', (c) => c.notNull())
        .addColumn('costType', 'varchar(32)', (c) => c.notNull())
        .addColumn('entity', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('designation', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('invoice', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('cost', number, (c) => c.notNull())
        .addColumn('warning', t.bool, (c) => c.notNull().defaultTo(t.falseDefault))
        .addColumn('expiryDate', 'varchar(10)')
        .execute();
      await db.schema.createIndex('costsDevice').on('costs').columns(['deviceId', 'costDate']).execute();

      await db.schema
        .createTable('documents')
        .addColumn('id', t.id, id)
        .addColumn('deviceId', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
        .addColumn('creationdate', 'bigint', (c) => c.notNull())
        .addColumn('dateStart', 'varchar(10)', (c) => c.notNull())
        .addColumn('documentType', 'varchar(32)', (c) => c.notNull())
        .addColumn('designation', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('fileType', 'varchar(8)', (c) => c.notNull())
        .addColumn('fileName', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('fileSize', 'integer', (c) => c.notNull())
        .addColumn('warning', t.bool, (c) => c.notNull().defaultTo(t.falseDefault))
        .addColumn('expiryDate', 'varchar(10)')
        .execute();
      await db.schema
        .createIndex('documentsDevice')
        .on('documents')
        .columns(['deviceId', 'dateStart'])
        .execute();

      await db.schema
        .createTable('documentFiles')
        .addColumn('documentId', 'integer', (c) =>
          c.primaryKey().references('documents.id').onDelete('cascade'),
        )
        .addColumn('content', dialect === 'sqlite' ? 'blob' : sql`bytea`, (c) => c.notNull())
        .execute();
    },
    async down(db: AnyDb): Promise<void> {
      for (const table of ['documentFiles', 'documents', 'costs', 'maintenances'])
        await db.schema.dropTable(table).execute();
    },
  };
}
