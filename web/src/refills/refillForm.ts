/** The refill form's draft, its defaults and checks (document 3 §2, §4, §5). */
import type { TFunction } from 'i18next';
import { hourMeter, vehicleOdometerKm } from '@frota/core';
import { isRefillDate, nowText, parseDecimal } from './refillRules';
import type { RefillBody } from './refillsApi';
import type { Refill } from './refillTypes';

export interface RefillDraft {
  id?: number;
  /** the vehicle, chosen in the form when the centre adds a refill */
  deviceId: number | null;
  cost_date: string;
  cost: string;
  invoice: string;
  driverid: number | null;
  /** the loaded refill's driver, offered even when the user's driver list does not hold it */
  driverName?: string | null;
  fuel_type: string;
  litres: string;
  km: string;
  hours: string;
  details: string;
  stationid: number | null;
}

const text = (value: number | string | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);

/** A new refill: dated now, diesel, the rest empty. */
export const newRefillDraft = (deviceId: number | null, tz: string, now = Date.now()): RefillDraft => ({
  deviceId,
  cost_date: nowText(tz, now),
  cost: '',
  invoice: '',
  driverid: null,
  fuel_type: 'diesel',
  litres: '',
  km: '',
  hours: '',
  details: '',
  stationid: null,
});

/** An edit starts from the loaded refill (document 3 §4). */
export const refillDraftOf = (refill: Refill): RefillDraft => ({
  id: refill.id,
  deviceId: refill.deviceId,
  cost_date: refill.cost_date,
  cost: text(refill.cost),
  invoice: refill.invoice ?? '',
  driverid: refill.driverid ?? refill.driverId ?? null,
  driverName: refill.driverName,
  fuel_type: refill.fuel_type ?? refill.fuelType ?? 'diesel',
  litres: text(refill.litres),
  km: text(refill.km),
  hours: text(refill.hours),
  details: refill.details ?? '',
  stationid: refill.stationid ?? refill.stationId ?? null,
});

/** The first problem of a draft, in the form's words; null when it may be saved. */
export function refillProblem(draft: RefillDraft, t: TFunction): string | null {
  if (draft.deviceId === null) return t('refills.vehicleRequired');
  if (!isRefillDate(draft.cost_date)) return t('refills.dateRequired');
  if (parseDecimal(draft.cost) === null) return t('refills.costRequired');
  const optional = (value: string) => value.trim() !== '' && parseDecimal(value) === null;
  if (optional(draft.litres) || (parseDecimal(draft.litres) ?? 0) < 0) return t('refills.litresInvalid');
  if (optional(draft.km)) return t('refills.kmInvalid');
  if (optional(draft.hours)) return t('refills.hoursInvalid');
  return null;
}

/** What the server receives: numbers with a decimal point; empty optional fields left out. */
export function refillBody(draft: RefillDraft): RefillBody {
  const km = parseDecimal(draft.km);
  const hours = parseDecimal(draft.hours);
  return {
    cost_date: draft.cost_date.trim(),
    cost: parseDecimal(draft.cost) ?? 0,
    invoice: draft.invoice.trim(),
    fuel_type: draft.fuel_type,
    litres: parseDecimal(draft.litres) ?? 0,
    details: draft.details,
    ...(draft.driverid !== null ? { driverid: draft.driverid } : {}),
    ...(draft.stationid !== null ? { stationid: draft.stationid } : {}),
    ...(km !== null ? { km } : {}),
    ...(hours !== null ? { hours } : {}),
  };
}

/**
 * What a new refill takes from the vehicle's last position: its odometer (km), its hour meter (h) and the
 * driver whose card it reports, so that the refill gets its consumption (L/100 km) without the user
 * reading them off the map. Only empty fields are filled; what the user typed stays.
 */
export function prefillFromPosition(
  draft: RefillDraft,
  position: { attributes?: Record<string, unknown> } | undefined,
  drivers: Array<{ id: number; uniqueId: string }>,
): RefillDraft {
  const attributes = position?.attributes ?? {};
  const km = vehicleOdometerKm(attributes);
  const hours = hourMeter(attributes);
  const card = attributes.driverUniqueId;
  const driver = typeof card === 'string' && card ? drivers.find((d) => d.uniqueId === card) : undefined;
  return {
    ...draft,
    km: draft.km || (km === undefined ? '' : String(Math.round(km))),
    hours: draft.hours || (hours === undefined ? '' : String(Math.round(hours))),
    driverid: draft.driverid ?? driver?.id ?? null,
  };
}
