/** The maintenance form's draft, defaults, rules (document 3 §2, §4, §5) and the body saved. */
import type { MaintenanceEntry } from './managementApi';
import { parseAmount, validateMaintenance } from '@frota/core';

export interface MaintenanceDraft {
  id?: number;
  date_start: string;
  date_end: string;
  complete: boolean;
  description: string;
  km: string;
  periodicity_km: string;
  hours: string;
  periodicity_hours: string;
  location: string;
  cost: string;
  invoice: string;
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** New entry: starts and ends today, not complete (document 3 §2). */
export const newMaintenance = (today: string): MaintenanceDraft => ({
  date_start: today,
  date_end: today,
  complete: false,
  description: '',
  km: '',
  periodicity_km: '',
  hours: '',
  periodicity_hours: '',
  location: '',
  cost: '',
  invoice: '',
});

export const maintenanceDraft = (entry: MaintenanceEntry): MaintenanceDraft => ({
  id: entry.id,
  date_start: text(entry.date_start).slice(0, 10),
  date_end: text(entry.date_end).slice(0, 10),
  complete: !!Number(entry.complete),
  description: text(entry.description),
  km: text(entry.km),
  periodicity_km: text(entry.periodicity_km),
  hours: text(entry.hours),
  periodicity_hours: text(entry.periodicity_hours),
  location: text(entry.location),
  cost: text(entry.cost),
  invoice: text(entry.invoice),
});

/** Checking complete shows the end date (today when empty); unchecking clears it (document 3 §4). */
export const setComplete = (draft: MaintenanceDraft, complete: boolean, today: string): MaintenanceDraft => ({
  ...draft,
  complete,
  date_end: complete ? draft.date_end || today : '',
});

/** The first problem of document 3 §5 (core's Portuguese message, as the server answers it), or null. */
export function maintenanceProblem(draft: MaintenanceDraft): string | null {
  const checked = validateMaintenance({ ...draft, date_end: draft.complete ? draft.date_end : null });
  return checked.ok ? null : checked.message;
}

/** The body saved: numbers with a decimal comma as numbers, no end date unless complete. */
export function maintenanceBody(draft: MaintenanceDraft): Omit<MaintenanceEntry, 'id'> & { id?: number } {
  return {
    ...(draft.id ? { id: draft.id } : {}),
    date_start: draft.date_start,
    date_end: draft.complete ? draft.date_end : null,
    complete: draft.complete ? 1 : 0,
    description: draft.description.trim(),
    km: parseAmount(draft.km),
    periodicity_km: parseAmount(draft.periodicity_km),
    hours: parseAmount(draft.hours),
    periodicity_hours: parseAmount(draft.periodicity_hours),
    location: draft.location.trim(),
    cost: parseAmount(draft.cost),
    invoice: draft.invoice.trim(),
  };
}
