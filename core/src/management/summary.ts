/**
 * The maintenance summary rules (document 3 §2, §4): maintenance mode, days in maintenance, the next service
 * (manual entries or automatic periodicity), the nearest expiry and the row colour.
 */
import { MAINTENANCE_MODES, SOON_DAYS, SOON_HOURS, SOON_KM, type MaintenanceMode } from './constants';
import { parseAmount } from './amounts';
import { daysBetween } from './dates';

export interface EntryFacts {
  dateStart: string;
  dateEnd: string | null;
  complete: 0 | 1 | boolean;
  km: number | null;
  periodicityKm: number | null;
  hours: number | null;
  periodicityHours: number | null;
}

/** automatic when the attribute says so, or when there is no mode but a positive periodicity (§4). */
export function maintenanceMode(attributes: Record<string, unknown>): MaintenanceMode {
  const mode = attributes.automaticMaintenance;
  if (typeof mode === 'string' && (MAINTENANCE_MODES as readonly string[]).includes(mode))
    return mode as MaintenanceMode;
  if (mode === true || mode === 1 || mode === '1') return 'automatic';
  if (mode === false || mode === 0 || mode === '0') return 'manual';
  return (maintenancePeriodicity(attributes) ?? 0) > 0 ? 'automatic' : 'manual';
}

export function maintenancePeriodicity(attributes: Record<string, unknown>): number | null {
  const n = parseAmount(attributes.automaticMaintenancePeriodicity);
  return n === null || Number.isNaN(n) || n <= 0 ? null : n;
}

/** Open entry: days from the start to today (never negative); complete: from the start to the end. */
export function daysInMaintenance(
  entry: Pick<EntryFacts, 'dateStart' | 'dateEnd' | 'complete'>,
  today: string,
) {
  const end = entry.complete && entry.dateEnd ? entry.dateEnd : today;
  return Math.max(0, daysBetween(entry.dateStart, end));
}

/** An open entry that has started: the vehicle is in maintenance. */
export const inProgress = (entry: Pick<EntryFacts, 'dateStart' | 'complete'>, today: string): boolean =>
  !entry.complete && entry.dateStart <= today;

const newestFirst = (a: EntryFacts, b: EntryFacts) =>
  a.dateStart < b.dateStart ? 1 : a.dateStart > b.dateStart ? -1 : 0;

export interface NextService {
  kmNext: number | null;
  hoursNext: number | null;
}

/**
 * Manual: the newest entry with a km periodicity gives km + periodicity (hours likewise). Automatic: the
 * last completed entry's km + the periodicity; with no completed entry, the next multiple of the periodicity
 * above the vehicle's distance.
 */
export function nextService(
  mode: MaintenanceMode,
  periodicity: number | null,
  entries: EntryFacts[],
  totalDistance: number | null,
): NextService {
  const sorted = [...entries].sort(newestFirst);
  if (mode === 'automatic') {
    if (!periodicity) return { kmNext: null, hoursNext: null };
    const last = sorted.find((e) => e.complete && e.km != null);
    const kmNext =
      last != null
        ? last.km! + periodicity
        : (Math.floor(Math.max(0, totalDistance ?? 0) / periodicity) + 1) * periodicity;
    return { kmNext, hoursNext: null };
  }
  const byKm = sorted.find((e) => e.km != null && (e.periodicityKm ?? 0) > 0);
  const byHours = sorted.find((e) => e.hours != null && (e.periodicityHours ?? 0) > 0);
  return {
    kmNext: byKm ? byKm.km! + byKm.periodicityKm! : null,
    hoursNext: byHours ? byHours.hours! + byHours.periodicityHours! : null,
  };
}

export type ExpiryState = 'expired' | 'soon' | 'ok';

/** Days left below 0 red (expired), under 30 yellow (soon), otherwise none. */
export function expiryState(daysLeft: number): ExpiryState {
  if (daysLeft < 0) return 'expired';
  if (daysLeft < SOON_DAYS) return 'soon';
  return 'ok';
}

export interface Expiring {
  kind: string;
  expiryDate: string | null;
  warning: 0 | 1 | boolean;
}

/**
 * The expiry that matters next: per kind (cost or document type) only the latest expiry counts (a renewed
 * insurance replaces the expired one), then the earliest of those.
 */
export function nextExpiry<T extends Expiring>(items: T[]): T | null {
  const latest = new Map<string, T>();
  for (const item of items) {
    if (!item.warning || !item.expiryDate) continue;
    const seen = latest.get(item.kind);
    if (!seen || item.expiryDate > seen.expiryDate!) latest.set(item.kind, item);
  }
  let next: T | null = null;
  for (const item of latest.values()) if (!next || item.expiryDate! < next.expiryDate!) next = item;
  return next;
}

export type SummaryState = 'progress' | 'overdue' | 'soon' | 'ok';

export interface SummaryFacts {
  inProgress: boolean;
  kmLeft: number | null;
  hoursLeft: number | null;
  costDaysLeft: number | null;
  documentDaysLeft: number | null;
}

/** Grey in progress; red when km, hours or days left < 0; yellow under 1000 km, 250 h, 30 days; else none. */
export function summaryState(row: SummaryFacts): SummaryState {
  if (row.inProgress) return 'progress';
  const days = [row.costDaysLeft, row.documentDaysLeft].filter((d): d is number => d != null);
  const km = row.kmLeft;
  const hours = row.hoursLeft;
  if ((km != null && km < 0) || (hours != null && hours < 0) || days.some((d) => d < 0)) return 'overdue';
  if (
    (km != null && km < SOON_KM) ||
    (hours != null && hours < SOON_HOURS) ||
    days.some((d) => d < SOON_DAYS)
  )
    return 'soon';
  return 'ok';
}
