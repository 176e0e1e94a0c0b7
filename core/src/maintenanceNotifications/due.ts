/**
 * What a daily maintenance notification reports (issue 19, document 3 §4, §9), as pure functions: per
 * vehicle, the service due within the advance km or hours (manual entries or automatic periodicity, the
 * rules of the maintenance summary), the costs and documents expiring within the advance days or already
 * expired (per type only the latest expiry counts: a renewed insurance replaces the expired one), and no
 * communication for more than the advance hours. Nothing to report → an empty list (no e-mail).
 */
import { daysBetween } from '../management/dates';
import {
  maintenanceMode,
  maintenancePeriodicity,
  nextService,
  type EntryFacts,
  type Expiring,
} from '../management/summary';
import type { MaintenanceNotificationValues } from './validation';

const HOUR_MS = 3_600_000;

export type NotificationRules = Pick<
  MaintenanceNotificationValues,
  | 'maintenance'
  | 'maintenance_km'
  | 'maintenance_hours'
  | 'cost'
  | 'cost_days'
  | 'document'
  | 'document_days'
  | 'communication'
  | 'communication_hours'
>;

export interface ExpiryFacts extends Expiring {
  /** cost_type or document_type */
  kind: string;
  designation: string;
}

export interface DueVehicle {
  id: number;
  name: string;
  licensePlate: string | null;
  /** the vehicle's attributes (automaticMaintenance, automaticMaintenancePeriodicity) */
  attributes: Record<string, unknown>;
  /** odometer in km, null when unknown */
  distanceKm: number | null;
  /** hour meter in hours, null when unknown */
  hours: number | null;
  /** epoch ms of the last message from the vehicle, null when it never reported */
  lastCommunication: number | null;
  entries: EntryFacts[];
  costs: ExpiryFacts[];
  documents: ExpiryFacts[];
}

export type DueItem =
  | { kind: 'maintenance_km'; next: number; left: number; overdue: boolean }
  | { kind: 'maintenance_hours'; next: number; left: number; overdue: boolean }
  | {
      kind: 'cost' | 'document';
      type: string;
      designation: string;
      expiryDate: string;
      daysLeft: number;
      expired: boolean;
    }
  | { kind: 'communication'; lastCommunication: number | null; hoursSilent: number | null };

export interface VehicleDue {
  vehicleId: number;
  name: string;
  licensePlate: string | null;
  items: DueItem[];
}

/** Per type (kind) the expiry with the latest date: older ones were renewed. */
export function latestExpiries<T extends Expiring>(items: readonly T[]): T[] {
  const latest = new Map<string, T>();
  for (const item of items) {
    if (!item.warning || !item.expiryDate) continue;
    const seen = latest.get(item.kind);
    if (!seen || item.expiryDate > seen.expiryDate!) latest.set(item.kind, item);
  }
  return [...latest.values()].sort((a, b) => (a.expiryDate! < b.expiryDate! ? -1 : 1));
}

const round1 = (n: number) => Math.round(n * 10) / 10;

function maintenanceItems(rules: NotificationRules, v: DueVehicle): DueItem[] {
  const mode = maintenanceMode(v.attributes);
  const periodicity = mode === 'automatic' ? maintenancePeriodicity(v.attributes) : null;
  const next = nextService(mode, periodicity, v.entries, v.distanceKm);
  const items: DueItem[] = [];
  if (next.kmNext != null && v.distanceKm != null) {
    const left = next.kmNext - v.distanceKm;
    if (left <= rules.maintenance_km)
      items.push({
        kind: 'maintenance_km',
        next: round1(next.kmNext),
        left: round1(left),
        overdue: left < 0,
      });
  }
  if (next.hoursNext != null && v.hours != null) {
    const left = next.hoursNext - v.hours;
    if (left <= rules.maintenance_hours)
      items.push({
        kind: 'maintenance_hours',
        next: round1(next.hoursNext),
        left: round1(left),
        overdue: left < 0,
      });
  }
  return items;
}

function expiryItems(
  kind: 'cost' | 'document',
  facts: readonly ExpiryFacts[],
  days: number,
  today: string,
): DueItem[] {
  const items: DueItem[] = [];
  for (const e of latestExpiries(facts)) {
    const daysLeft = daysBetween(today, e.expiryDate!);
    if (daysLeft <= days)
      items.push({
        kind,
        type: e.kind,
        designation: e.designation,
        expiryDate: e.expiryDate!,
        daysLeft,
        expired: daysLeft < 0,
      });
  }
  return items;
}

/** The items one vehicle has to report; `today` is the calendar day in the owner's timezone. */
export function vehicleDueItems(
  rules: NotificationRules,
  v: DueVehicle,
  today: string,
  now: number,
): DueItem[] {
  const items: DueItem[] = [];
  if (rules.maintenance) items.push(...maintenanceItems(rules, v));
  if (rules.cost) items.push(...expiryItems('cost', v.costs, rules.cost_days, today));
  if (rules.document) items.push(...expiryItems('document', v.documents, rules.document_days, today));
  if (rules.communication) {
    const silentMs = v.lastCommunication == null ? null : now - v.lastCommunication;
    if (silentMs == null || silentMs > rules.communication_hours * HOUR_MS)
      items.push({
        kind: 'communication',
        lastCommunication: v.lastCommunication,
        hoursSilent: silentMs == null ? null : Math.floor(silentMs / HOUR_MS),
      });
  }
  return items;
}

/** Every vehicle with something to report, in the given order; empty when there is nothing to say. */
export function dueReport(
  rules: NotificationRules,
  vehicles: readonly DueVehicle[],
  today: string,
  now: number,
): VehicleDue[] {
  const out: VehicleDue[] = [];
  for (const v of vehicles) {
    const items = vehicleDueItems(rules, v, today, now);
    if (items.length) out.push({ vehicleId: v.id, name: v.name, licensePlate: v.licensePlate, items });
  }
  return out;
}
