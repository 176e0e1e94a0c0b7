/** An event by id, only when the user sees its vehicle (ARCHITECTURE §6: 404 otherwise, never a leak). */
import type { Db } from '../../db/database';
import { whereVisible, type Scope } from '../../auth/policy';
import { parseJson } from '../../db/mapping';
import { notFound } from '../../errors';

export interface VisibleEvent {
  id: number;
  type: string;
  /** as the alert central names it (alarmsos) */
  alertType: string;
  eventTime: number;
  deviceId: number;
  positionId: number | null;
  geofenceId: number | null;
  attributes: Record<string, unknown>;
  lastStatus: number;
  lastStatusRow: number | null;
  driverUniqueId: string | null;
}

export async function visibleEvent(db: Db, scope: Scope, id: number): Promise<VisibleEvent> {
  let q = db.kysely
    .selectFrom('events')
    .select([
      'id',
      'type',
      'alertType',
      'eventTime',
      'deviceId',
      'positionId',
      'geofenceId',
      'attributes',
      'lastStatus',
      'lastStatusRow',
      'driverUniqueId',
    ])
    .where('id', '=', id);
  q = whereVisible(q, 'deviceId', db, scope, 'devices');
  const row = await q.executeTakeFirst();
  if (!row) throw notFound();
  return {
    id: Number(row.id),
    type: row.type,
    alertType: row.alertType,
    eventTime: Number(row.eventTime),
    deviceId: Number(row.deviceId),
    positionId: row.positionId == null ? null : Number(row.positionId),
    geofenceId: row.geofenceId == null ? null : Number(row.geofenceId),
    attributes: parseJson(row.attributes),
    lastStatus: Number(row.lastStatus ?? 0),
    lastStatusRow: row.lastStatusRow == null ? null : Number(row.lastStatusRow),
    driverUniqueId: row.driverUniqueId ?? null,
  };
}
