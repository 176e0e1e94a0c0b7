/** Maintenance notifications: rows ↔ JSON (document 3 §3) and their queries, always within one owner. */
import {
  formatDeviceIds,
  parseDeviceIds,
  type MaintenanceNotification,
  type MaintenanceNotificationValues,
} from '@frota/core';
import type { Selectable } from 'kysely';
import type { Db } from '../../../db/database';
import type { MaintenanceNotificationsTable } from '../../../db/maintenanceNotificationTables';
import { fromBool, toBool } from '../../../db/mapping';

export type NotificationRow = Selectable<MaintenanceNotificationsTable>;

export function notificationJson(
  row: NotificationRow,
  deviceIds: readonly number[],
): MaintenanceNotification {
  const allDevices = toBool(row.allDevices);
  return {
    id: Number(row.id),
    emails: row.emails,
    all_devices: allDevices,
    device_ids: allDevices ? '' : formatDeviceIds(deviceIds),
    maintenance: toBool(row.maintenance),
    maintenance_km: Number(row.maintenanceKm),
    maintenance_hours: Number(row.maintenanceHours),
    cost: toBool(row.cost),
    cost_days: Number(row.costDays),
    document: toBool(row.document),
    document_days: Number(row.documentDays),
    communication: toBool(row.communication),
    communication_hours: Number(row.communicationHours),
  };
}

export function notificationColumns(db: Db, v: MaintenanceNotificationValues) {
  const bool = (b: boolean) => fromBool(db.dialect, b);
  return {
    emails: v.emails,
    allDevices: bool(v.all_devices),
    maintenance: bool(v.maintenance),
    maintenanceKm: v.maintenance_km,
    maintenanceHours: v.maintenance_hours,
    cost: bool(v.cost),
    costDays: v.cost_days,
    document: bool(v.document),
    documentDays: v.document_days,
    communication: bool(v.communication),
    communicationHours: v.communication_hours,
  };
}

/** The vehicle ids of each notification, in id order. */
export async function notificationDevices(db: Db, ids: readonly number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (!ids.length) return map;
  const rows = await db.kysely
    .selectFrom('maintenanceNotificationDevices')
    .select(['notificationId', 'deviceId'])
    .where('notificationId', 'in', [...ids])
    .orderBy('notificationId')
    .orderBy('deviceId')
    .execute();
  for (const r of rows) {
    const list = map.get(Number(r.notificationId)) ?? [];
    list.push(Number(r.deviceId));
    map.set(Number(r.notificationId), list);
  }
  return map;
}

export async function listNotifications(db: Db, userId: number): Promise<MaintenanceNotification[]> {
  const rows = await db.kysely
    .selectFrom('maintenanceNotifications')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('id')
    .execute();
  const devices = await notificationDevices(
    db,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => notificationJson(r, devices.get(Number(r.id)) ?? []));
}

/** The owner's notification, or undefined (another user's is not found either). */
export async function ownNotification(
  db: Db,
  userId: number,
  id: number,
): Promise<MaintenanceNotification | undefined> {
  const row = await db.kysely
    .selectFrom('maintenanceNotifications')
    .selectAll()
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return notificationJson(row, (await notificationDevices(db, [id])).get(id) ?? []);
}

/** Creates (no id) or replaces the values and vehicles of a notification, in one transaction; its id. */
export async function saveNotification(
  db: Db,
  userId: number,
  v: MaintenanceNotificationValues,
  id?: number,
  now = Date.now(),
): Promise<number> {
  const deviceIds = v.all_devices ? [] : parseDeviceIds(v.device_ids);
  return db.kysely.transaction().execute(async (trx) => {
    let saved = id;
    if (saved == null) {
      const row = await trx
        .insertInto('maintenanceNotifications')
        .values({ ...notificationColumns(db, v), userId, createdAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      saved = Number(row.id);
    } else {
      await trx
        .updateTable('maintenanceNotifications')
        .set(notificationColumns(db, v))
        .where('id', '=', saved)
        .where('userId', '=', userId)
        .execute();
      await trx.deleteFrom('maintenanceNotificationDevices').where('notificationId', '=', saved).execute();
    }
    if (deviceIds.length)
      await trx
        .insertInto('maintenanceNotificationDevices')
        .values(deviceIds.map((deviceId) => ({ notificationId: saved!, deviceId })))
        .execute();
    return saved;
  });
}

/** Deletes the notification with its vehicles and run records (foreign keys cascade). */
export async function deleteNotification(db: Db, userId: number, id: number): Promise<void> {
  await db.kysely
    .deleteFrom('maintenanceNotifications')
    .where('id', '=', id)
    .where('userId', '=', userId)
    .execute();
}
