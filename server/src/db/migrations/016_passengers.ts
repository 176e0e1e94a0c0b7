/**
 * Migration 016: passenger control (issue 22 item 2, document 3 "Passenger control").
 * - `passengers`: the people a passenger vehicle carries, each with the RFID card or iButton its tracker
 *   reads (unique), a group and the user who created it (the access policy reads both).
 * - `passenger_pickups`: one row per fresh card read on a vehicle with `has_passengers`, written after the
 *   positions are committed; unique per (vehicle, card, time) so a resent record is stored once. A card no
 *   passenger holds is kept with `passenger_id` null, and linked when a passenger with that card is saved.
 */
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './columnTypes';

type AnyDb = Kysely<unknown>;

export function migration016(dialect: Dialect) {
  const t = columnTypes(dialect);
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('passengers')
        .addColumn('id', t.id, id)
        .addColumn('name', 'varchar(128)', (c) => c.notNull())
        .addColumn('cardId', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('groupId', 'integer', (c) => c.references('groups.id').onDelete('set null'))
        .addColumn('phone', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('attributes', t.json, (c) => c.notNull().defaultTo(t.emptyJson))
        .addColumn('userId', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema.createIndex('passengersGroup').on('passengers').column('groupId').execute();
      await db.schema.createIndex('passengersUser').on('passengers').column('userId').execute();

      await db.schema
        .createTable('passengerPickups')
        .addColumn('id', t.bigId, id)
        .addColumn('deviceId', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
        .addColumn('passengerId', 'integer', (c) => c.references('passengers.id').onDelete('set null'))
        .addColumn('cardId', 'varchar(64)', (c) => c.notNull())
        .addColumn('time', 'bigint', (c) => c.notNull())
        .addColumn('latitude', 'double precision', (c) => c.notNull())
        .addColumn('longitude', 'double precision', (c) => c.notNull())
        .addColumn('address', 'text')
        .addUniqueConstraint('passengerPickupsDeviceCardTime', ['deviceId', 'cardId', 'time'])
        .execute();
      await db.schema
        .createIndex('passengerPickupsDeviceTime')
        .on('passengerPickups')
        .columns(['deviceId', 'time'])
        .execute();
      await db.schema
        .createIndex('passengerPickupsPassenger')
        .on('passengerPickups')
        .columns(['passengerId', 'time'])
        .execute();
      await db.schema.createIndex('passengerPickupsCard').on('passengerPickups').column('cardId').execute();
    },
    async down(db: AnyDb): Promise<void> {
      for (const table of ['passengerPickups', 'passengers'])
        await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
