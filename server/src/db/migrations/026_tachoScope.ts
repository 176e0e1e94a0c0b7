/**
 * Migration 026: tachograph data is kept per owner (issue 33), so one client's file never counts for another
 * client's driver card or vehicle bearing the same number or plate.
 * - `tacho_files.owner_key`: `driver:<id>`, `device:<id>` (the driver or vehicle the file was linked to among
 *   those its uploader sees) or `user:<id>` (a file that matched nothing: its uploader's). Existing rows get
 *   it from their links, else their uploader.
 * - `tacho_schedules` and `tacho_card_activity` are keyed by (owner, …) instead of the entity or card alone.
 *   An existing schedule is copied to every owner that has files of its entity (each keeps what it saw); an
 *   existing day of activity to every owner that has a card file of that card.
 * - `tacho_drivers` (live rows from the trackers) is one row per (card, vehicle) with an id, instead of one
 *   per card, so a tracker reporting a card number never changes the row another vehicle reported;
 *   `tacho_driver_states` no longer references the card alone (its vehicle is its scope).
 */
import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './columnTypes';

type AnyDb = Kysely<unknown>;
/** A table built step by step: its columns depend on `owned`. */
type TableBuilder = CreateTableBuilder<string, string>;

export function migration026(dialect: Dialect) {
  const t = columnTypes(dialect);
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
  const textOf = (column: string) => sql.raw(`CAST(${column} AS varchar(16))`);

  const createSchedules = (db: AnyDb, name: string, owned: boolean) => {
    let b: TableBuilder = db.schema.createTable(name);
    if (owned) b = b.addColumn('ownerKey', 'varchar(40)', (c) => c.notNull());
    b = b
      .addColumn('entityKey', 'varchar(64)', (c) => (owned ? c.notNull() : c.primaryKey()))
      .addColumn('periodicity', 'varchar(16)', (c) => c.notNull())
      .addColumn('customDays', 'integer')
      .addColumn('updatedAt', 'bigint', (c) => c.notNull());
    return owned ? b.addPrimaryKeyConstraint(`${name}Pk`, ['ownerKey', 'entityKey']) : b;
  };

  const createActivity = (db: AnyDb, name: string, owned: boolean) => {
    let b: TableBuilder = db.schema.createTable(name);
    if (owned) b = b.addColumn('ownerKey', 'varchar(40)', (c) => c.notNull());
    return b
      .addColumn('cardNumber', 'varchar(32)', (c) => c.notNull())
      .addColumn('day', 'bigint', (c) => c.notNull())
      .addColumn('minute', 'integer', (c) => c.notNull())
      .addColumn('activity', 'varchar(16)', (c) => c.notNull())
      .addColumn('slot', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('cardPresent', t.bool, (c) => c.notNull().defaultTo(t.falseDefault))
      .addColumn('recordedAt', 'bigint', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint(
        `${name}Pk`,
        owned ? ['ownerKey', 'cardNumber', 'day', 'minute'] : ['cardNumber', 'day', 'minute'],
      );
  };

  const createDrivers = (db: AnyDb, name: string, perVehicle: boolean) => {
    let b = db.schema.createTable(name);
    if (perVehicle) b = b.addColumn('id', t.id, id);
    return b
      .addColumn('cardNumber', 'varchar(32)', (c) => (perVehicle ? c.notNull() : c.primaryKey()))
      .addColumn('name', 'varchar(128)', (c) => c.notNull().defaultTo(''))
      .addColumn('surname', 'varchar(128)', (c) => c.notNull().defaultTo(''))
      .addColumn('deviceId', 'integer', (c) => c.references('devices.id').onDelete('set null'))
      .addColumn('licensePlate', 'varchar(32)')
      .addColumn('slot', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('lastSeen', 'bigint', (c) => c.notNull())
      .addColumn('workingState', 'integer')
      .addColumn('cardPresent', t.bool)
      .addColumn('counters', t.json, (c) => c.notNull().defaultTo(t.emptyJson))
      .addColumn('countersTime', 'bigint')
      .addColumn('updatedAt', 'bigint', (c) => c.notNull());
  };

  const createStates = (db: AnyDb, name: string, cardReference: boolean) =>
    db.schema
      .createTable(name)
      .addColumn('id', t.bigId, id)
      .addColumn('cardNumber', 'varchar(32)', (c) =>
        cardReference ? c.notNull().references('tachoDrivers.cardNumber').onDelete('cascade') : c.notNull(),
      )
      .addColumn('deviceId', 'integer', (c) => c.references('devices.id').onDelete('set null'))
      .addColumn('time', 'bigint', (c) => c.notNull())
      .addColumn('state', 'integer', (c) => c.notNull());

  const DRIVER_COLUMNS =
    'card_number, name, surname, device_id, license_plate, slot, last_seen, working_state, card_present, counters, counters_time, updated_at';
  const ACTIVITY_COLUMNS = 'card_number, day, minute, activity, slot, card_present, recorded_at';

  const driverIndexes = async (db: AnyDb, perVehicle: boolean) => {
    if (perVehicle)
      await db.schema
        .createIndex('tachoDriversCardDevice')
        .on('tachoDrivers')
        .columns(['cardNumber', 'deviceId'])
        .unique()
        .execute();
    await db.schema.createIndex('tachoDriversDevice').on('tachoDrivers').column('deviceId').execute();
    await db.schema
      .createIndex('tachoDriverStatesCardTime')
      .on('tachoDriverStates')
      .columns(['cardNumber', 'time'])
      .execute();
    await db.schema
      .createIndex('tachoDriverStatesDevice')
      .on('tachoDriverStates')
      .column('deviceId')
      .execute();
  };

  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .alterTable('tachoFiles')
        .addColumn('ownerKey', 'varchar(40)', (c) => c.notNull().defaultTo(''))
        .execute();
      await sql`UPDATE tacho_files SET owner_key = CASE
          WHEN driver_id IS NOT NULL THEN 'driver:' || ${textOf('driver_id')}
          WHEN device_id IS NOT NULL THEN 'device:' || ${textOf('device_id')}
          WHEN uploaded_by IS NOT NULL THEN 'user:' || ${textOf('uploaded_by')}
          ELSE '' END`.execute(db);
      await db.schema
        .createIndex('tachoFilesOwnerEntity')
        .on('tachoFiles')
        .columns(['ownerKey', 'entityKey'])
        .execute();

      await createSchedules(db, 'tachoSchedulesOwned', true).execute();
      await sql`INSERT INTO tacho_schedules_owned (owner_key, entity_key, periodicity, custom_days, updated_at)
        SELECT DISTINCT f.owner_key, s.entity_key, s.periodicity, s.custom_days, s.updated_at
        FROM tacho_schedules s JOIN tacho_files f ON f.entity_key = s.entity_key`.execute(db);
      await db.schema.dropTable('tachoSchedules').execute();
      await db.schema.alterTable('tachoSchedulesOwned').renameTo('tachoSchedules').execute();

      await createActivity(db, 'tachoCardActivityOwned', true).execute();
      await sql`INSERT INTO tacho_card_activity_owned (owner_key, ${sql.raw(ACTIVITY_COLUMNS)})
        SELECT f.owner_key, ${sql.raw(
          ACTIVITY_COLUMNS.split(', ')
            .map((c) => `a.${c}`)
            .join(', '),
        )}
        FROM tacho_card_activity a
        JOIN (SELECT DISTINCT card_number, owner_key FROM tacho_files
              WHERE file_type = 'D' AND card_number IS NOT NULL) f ON f.card_number = a.card_number`.execute(
        db,
      );
      await db.schema.dropTable('tachoCardActivity').execute();
      await db.schema.alterTable('tachoCardActivityOwned').renameTo('tachoCardActivity').execute();

      await createDrivers(db, 'tachoDriversPerVehicle', true).execute();
      await createStates(db, 'tachoDriverStatesPerVehicle', false).execute();
      await sql`INSERT INTO tacho_drivers_per_vehicle (${sql.raw(DRIVER_COLUMNS)})
        SELECT ${sql.raw(DRIVER_COLUMNS)} FROM tacho_drivers`.execute(db);
      await sql`INSERT INTO tacho_driver_states_per_vehicle (card_number, device_id, "time", state)
        SELECT card_number, device_id, "time", state FROM tacho_driver_states ORDER BY id`.execute(db);
      await db.schema.dropTable('tachoDriverStates').execute();
      await db.schema.dropTable('tachoDrivers').execute();
      await db.schema.alterTable('tachoDriversPerVehicle').renameTo('tachoDrivers').execute();
      await db.schema.alterTable('tachoDriverStatesPerVehicle').renameTo('tachoDriverStates').execute();
      await driverIndexes(db, true);
    },

    async down(db: AnyDb): Promise<void> {
      // one row per card again: the newest report of each card wins
      await createDrivers(db, 'tachoDriversPerCard', false).execute();
      await sql`INSERT INTO tacho_drivers_per_card (${sql.raw(DRIVER_COLUMNS)})
        SELECT ${sql.raw(DRIVER_COLUMNS)} FROM tacho_drivers d WHERE NOT EXISTS (
          SELECT 1 FROM tacho_drivers e WHERE e.card_number = d.card_number
            AND (e.last_seen > d.last_seen OR (e.last_seen = d.last_seen AND e.id > d.id)))`.execute(db);
      await db.schema.dropTable('tachoDriverStates').ifExists().execute();
      await db.schema.dropTable('tachoDrivers').execute();
      await db.schema.alterTable('tachoDriversPerCard').renameTo('tachoDrivers').execute();
      await createStates(db, 'tachoDriverStates', true).execute();
      await driverIndexes(db, false);

      // one owner per card day and per entity: the first owner's
      await createActivity(db, 'tachoCardActivityPerCard', false).execute();
      await sql`INSERT INTO tacho_card_activity_per_card (${sql.raw(ACTIVITY_COLUMNS)})
        SELECT ${sql.raw(ACTIVITY_COLUMNS)} FROM tacho_card_activity a WHERE a.owner_key = (
          SELECT MIN(b.owner_key) FROM tacho_card_activity b
          WHERE b.card_number = a.card_number AND b.day = a.day)`.execute(db);
      await db.schema.dropTable('tachoCardActivity').execute();
      await db.schema.alterTable('tachoCardActivityPerCard').renameTo('tachoCardActivity').execute();

      await createSchedules(db, 'tachoSchedulesPerEntity', false).execute();
      await sql`INSERT INTO tacho_schedules_per_entity (entity_key, periodicity, custom_days, updated_at)
        SELECT entity_key, periodicity, custom_days, updated_at FROM tacho_schedules s WHERE s.owner_key = (
          SELECT MIN(o.owner_key) FROM tacho_schedules o WHERE o.entity_key = s.entity_key)`.execute(db);
      await db.schema.dropTable('tachoSchedules').execute();
      await db.schema.alterTable('tachoSchedulesPerEntity').renameTo('tachoSchedules').execute();

      await db.schema.dropIndex('tachoFilesOwnerEntity').execute();
      await db.schema.alterTable('tachoFiles').dropColumn('ownerKey').execute();
    },
  };
}
