/**
 * The facts the due rules read for one notification (core's dueReport): the owner's vehicles (all those the
 * owner sees, or the chosen ones among them; disabled vehicles left out) with their odometer, hour meter and
 * last communication, maintenance entries, and costs and documents with an expiry.
 */
import { hourMeter, type DueVehicle, type EntryFacts, type ExpiryFacts } from '@frota/core';
import type { Db } from '../../../db/database';
import { whereVisible, type Scope } from '../../../auth/policy';
import { parseJson, toBool } from '../../../db/mapping';
import { licensePlateOf } from '../access';
import { distanceKm, vehicleFacts } from '../summary';

const num = (v: unknown): number | null => (v == null ? null : Number(v));

export async function dueVehicles(
  db: Db,
  scope: Scope,
  notification: { id: number; allDevices: boolean },
): Promise<DueVehicle[]> {
  const k = db.kysely;
  let q = k
    .selectFrom('devices')
    .leftJoin('positions', 'positions.id', 'devices.positionId')
    .select([
      'devices.id as id',
      'devices.name as name',
      'devices.attributes as attributes',
      'devices.disabled as disabled',
      'devices.lastUpdate as lastUpdate',
      'positions.fixTime as fixTime',
      'positions.attributes as positionAttributes',
    ]);
  q = whereVisible(q, 'devices.id', db, scope, 'devices');
  if (!notification.allDevices)
    q = q.where(
      'devices.id',
      'in',
      k
        .selectFrom('maintenanceNotificationDevices')
        .select('deviceId')
        .where('notificationId', '=', notification.id),
    );
  const vehicles = (await q.orderBy('devices.name').orderBy('devices.id').execute()).filter(
    (v) => !toBool(v.disabled),
  );
  if (!vehicles.length) return [];
  const ids = vehicles.map((v) => Number(v.id));
  const { entriesOf, costsOf, documentsOf } = await vehicleFacts(db, ids);
  const expiry = (kind: unknown, row: { designation: unknown; expiryDate: unknown; warning: unknown }) =>
    ({
      kind: String(kind),
      designation: String(row.designation ?? ''),
      expiryDate: (row.expiryDate as string | null) ?? null,
      warning: toBool(row.warning),
    }) satisfies ExpiryFacts;

  return vehicles.map((v) => {
    const id = Number(v.id);
    const attributes = parseJson(v.attributes);
    const position = parseJson(v.positionAttributes);
    const facts: EntryFacts[] = (entriesOf.get(id) ?? []).map((e) => ({
      dateStart: String(e.dateStart),
      dateEnd: (e.dateEnd as string | null) ?? null,
      complete: toBool(e.complete) ? 1 : 0,
      km: num(e.km),
      periodicityKm: num(e.periodicityKm),
      hours: num(e.hours),
      periodicityHours: num(e.periodicityHours),
    }));
    return {
      id,
      name: v.name,
      licensePlate: licensePlateOf(attributes),
      attributes,
      distanceKm: distanceKm(position),
      hours: hourMeter(position) ?? null,
      lastCommunication: num(v.lastUpdate) ?? num(v.fixTime),
      entries: facts,
      costs: (costsOf.get(id) ?? []).map((c) => expiry(c.costType, c)),
      documents: (documentsOf.get(id) ?? []).map((d) => expiry(d.documentType, d)),
    };
  });
}
