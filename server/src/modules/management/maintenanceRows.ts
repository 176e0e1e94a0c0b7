/** Maintenance entries of a vehicle: rows ↔ JSON (document 3 §3) and their queries. */
import { daysInMaintenance, type MaintenanceValues } from '@frota/core';
import type { Db } from '../../db/database';
import { fromBool, toBool, toJson } from '../../db/mapping';
import type { Period } from './period';

export interface MaintenanceJson {
  id: number;
  deviceId: number | null;
  date_start: string;
  date_end: string | null;
  complete: 0 | 1;
  description: string;
  km: number | null;
  periodicity_km: number | null;
  hours: number | null;
  periodicity_hours: number | null;
  location: string;
  cost: number | null;
  invoice: string;
  days_in_maintenance: number;
}

const num = (v: unknown): number | null => (v == null ? null : Number(v));

export function maintenanceQuery(db: Db) {
  return db.kysely.selectFrom('maintenances').selectAll();
}

export function maintenanceJson(row: Record<string, unknown>, today: string): MaintenanceJson {
  const complete = toBool(row.complete) ? 1 : 0;
  const dateStart = String(row.dateStart);
  const dateEnd = (row.dateEnd as string | null) ?? null;
  return {
    id: Number(row.id),
    deviceId: num(row.deviceId),
    date_start: dateStart,
    date_end: dateEnd,
    complete,
    description: String(row.description ?? ''),
    km: num(row.km),
    periodicity_km: num(row.periodicityKm),
    hours: num(row.hours),
    periodicity_hours: num(row.periodicityHours),
    location: String(row.location ?? ''),
    cost: num(row.cost),
    invoice: String(row.invoice ?? ''),
    days_in_maintenance: daysInMaintenance({ dateStart, dateEnd, complete }, today),
  };
}

/** Columns of validated values (Traccar's type follows what the entry measures). */
export function maintenanceColumns(db: Db, v: MaintenanceValues) {
  return {
    dateStart: v.dateStart,
    dateEnd: v.complete ? v.dateEnd : null,
    complete: fromBool(db.dialect, v.complete === 1),
    description: v.description,
    km: v.km,
    periodicityKm: v.periodicityKm,
    hours: v.hours,
    periodicityHours: v.periodicityHours,
    location: v.location,
    cost: v.cost,
    invoice: v.invoice,
  };
}

export async function listMaintenances(db: Db, deviceId: number, period: Period) {
  let q = maintenanceQuery(db).where('deviceId', '=', deviceId);
  if (period.from) q = q.where('dateStart', '>=', period.from);
  if (period.to) q = q.where('dateStart', '<=', period.to);
  return q.orderBy('dateStart', 'desc').orderBy('id', 'desc').execute();
}

export async function insertMaintenance(
  db: Db,
  deviceId: number | null,
  userId: number,
  v: MaintenanceValues,
  extra: { type?: string; attributes?: Record<string, unknown> } = {},
): Promise<number> {
  const row = await db.kysely
    .insertInto('maintenances')
    .values({
      ...maintenanceColumns(db, v),
      deviceId,
      userId,
      templateId: null,
      type: extra.type ?? (v.km == null && v.hours != null ? 'hours' : 'totalDistance'),
      attributes: toJson(extra.attributes ?? {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
