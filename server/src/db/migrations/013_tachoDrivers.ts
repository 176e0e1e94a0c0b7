/**
 * Migration 13: the tachograph's live driver state (issue 20 item 1, document 3 §3 "Tacho driver").
 * - `tacho_drivers`: one row per driver card, as the trackers last reported it. The row belongs to the
 *   driver, not to the vehicle: deleting the vehicle keeps the row and clears its last vehicle.
 * - `tacho_driver_states`: the working states the trackers reported, per card (changes, and a sample every
 *   few minutes while the state holds), so the EU 561/2006 counters can be computed when no tracker sends
 *   them. Gone with the card's row.
 */
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './columnTypes';

type AnyDb = Kysely<unknown>;

export function migration013(dialect: Dialect) {
  const t = columnTypes(dialect);
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('tachoDrivers')
        .addColumn('cardNumber', 'varchar(32)', (c) => c.primaryKey())
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
        .addColumn('updatedAt', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('tachoDriversDevice').on('tachoDrivers').column('deviceId').execute();

      await db.schema
        .createTable('tachoDriverStates')
        .addColumn('id', t.bigId, id)
        .addColumn('cardNumber', 'varchar(32)', (c) =>
          c.notNull().references('tachoDrivers.cardNumber').onDelete('cascade'),
        )
        .addColumn('deviceId', 'integer', (c) => c.references('devices.id').onDelete('set null'))
        .addColumn('time', 'bigint', (c) => c.notNull())
        .addColumn('state', 'integer', (c) => c.notNull())
        .execute();
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
    },
    async down(db: AnyDb): Promise<void> {
      for (const table of ['tachoDriverStates', 'tachoDrivers']) await db.schema.dropTable(table).execute();
    },
  };
}
