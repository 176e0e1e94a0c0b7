/**
 * Migration 021: Traccar's scheduled reports (issue 23, `tc_reports`).
 * - `traccar_reports`: a report type, description and attributes, mailed when an occurrence of its calendar
 *   ends (deleted with the calendar); `checked_at` is the job's last look, claimed by compare-and-set;
 * - links as Traccar's /api/permissions makes them ({userId|deviceId|groupId, reportId}): the users it is
 *   mailed to (its creator first) and the vehicles and groups it covers.
 */
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './columnTypes';

type AnyDb = Kysely<unknown>;

export const TRACCAR_REPORT_LINKS = [
  ['userTraccarReport', 'userId', 'users'],
  ['deviceTraccarReport', 'deviceId', 'devices'],
  ['groupTraccarReport', 'groupId', 'groups'],
] as const;

export function migration021(dialect: Dialect) {
  const t = columnTypes(dialect);
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('traccarReports')
        .addColumn('id', t.id, id)
        .addColumn('type', 'varchar(32)', (c) => c.notNull())
        .addColumn('description', 'varchar(4000)', (c) => c.notNull().defaultTo(''))
        .addColumn('calendarId', 'integer', (c) => c.notNull().references('calendars.id').onDelete('cascade'))
        .addColumn('attributes', t.json, (c) => c.notNull().defaultTo(t.emptyJson))
        .addColumn('checkedAt', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('traccarReportsCalendar')
        .on('traccarReports')
        .column('calendarId')
        .execute();
      for (const [table, column, target] of TRACCAR_REPORT_LINKS) {
        await db.schema
          .createTable(table)
          .addColumn(column, 'integer', (c) => c.notNull().references(`${target}.id`).onDelete('cascade'))
          .addColumn('reportId', 'integer', (c) =>
            c.notNull().references('traccarReports.id').onDelete('cascade'),
          )
          .addPrimaryKeyConstraint(`${table}Pk`, [column, 'reportId'])
          .execute();
        await db.schema.createIndex(`${table}Report`).on(table).column('reportId').execute();
      }
    },
    async down(db: AnyDb): Promise<void> {
      for (const [table] of TRACCAR_REPORT_LINKS) await db.schema.dropTable(table).ifExists().execute();
      await db.schema.dropTable('traccarReports').ifExists().execute();
    },
  };
}
