/**
 * Migration 018: calendars (issue 23, Traccar's `tc_calendars`).
 * - `calendars`: a named iCalendar text (RFC 5545) with attributes;
 * - `userCalendar`: which users a calendar is linked to (the access policy's link, as `tc_user_calendar`);
 * - `notifications.calendarId`: the calendar that limits when an alert notification fires (none: always).
 */
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './columnTypes';

type AnyDb = Kysely<unknown>;

export function migration018(dialect: Dialect) {
  const t = columnTypes(dialect);
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('calendars')
        .addColumn('id', t.id, id)
        .addColumn('name', 'varchar(128)', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('attributes', t.json, (c) => c.notNull().defaultTo(t.emptyJson))
        .execute();

      await db.schema
        .createTable('userCalendar')
        .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('calendarId', 'integer', (c) => c.notNull().references('calendars.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('userCalendarKey', ['userId', 'calendarId'])
        .execute();
      await db.schema.createIndex('userCalendarCalendar').on('userCalendar').column('calendarId').execute();

      await db.schema
        .alterTable('notifications')
        .addColumn('calendarId', 'integer', (c) => c.references('calendars.id').onDelete('set null'))
        .execute();
    },
  };
}
