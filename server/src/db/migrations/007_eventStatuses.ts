/**
 * Migration 7: the alert central (issue 16). Every status change of an event is kept in `event_statuses`
 * (who, when, status, observations); the event row keeps its last status (`last_status`, and the history
 * row that set it) so lists filter by status without reading the history.
 *
 * Two facts the alert central filters on over millions of events become columns of `events`:
 * - `alert_type`: the type as the alert central names it (`alarm` + the alarm name, `alarmsos`), computed
 *   by the database from the attributes (a stored generated column in PostgreSQL, triggers in SQLite), so
 *   no writer can forget it;
 * - `driver_unique_id`: the driver card of the event's position, set by the database when the event is
 *   inserted (an insert trigger reading the position), so the driver filter and the search never read
 *   positions.
 * The list index leads with the time (pages are read newest first) and holds every filtered column, so
 * counting a filtered month reads the index alone.
 */
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './columnTypes';

type AnyDb = Kysely<unknown>;

const alertTypeExpression = (dialect: Dialect, row = '') =>
  dialect === 'sqlite'
    ? `CASE WHEN ${row}type = 'alarm' THEN 'alarm' || coalesce(${row}attributes ->> '$.alarm', '') ELSE ${row}type END`
    : `CASE WHEN type = 'alarm' THEN 'alarm' || coalesce(attributes ->> 'alarm', '') ELSE type END`;

const sqliteDriver = (positionId: string) =>
  `(SELECT CAST(attributes ->> '$.driverUniqueId' AS TEXT) FROM positions WHERE id = ${positionId})`;

/**
 * SQLite reads an index on a virtual generated column as not covering (every row would be read to count),
 * and cannot add a stored one to an existing table: there `alert_type` is a plain column kept by triggers.
 */
const SQLITE_TRIGGERS = [
  `CREATE TRIGGER events_facts AFTER INSERT ON events BEGIN ` +
    `UPDATE events SET alert_type = ${alertTypeExpression('sqlite', 'NEW.')}, ` +
    `driver_unique_id = coalesce(NEW.driver_unique_id, ${sqliteDriver('NEW.position_id')}) ` +
    `WHERE id = NEW.id; END`,
  `CREATE TRIGGER events_alert_type AFTER UPDATE OF type, attributes ON events BEGIN ` +
    `UPDATE events SET alert_type = ${alertTypeExpression('sqlite', 'NEW.')} WHERE id = NEW.id; END`,
];

const POSTGRES_TRIGGERS = [
  `CREATE FUNCTION events_facts() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$ BEGIN ` +
    `IF NEW.position_id IS NOT NULL AND NEW.driver_unique_id IS NULL THEN ` +
    `SELECT attributes ->> 'driverUniqueId' INTO NEW.driver_unique_id FROM positions WHERE id = NEW.position_id; ` +
    `END IF; RETURN NEW; END $$`,
  `CREATE TRIGGER events_facts BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION events_facts()`,
];

export function migration007(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('eventStatuses')
        .addColumn('id', t.bigId, (c) =>
          dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
        )
        .addColumn('eventId', 'bigint', (c) => c.notNull().references('events.id').onDelete('cascade'))
        .addColumn('deviceId', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('details', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('userId', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('time', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('eventStatusesEvent')
        .on('eventStatuses')
        .columns(['eventId', 'id'])
        .execute();
      await db.schema.createIndex('eventStatusesDevice').on('eventStatuses').column('deviceId').execute();

      await db.schema
        .alterTable('events')
        .addColumn('lastStatus', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('events').addColumn('lastStatusRow', 'bigint').execute();
      await db.schema.alterTable('events').addColumn('driverUniqueId', 'varchar(128)').execute();
      if (dialect === 'postgres')
        await sql
          .raw(
            `ALTER TABLE events ADD COLUMN alert_type varchar(160) GENERATED ALWAYS AS ` +
              `(${alertTypeExpression(dialect)}) STORED`,
          )
          .execute(db);
      else {
        await db.schema.alterTable('events').addColumn('alertType', 'varchar(160)').execute();
        await sql.raw(`UPDATE events SET alert_type = ${alertTypeExpression('sqlite')}`).execute(db);
      }

      const driverOf =
        dialect === 'sqlite'
          ? `CAST(positions.attributes ->> '$.driverUniqueId' AS TEXT)`
          : `positions.attributes ->> 'driverUniqueId'`;
      await sql
        .raw(
          `UPDATE events SET driver_unique_id = (SELECT ${driverOf} FROM positions ` +
            `WHERE positions.id = events.position_id) WHERE position_id IS NOT NULL`,
        )
        .execute(db);
      for (const statement of dialect === 'sqlite' ? SQLITE_TRIGGERS : POSTGRES_TRIGGERS)
        await sql.raw(statement).execute(db);

      await db.schema
        .createIndex('eventsAlertList')
        .on('events')
        .columns(['eventTime', 'alertType', 'lastStatus', 'deviceId', 'driverUniqueId'])
        .execute();
    },
    async down(db: AnyDb): Promise<void> {
      await db.schema.dropIndex('eventsAlertList').execute();
      for (const name of ['events_facts', 'events_alert_type'])
        await sql
          .raw(`DROP TRIGGER IF EXISTS ${name}${dialect === 'postgres' ? ' ON events' : ''}`)
          .execute(db);
      if (dialect === 'postgres') await sql.raw('DROP FUNCTION IF EXISTS events_facts()').execute(db);
      for (const column of ['alertType', 'driverUniqueId', 'lastStatusRow', 'lastStatus'])
        await db.schema.alterTable('events').dropColumn(column).execute();
      await db.schema.dropTable('eventStatuses').execute();
    },
  };
}
