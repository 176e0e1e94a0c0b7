/**
 * Migration 010: the refill area (issue 18, document 3 §3).
 * - `refill_stations`: main stations (main_station_id 0) and their auxiliaries, owned by a user (the client).
 * - `refill_operators`: the people who post refills from the phone app; password hashed (scrypt + salt).
 * - `refill_operator_sessions`: the app's bearer tokens (stored hashed), a scope of their own.
 * - `refill_devices`: the vehicles flagged for refills, with their barcode code and consumption profile.
 *   A table rather than vehicle attributes: the refill centre's list, the barcode labels and the app's lookup
 *   by code read it by index, and the profile's thresholds are typed numbers, not free JSON.
 * - `refills`: one refill; the consumption columns are computed by the server from the previous refill of
 *   the vehicle, and the thresholds are copied from the profile when the refill is saved (held on each refill).
 * Indexes: the centre reads a period newest first (cost_date, then every filtered and summed column,
 * operator and site names included for the search, so the count and the footer totals of a filtered year
 * read the index alone); the chain of one vehicle reads (device_id, cost_date).
 */
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './columnTypes';

type AnyDb = Kysely<unknown>;

export function migration010(dialect: Dialect) {
  const t = columnTypes(dialect);
  const real = dialect === 'postgres' ? 'double precision' : 'real';
  const pk = (big = false) =>
    [
      'id',
      big ? t.bigId : t.id,
      (c: ColumnDefinitionBuilder) =>
        dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
    ] as const;
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('refillStations')
        .addColumn(...pk())
        .addColumn('userId', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('name', 'varchar(128)', (c) => c.notNull())
        .addColumn('code', 'varchar(128)', (c) => c.notNull().unique())
        .addColumn('location', 'varchar(512)', (c) => c.notNull().defaultTo(''))
        .addColumn('fuelType', 'varchar(16)', (c) => c.notNull().defaultTo('diesel'))
        .addColumn('totalCapacity', real, (c) => c.notNull().defaultTo(0))
        .addColumn('mainStationId', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('refillStationsUser').on('refillStations').column('userId').execute();

      await db.schema
        .createTable('refillOperators')
        .addColumn(...pk())
        .addColumn('userId', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('username', 'varchar(128)', (c) => c.notNull().unique())
        .addColumn('hashedPassword', 'varchar(256)', (c) => c.notNull())
        .addColumn('salt', 'varchar(128)', (c) => c.notNull())
        .addColumn('name', 'varchar(128)', (c) => c.notNull())
        .addColumn('code', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('phone', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('alertEmails', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('refillOperatorsUser').on('refillOperators').column('userId').execute();

      await db.schema
        .createTable('refillOperatorSessions')
        .addColumn('id', 'varchar(128)', (c) => c.primaryKey())
        .addColumn('operatorId', 'integer', (c) =>
          c.notNull().references('refillOperators.id').onDelete('cascade'),
        )
        .addColumn('createdAt', 'bigint', (c) => c.notNull())
        .addColumn('expiresAt', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('refillOperatorSessionsOperator')
        .on('refillOperatorSessions')
        .column('operatorId')
        .execute();

      await db.schema
        .createTable('refillDevices')
        .addColumn('deviceId', 'integer', (c) => c.primaryKey().references('devices.id').onDelete('cascade'))
        .addColumn('code', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('consumptionProfile', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('l100kmYellow', real)
        .addColumn('l100kmRed', real)
        .addColumn('lhYellow', real)
        .addColumn('lhRed', real)
        .execute();
      await db.schema.createIndex('refillDevicesCode').on('refillDevices').column('code').execute();

      await db.schema
        .createTable('refills')
        .addColumn(...pk(true))
        .addColumn('deviceId', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
        .addColumn('type', 'varchar(1)', (c) => c.notNull().defaultTo('M'))
        .addColumn('costDate', 'bigint', (c) => c.notNull())
        .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('fuelType', 'varchar(16)', (c) => c.notNull().defaultTo('diesel'))
        .addColumn('litres', real, (c) => c.notNull().defaultTo(0))
        .addColumn('cost', real, (c) => c.notNull().defaultTo(0))
        .addColumn('invoice', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('driverId', 'integer', (c) => c.references('drivers.id').onDelete('set null'))
        .addColumn('operatorId', 'integer', (c) => c.references('refillOperators.id').onDelete('set null'))
        .addColumn('operatorName', 'varchar(128)')
        .addColumn('operatorCode', 'varchar(128)')
        .addColumn('stationId', 'integer', (c) => c.references('refillStations.id').onDelete('set null'))
        .addColumn('siteName', 'varchar(128)')
        .addColumn('latitude', real)
        .addColumn('longitude', real)
        .addColumn('km', real)
        .addColumn('hours', real)
        .addColumn('details', 'varchar(4000)', (c) => c.notNull().defaultTo(''))
        .addColumn('deltaKm', real)
        .addColumn('deltaHours', real)
        .addColumn('consumptionL100km', real)
        .addColumn('consumptionLkm', real)
        .addColumn('consumptionLh', real)
        .addColumn('consumptionL100kmYellow', real)
        .addColumn('consumptionL100kmRed', real)
        .addColumn('consumptionLkmYellow', real)
        .addColumn('consumptionLkmRed', real)
        .addColumn('consumptionLhYellow', real)
        .addColumn('consumptionLhRed', real)
        .addColumn('userId', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('createdAt', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('refillsDeviceDate')
        .on('refills')
        .columns(['deviceId', 'costDate', 'id'])
        .execute();
      await db.schema
        .createIndex('refillsCentre')
        .on('refills')
        .columns([
          'costDate',
          'deviceId',
          'type',
          'fuelType',
          'driverId',
          'litres',
          'deltaKm',
          'operatorName',
          'siteName',
        ])
        .execute();
      for (const column of ['driverId', 'operatorId', 'stationId'])
        await db.schema
          .createIndex(`refills${column[0].toUpperCase()}${column.slice(1)}`)
          .on('refills')
          .column(column)
          .execute();
    },
    async down(db: AnyDb): Promise<void> {
      for (const table of [
        'refills',
        'refillDevices',
        'refillOperatorSessions',
        'refillOperators',
        'refillStations',
      ])
        await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
