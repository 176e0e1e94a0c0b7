/** Migration 1: every core entity of document 1 §3, sessions, settings and the permission links. */
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './columnTypes';

type AnyDb = Kysely<unknown>;

const LINKS: Array<[string, string, string, string, string]> = [
  // table, left column, left table, right column, right table
  ['userDevice', 'userId', 'users', 'deviceId', 'devices'],
  ['userGroup', 'userId', 'users', 'groupId', 'groups'],
  ['userGeofence', 'userId', 'users', 'geofenceId', 'geofences'],
  ['userDriver', 'userId', 'users', 'driverId', 'drivers'],
  ['userNotification', 'userId', 'users', 'notificationId', 'notifications'],
  ['userUser', 'userId', 'users', 'managedUserId', 'users'],
  ['groupGeofence', 'groupId', 'groups', 'geofenceId', 'geofences'],
  ['groupDriver', 'groupId', 'groups', 'driverId', 'drivers'],
  ['deviceGeofence', 'deviceId', 'devices', 'geofenceId', 'geofences'],
  ['deviceNotification', 'deviceId', 'devices', 'notificationId', 'notifications'],
  ['deviceDriver', 'deviceId', 'devices', 'driverId', 'drivers'],
];

export function migration001(dialect: Dialect) {
  const t = columnTypes(dialect);
  const pk = (name: string, big = false) =>
    [
      name,
      big ? t.bigId : t.id,
      (c: ColumnDefinitionBuilder) =>
        dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
    ] as const;
  const real = dialect === 'postgres' ? 'double precision' : 'real';

  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('users')
        .addColumn(...pk('id'))
        .addColumn('name', 'varchar(128)', (c) => c.notNull())
        .addColumn('email', 'varchar(128)', (c) => c.notNull().unique())
        .addColumn('phone', 'varchar(128)')
        .addColumn('hashedPassword', 'varchar(256)')
        .addColumn('salt', 'varchar(128)')
        .addColumn('readonly', t.bool, (c) => c.notNull().defaultTo(t.falseDefault))
        .addColumn('administrator', t.bool, (c) => c.notNull().defaultTo(t.falseDefault))
        .addColumn('disabled', t.bool, (c) => c.notNull().defaultTo(t.falseDefault))
        .addColumn('expirationTime', 'bigint')
        .addColumn('userLimit', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('deviceLimit', 'integer', (c) => c.notNull().defaultTo(-1))
        .addColumn('token', 'varchar(256)', (c) => c.unique())
        .addColumn('attributes', t.json, (c) => c.notNull().defaultTo(t.emptyJson))
        .execute();

      await db.schema
        .createTable('groups')
        .addColumn(...pk('id'))
        .addColumn('name', 'varchar(128)', (c) => c.notNull())
        .addColumn('groupId', 'integer', (c) => c.references('groups.id').onDelete('set null'))
        .addColumn('attributes', t.json, (c) => c.notNull().defaultTo(t.emptyJson))
        .execute();

      await db.schema
        .createTable('devices')
        .addColumn(...pk('id'))
        .addColumn('name', 'varchar(128)', (c) => c.notNull())
        .addColumn('uniqueId', 'varchar(128)', (c) => c.notNull().unique())
        .addColumn('groupId', 'integer', (c) => c.references('groups.id').onDelete('set null'))
        .addColumn('category', 'varchar(128)')
        .addColumn('phone', 'varchar(128)')
        .addColumn('model', 'varchar(128)')
        .addColumn('contact', 'varchar(512)')
        .addColumn('disabled', t.bool, (c) => c.notNull().defaultTo(t.falseDefault))
        .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('offline'))
        .addColumn('lastUpdate', 'bigint')
        .addColumn('positionId', 'bigint')
        .addColumn('attributes', t.json, (c) => c.notNull().defaultTo(t.emptyJson))
        .execute();
      await db.schema.createIndex('devicesGroupId').on('devices').column('groupId').execute();

      await db.schema
        .createTable('drivers')
        .addColumn(...pk('id'))
        .addColumn('name', 'varchar(128)', (c) => c.notNull())
        .addColumn('uniqueId', 'varchar(128)', (c) => c.notNull().unique())
        .addColumn('attributes', t.json, (c) => c.notNull().defaultTo(t.emptyJson))
        .execute();

      await db.schema
        .createTable('geofences')
        .addColumn(...pk('id'))
        .addColumn('name', 'varchar(128)', (c) => c.notNull())
        .addColumn('description', 'varchar(512)')
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('attributes', t.json, (c) => c.notNull().defaultTo(t.emptyJson))
        .execute();

      await db.schema
        .createTable('notifications')
        .addColumn(...pk('id'))
        .addColumn('type', 'varchar(128)', (c) => c.notNull())
        .addColumn('always', t.bool, (c) => c.notNull().defaultTo(t.falseDefault))
        .addColumn('notificators', 'varchar(128)')
        .addColumn('attributes', t.json, (c) => c.notNull().defaultTo(t.emptyJson))
        .execute();

      await db.schema
        .createTable('tags')
        .addColumn(...pk('id'))
        .addColumn('tag', 'varchar(128)', (c) => c.notNull().unique())
        .addColumn('name', 'varchar(128)', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('positions')
        .addColumn(...pk('id', true))
        .addColumn('deviceId', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
        .addColumn('protocol', 'varchar(32)')
        .addColumn('serverTime', 'bigint', (c) => c.notNull())
        .addColumn('deviceTime', 'bigint', (c) => c.notNull())
        .addColumn('fixTime', 'bigint', (c) => c.notNull())
        .addColumn('valid', t.bool, (c) => c.notNull())
        .addColumn('latitude', real, (c) => c.notNull())
        .addColumn('longitude', real, (c) => c.notNull())
        .addColumn('altitude', real, (c) => c.notNull().defaultTo(0))
        .addColumn('speed', real, (c) => c.notNull().defaultTo(0))
        .addColumn('course', real, (c) => c.notNull().defaultTo(0))
        .addColumn('accuracy', real, (c) => c.notNull().defaultTo(0))
        .addColumn('address', 'varchar(512)')
        .addColumn('event', 'integer')
        .addColumn('attributes', t.json, (c) => c.notNull().defaultTo(t.emptyJson))
        .execute();
      await db.schema
        .createIndex('positionsDeviceFix')
        .on('positions')
        .columns(['deviceId', 'fixTime'])
        .execute();

      await db.schema
        .createTable('events')
        .addColumn(...pk('id', true))
        .addColumn('type', 'varchar(128)', (c) => c.notNull())
        .addColumn('eventTime', 'bigint', (c) => c.notNull())
        .addColumn('deviceId', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
        .addColumn('positionId', 'bigint')
        .addColumn('geofenceId', 'integer', (c) => c.references('geofences.id').onDelete('set null'))
        .addColumn('attributes', t.json, (c) => c.notNull().defaultTo(t.emptyJson))
        .execute();
      await db.schema
        .createIndex('eventsDeviceTime')
        .on('events')
        .columns(['deviceId', 'eventTime'])
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'varchar(128)', (c) => c.primaryKey())
        .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('createdAt', 'bigint', (c) => c.notNull())
        .addColumn('expiresAt', 'bigint', (c) => c.notNull())
        .addColumn('lastSeen', 'bigint', (c) => c.notNull())
        .addColumn('address', 'varchar(128)')
        .execute();
      await db.schema.createIndex('sessionsUserId').on('sessions').column('userId').execute();

      await db.schema
        .createTable('passwordResets')
        .addColumn('tokenHash', 'varchar(128)', (c) => c.primaryKey())
        .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('expiresAt', 'bigint', (c) => c.notNull())
        .addColumn('used', t.bool, (c) => c.notNull().defaultTo(t.falseDefault))
        .execute();

      await db.schema
        .createTable('settings')
        .addColumn('key', 'varchar(128)', (c) => c.primaryKey())
        .addColumn('value', t.json, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('leases')
        .addColumn('name', 'varchar(128)', (c) => c.primaryKey())
        .addColumn('holder', 'varchar(128)', (c) => c.notNull())
        .addColumn('expiresAt', 'bigint', (c) => c.notNull())
        .execute();

      for (const [table, left, leftTable, right, rightTable] of LINKS) {
        await db.schema
          .createTable(table)
          .addColumn(left, 'integer', (c) => c.notNull().references(`${leftTable}.id`).onDelete('cascade'))
          .addColumn(right, 'integer', (c) => c.notNull().references(`${rightTable}.id`).onDelete('cascade'))
          .addPrimaryKeyConstraint(`${table}Pk`, [left, right])
          .execute();
        await db.schema.createIndex(`${table}Right`).on(table).column(right).execute();
      }
    },
    async down(db: AnyDb): Promise<void> {
      for (const [table] of [...LINKS].reverse()) await db.schema.dropTable(table).execute();
      for (const table of [
        'leases',
        'settings',
        'passwordResets',
        'sessions',
        'events',
        'positions',
        'tags',
        'notifications',
        'geofences',
        'drivers',
        'devices',
        'groups',
        'users',
      ])
        await db.schema.dropTable(table).execute();
    },
  };
}
