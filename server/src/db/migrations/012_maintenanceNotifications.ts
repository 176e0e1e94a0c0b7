/**
 * Migration 12: daily maintenance notifications (issue 19, document 3 §3).
 * - `maintenance_notifications`: one per user-made notification; gone with its user.
 * - `maintenance_notification_devices`: its vehicles when not for all (a link table, so deleting a vehicle
 *   leaves no stale id behind).
 * - `maintenance_notification_runs`: the claim and outcome per notification and local day; its primary key
 *   is what makes one e-mail per day hold across restarts and nodes.
 */
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './columnTypes';

type AnyDb = Kysely<unknown>;

export function migration012(dialect: Dialect) {
  const t = columnTypes(dialect);
  const real = dialect === 'postgres' ? 'double precision' : 'real';
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
  const flag = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(t.falseDefault);
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('maintenanceNotifications')
        .addColumn('id', t.id, id)
        .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('emails', 'text', (c) => c.notNull())
        .addColumn('allDevices', t.bool, flag)
        .addColumn('maintenance', t.bool, flag)
        .addColumn('maintenanceKm', real, (c) => c.notNull())
        .addColumn('maintenanceHours', real, (c) => c.notNull())
        .addColumn('cost', t.bool, flag)
        .addColumn('costDays', 'integer', (c) => c.notNull())
        .addColumn('document', t.bool, flag)
        .addColumn('documentDays', 'integer', (c) => c.notNull())
        .addColumn('communication', t.bool, flag)
        .addColumn('communicationHours', real, (c) => c.notNull())
        .addColumn('createdAt', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('maintenanceNotificationsUser')
        .on('maintenanceNotifications')
        .column('userId')
        .execute();

      await db.schema
        .createTable('maintenanceNotificationDevices')
        .addColumn('notificationId', 'integer', (c) =>
          c.notNull().references('maintenanceNotifications.id').onDelete('cascade'),
        )
        .addColumn('deviceId', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('maintenanceNotificationDevicesPk', ['notificationId', 'deviceId'])
        .execute();
      await db.schema
        .createIndex('maintenanceNotificationDevicesDevice')
        .on('maintenanceNotificationDevices')
        .column('deviceId')
        .execute();

      await db.schema
        .createTable('maintenanceNotificationRuns')
        .addColumn('notificationId', 'integer', (c) =>
          c.notNull().references('maintenanceNotifications.id').onDelete('cascade'),
        )
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('claimedAt', 'bigint', (c) => c.notNull())
        .addColumn('sentAt', 'bigint')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('vehicles', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('error', 'text')
        .addPrimaryKeyConstraint('maintenanceNotificationRunsPk', ['notificationId', 'day'])
        .execute();
    },
    async down(db: AnyDb): Promise<void> {
      for (const table of [
        'maintenanceNotificationRuns',
        'maintenanceNotificationDevices',
        'maintenanceNotifications',
      ])
        await db.schema.dropTable(table).execute();
    },
  };
}
