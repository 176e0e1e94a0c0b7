/**
 * The maintenance summary grid (document 3 §2 /management/summary, §4): one row per vehicle the user sees,
 * with its distance and hours from the last position, the next service, days in maintenance, the next cost
 * and document expiry, and the row state (grey progress, red overdue, yellow soon).
 */
import {
  daysBetween,
  daysInMaintenance,
  hourMeter,
  inProgress,
  maintenanceMode,
  maintenancePeriodicity,
  nextExpiry,
  nextService,
  odometerKm,
  summaryState,
  type EntryFacts,
  type SummaryState,
} from '@frota/core';
import type { Db } from '../../db/database';
import { whereVisible, type Scope } from '../../auth/policy';
import { parseJson, toBool } from '../../db/mapping';
import { licensePlateOf } from './access';

export interface SummaryRow {
  id: number;
  name: string;
  license_plate: string | null;
  group: string | null;
  groupId: number | null;
  total_distance: number | null;
  total_hours: number | null;
  maintenance_type: 'automatic' | 'manual';
  maintenance_periodicity: number | null;
  maintenance_km_next: number | null;
  maintenance_km_left: number | null;
  maintenance_hours_next: number | null;
  maintenance_hours_left: number | null;
  maintenance_km_days_in_maintenance: number | null;
  maintenance_days_in_maintenance: number | null;
  maintenance_in_progress: 0 | 1;
  cost_next: string | null;
  cost_next_type: string | null;
  cost_next_description: string | null;
  cost_days_left: number | null;
  document_next: string | null;
  document_next_type: string | null;
  document_next_description: string | null;
  document_days_left: number | null;
  state: SummaryState;
}

const round1 = (n: number | null): number | null => (n == null ? null : Math.round(n * 10) / 10);
const num = (v: unknown): number | null => (v == null ? null : Number(v));

/** Distance in km: the device odometer (io192, or `odometer` in metres), else the computed totalDistance. */
export function distanceKm(attributes: Record<string, unknown>): number | null {
  const io = odometerKm(attributes);
  if (io !== undefined) return io;
  const metres = Number(attributes.odometer ?? attributes.totalDistance);
  return Number.isFinite(metres) && (attributes.odometer ?? attributes.totalDistance) != null
    ? metres / 1000
    : null;
}

function groupBy<T extends { deviceId: unknown }>(rows: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const id = Number(row.deviceId);
    const list = map.get(id) ?? [];
    list.push(row);
    map.set(id, list);
  }
  return map;
}

/**
 * The maintenance entries and the expiring costs and documents of the given vehicles, by vehicle: what the
 * summary and the daily maintenance notifications read.
 */
export async function vehicleFacts(db: Db, ids: number[]) {
  const k = db.kysely;
  const [entries, costs, documents] = await Promise.all([
    k
      .selectFrom('maintenances')
      .select([
        'deviceId',
        'dateStart',
        'dateEnd',
        'complete',
        'km',
        'periodicityKm',
        'hours',
        'periodicityHours',
      ])
      .where('deviceId', 'in', ids)
      .execute(),
    k
      .selectFrom('costs')
      .select(['deviceId', 'costType', 'designation', 'expiryDate', 'warning'])
      .where('deviceId', 'in', ids)
      .where('expiryDate', 'is not', null)
      .execute(),
    k
      .selectFrom('documents')
      .select(['deviceId', 'documentType', 'designation', 'expiryDate', 'warning'])
      .where('deviceId', 'in', ids)
      .where('expiryDate', 'is not', null)
      .execute(),
  ]);
  return { entriesOf: groupBy(entries), costsOf: groupBy(costs), documentsOf: groupBy(documents) };
}

export async function maintenanceSummary(db: Db, scope: Scope, today: string): Promise<SummaryRow[]> {
  const k = db.kysely;
  const devices = k
    .selectFrom('devices')
    .leftJoin('groups', 'groups.id', 'devices.groupId')
    .leftJoin('positions', 'positions.id', 'devices.positionId')
    .select([
      'devices.id as id',
      'devices.name as name',
      'devices.groupId as groupId',
      'devices.attributes as attributes',
      'groups.name as groupName',
      'positions.attributes as positionAttributes',
    ]);
  const vehicles = await whereVisible(devices, 'devices.id', db, scope, 'devices')
    .orderBy('devices.name')
    .orderBy('devices.id')
    .execute();
  if (!vehicles.length) return [];
  const ids = vehicles.map((v) => Number(v.id));
  const { entriesOf, costsOf, documentsOf } = await vehicleFacts(db, ids);

  return vehicles.map((v) => {
    const id = Number(v.id);
    const attributes = parseJson(v.attributes);
    const position = parseJson(v.positionAttributes);
    const totalDistance = distanceKm(position);
    const totalHours = hourMeter(position) ?? null;
    const facts: EntryFacts[] = (entriesOf.get(id) ?? []).map((e) => ({
      dateStart: String(e.dateStart),
      dateEnd: (e.dateEnd as string | null) ?? null,
      complete: toBool(e.complete) ? 1 : 0,
      km: num(e.km),
      periodicityKm: num(e.periodicityKm),
      hours: num(e.hours),
      periodicityHours: num(e.periodicityHours),
    }));
    const mode = maintenanceMode(attributes);
    const periodicity = mode === 'automatic' ? maintenancePeriodicity(attributes) : null;
    const next = nextService(mode, periodicity, facts, totalDistance);
    const open = facts
      .filter((e) => inProgress(e, today))
      .sort((a, b) => (a.dateStart < b.dateStart ? -1 : 1))[0];
    const kmLeft = next.kmNext != null && totalDistance != null ? next.kmNext - totalDistance : null;
    const hoursLeft = next.hoursNext != null && totalHours != null ? next.hoursNext - totalHours : null;
    const cost = nextExpiry(
      (costsOf.get(id) ?? []).map((c) => ({
        kind: String(c.costType),
        expiryDate: c.expiryDate as string | null,
        warning: toBool(c.warning) ? 1 : (0 as 0 | 1),
        designation: String(c.designation ?? ''),
      })),
    );
    const doc = nextExpiry(
      (documentsOf.get(id) ?? []).map((d) => ({
        kind: String(d.documentType),
        expiryDate: d.expiryDate as string | null,
        warning: toBool(d.warning) ? 1 : (0 as 0 | 1),
        designation: String(d.designation ?? ''),
      })),
    );
    const costDaysLeft = cost ? daysBetween(today, cost.expiryDate!) : null;
    const documentDaysLeft = doc ? daysBetween(today, doc.expiryDate!) : null;
    return {
      id,
      name: v.name,
      license_plate: licensePlateOf(attributes),
      group: v.groupName ?? null,
      groupId: num(v.groupId),
      total_distance: round1(totalDistance),
      total_hours: round1(totalHours),
      maintenance_type: mode,
      maintenance_periodicity: periodicity,
      maintenance_km_next: round1(next.kmNext),
      maintenance_km_left: round1(kmLeft),
      maintenance_hours_next: round1(next.hoursNext),
      maintenance_hours_left: round1(hoursLeft),
      maintenance_km_days_in_maintenance: open ? open.km : null,
      maintenance_days_in_maintenance: open ? daysInMaintenance(open, today) : null,
      maintenance_in_progress: open ? 1 : 0,
      cost_next: cost?.expiryDate ?? null,
      cost_next_type: cost?.kind ?? null,
      cost_next_description: cost?.designation ?? null,
      cost_days_left: costDaysLeft,
      document_next: doc?.expiryDate ?? null,
      document_next_type: doc?.kind ?? null,
      document_next_description: doc?.designation ?? null,
      document_days_left: documentDaysLeft,
      state: summaryState({ inProgress: Boolean(open), kmLeft, hoursLeft, costDaysLeft, documentDaysLeft }),
    };
  });
}
