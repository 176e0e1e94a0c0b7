/**
 * Migration 8: device statistics for the dashboard (document 2 §2.7, §3): per vehicle, when its ignition
 * last went on, when the counters were last reset, and the alerts counted since. The pipeline adds to them
 * with each stored batch (processing/stages/deviceStatistics.ts); nothing recomputes them from history.
 * Every vehicle has its row from its creation on (an insert trigger, whoever creates it); the vehicles that
 * exist now start counting at this migration.
 */
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

type AnyDb = Kysely<unknown>;

/** The counted alerts: column of each (alert_* in the API answer). */
export const STATISTIC_COLUMNS = [
  'alertDeviceOverspeed',
  'alertHardAcceleration',
  'alertHardBraking',
  'alertHardCornering',
  'alertLowBattery',
  'alertSos',
] as const;

const SQLITE_NOW = `CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)`;

const SQLITE = [
  `CREATE TRIGGER devices_statistics AFTER INSERT ON devices BEGIN ` +
    `INSERT OR IGNORE INTO device_statistics (device_id, lastreset) VALUES (NEW.id, ${SQLITE_NOW}); END`,
];

const POSTGRES = [
  `CREATE FUNCTION devices_statistics() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$ ` +
    `BEGIN INSERT INTO device_statistics (device_id, lastreset) ` +
    `SELECT id, (extract(epoch FROM clock_timestamp()) * 1000)::bigint FROM new_devices ` +
    `ON CONFLICT (device_id) DO NOTHING; RETURN NULL; END $$`,
  `CREATE TRIGGER devices_statistics AFTER INSERT ON devices REFERENCING NEW TABLE AS new_devices ` +
    `FOR EACH STATEMENT EXECUTE FUNCTION devices_statistics()`,
];

export function migration008(dialect: Dialect, now: () => number = Date.now) {
  return {
    async up(db: AnyDb): Promise<void> {
      let table = db.schema
        .createTable('deviceStatistics')
        .addColumn('deviceId', 'integer', (c) =>
          c.primaryKey().notNull().references('devices.id').onDelete('cascade'),
        )
        .addColumn('lastignition', 'bigint')
        .addColumn('lastreset', 'bigint', (c) => c.notNull());
      for (const column of STATISTIC_COLUMNS)
        table = table.addColumn(column, 'integer', (c) => c.notNull().defaultTo(0));
      await table.execute();
      await sql
        .raw(`INSERT INTO device_statistics (device_id, lastreset) SELECT id, ${now()} FROM devices`)
        .execute(db);
      for (const statement of dialect === 'sqlite' ? SQLITE : POSTGRES) await sql.raw(statement).execute(db);
    },
    async down(db: AnyDb): Promise<void> {
      await sql
        .raw(`DROP TRIGGER IF EXISTS devices_statistics${dialect === 'postgres' ? ' ON devices' : ''}`)
        .execute(db);
      if (dialect === 'postgres') await sql.raw('DROP FUNCTION IF EXISTS devices_statistics()').execute(db);
      await db.schema.dropTable('deviceStatistics').execute();
    },
  };
}
