/**
 * Migration 11: event tallies, the count of events per UTC day, vehicle, alert type, last status and driver
 * card (empty for none), kept by the database itself (triggers on every insert, delete and change of an
 * event, whoever writes it). The alert central counts a month of a large fleet from them (tens of
 * thousands of rows instead of a million events), and counts exactly only the partial days at the ends of
 * the period (issue 16). Existing events are tallied here once.
 * SQLite: row triggers (its alert type and driver are set by an update right after the insert, migration
 * 007, so the update trigger tallies new events). PostgreSQL: statement triggers over the transition
 * tables, one grouped upsert per statement.
 */
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

type AnyDb = Kysely<unknown>;

export const EVENT_TALLY_DAY_MS = 86_400_000;

const KEY = 'day, device_id, alert_type, last_status, driver';

const sqliteKey = (row: string) =>
  `CAST(${row}.event_time / ${EVENT_TALLY_DAY_MS} AS INTEGER), ${row}.device_id, ${row}.alert_type, ` +
  `${row}.last_status, coalesce(${row}.driver_unique_id, '')`;

const sqliteAdd = (row: string) =>
  `INSERT INTO event_tallies (${KEY}, n) SELECT ${sqliteKey(row)}, 1 WHERE ${row}.alert_type IS NOT NULL ` +
  `ON CONFLICT (${KEY}) DO UPDATE SET n = n + 1;`;

const sqliteRemove = (row: string) =>
  `UPDATE event_tallies SET n = n - 1 WHERE (${KEY}) = (SELECT ${sqliteKey(row)}) ` +
  `AND ${row}.alert_type IS NOT NULL;`;

const SQLITE = [
  `CREATE TRIGGER events_tally_insert AFTER INSERT ON events BEGIN ${sqliteAdd('NEW')} END`,
  `CREATE TRIGGER events_tally_delete AFTER DELETE ON events BEGIN ${sqliteRemove('OLD')} END`,
  `CREATE TRIGGER events_tally_change AFTER UPDATE OF event_time, device_id, alert_type, last_status, ` +
    `driver_unique_id ON events BEGIN ${sqliteRemove('OLD')} ${sqliteAdd('NEW')} END`,
];

/** PostgreSQL: add (sign 1) or remove (-1) the grouped rows of a transition table. */
const pgMerge = (table: string, sign: 1 | -1) =>
  `INSERT INTO event_tallies (${KEY}, n) ` +
  `SELECT event_time / ${EVENT_TALLY_DAY_MS}, device_id, alert_type, last_status, ` +
  `coalesce(driver_unique_id, ''), ${sign} * count(*) FROM ${table} GROUP BY 1, 2, 3, 4, 5 ` +
  `ORDER BY 1, 2, 3, 4, 5 ON CONFLICT (${KEY}) DO UPDATE SET n = event_tallies.n + excluded.n`;

const pgFunction = (name: string, body: string) =>
  `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT ` +
  `AS $$ BEGIN ${body}; RETURN NULL; END $$`;

const POSTGRES = [
  pgFunction('events_tally_insert', pgMerge('tally_new', 1)),
  pgFunction('events_tally_delete', pgMerge('tally_old', -1)),
  pgFunction('events_tally_change', `${pgMerge('tally_old', -1)}; ${pgMerge('tally_new', 1)}`),
  `CREATE TRIGGER events_tally_insert AFTER INSERT ON events REFERENCING NEW TABLE AS tally_new ` +
    `FOR EACH STATEMENT EXECUTE FUNCTION events_tally_insert()`,
  `CREATE TRIGGER events_tally_delete AFTER DELETE ON events REFERENCING OLD TABLE AS tally_old ` +
    `FOR EACH STATEMENT EXECUTE FUNCTION events_tally_delete()`,
  // transition tables rule out a column list: every update of events is re-tallied (status changes)
  `CREATE TRIGGER events_tally_change AFTER UPDATE ON events ` +
    `REFERENCING OLD TABLE AS tally_old NEW TABLE AS tally_new ` +
    `FOR EACH STATEMENT EXECUTE FUNCTION events_tally_change()`,
];

const TRIGGERS = ['events_tally_insert', 'events_tally_delete', 'events_tally_change'];

export function migration011(dialect: Dialect) {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('eventTallies')
        .addColumn('day', 'integer', (c) => c.notNull())
        .addColumn('deviceId', 'integer', (c) => c.notNull())
        .addColumn('alertType', 'varchar(160)', (c) => c.notNull())
        .addColumn('lastStatus', 'integer', (c) => c.notNull())
        .addColumn('driver', 'varchar(128)', (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('eventTalliesPk', ['day', 'deviceId', 'alertType', 'lastStatus', 'driver'])
        .execute();
      const day =
        dialect === 'sqlite'
          ? `CAST(event_time / ${EVENT_TALLY_DAY_MS} AS INTEGER)`
          : `event_time / ${EVENT_TALLY_DAY_MS}`;
      await sql
        .raw(
          `INSERT INTO event_tallies (${KEY}, n) SELECT ${day}, device_id, alert_type, last_status, ` +
            `coalesce(driver_unique_id, ''), count(*) FROM events WHERE alert_type IS NOT NULL ` +
            `GROUP BY 1, 2, 3, 4, 5`,
        )
        .execute(db);
      for (const statement of dialect === 'sqlite' ? SQLITE : POSTGRES) await sql.raw(statement).execute(db);
    },
    async down(db: AnyDb): Promise<void> {
      for (const name of TRIGGERS) {
        await sql
          .raw(`DROP TRIGGER IF EXISTS ${name}${dialect === 'postgres' ? ' ON events' : ''}`)
          .execute(db);
        if (dialect === 'postgres') await sql.raw(`DROP FUNCTION IF EXISTS ${name}()`).execute(db);
      }
      await db.schema.dropTable('eventTallies').execute();
    },
  };
}
