/**
 * The refill form's body (document 3 §2, §5) read into typed values with the form's messages: cost numeric
 * and required (decimal comma accepted), date required, the rest optional and checked when given.
 */
import { FUEL_TYPES, type FuelType } from '@frota/core';
import type { Zone } from '../../track/timezone';
import { badRequest } from '../../errors';

export const COST_NOT_NUMERIC = 'O custo deve ser numérico';
export const INVALID_DATE = 'Data inválida';
export const INVALID_FUEL = 'Combustível inválido';
export const INVALID_LITRES = 'Litros inválidos';
export const INVALID_KM = 'Km inválidos';
export const INVALID_HOURS = 'Horas inválidas';

export interface RefillInput {
  costDate: number;
  cost: number;
  invoice: string;
  driverId: number | null;
  fuelType: FuelType;
  litres: number;
  km: number | null;
  hours: number | null;
  details: string;
  stationId: number | null;
  latitude: number | null;
  longitude: number | null;
}

/** A number from JSON or text (decimal comma accepted); null when blank; NaN when not a number. */
export function numberOf(v: unknown): number | null {
  if (v == null) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : NaN;
  const text = String(v).trim().replace(',', '.');
  if (!text) return null;
  return /^[-+]?\d*\.?\d+(e[-+]?\d+)?$/i.test(text) ? Number(text) : NaN;
}

function optional(v: unknown, message: string, min = 0): number | null {
  const n = numberOf(v);
  if (n === null) return null;
  if (Number.isNaN(n) || n < min) throw badRequest(message);
  return n;
}

const idOf = (v: unknown): number | null => {
  const n = numberOf(v);
  return n && Number.isInteger(n) && n > 0 ? n : null;
};

const text = (v: unknown, max: number): string => (v == null ? '' : String(v).trim().slice(0, max));

export function readRefillInput(body: Record<string, unknown>, zone: Zone, now: number): RefillInput {
  const cost = numberOf(body.cost);
  if (cost === null || Number.isNaN(cost) || cost < 0) throw badRequest(COST_NOT_NUMERIC);
  const dateText = body.cost_date ?? body.costDate;
  let costDate: number | undefined;
  if (typeof dateText === 'string' && dateText.trim()) costDate = zone.parseLocal(dateText.trim());
  else if (typeof dateText === 'number') costDate = dateText;
  else if (dateText === undefined && body.type === 'A') costDate = now;
  if (costDate === undefined || !Number.isFinite(costDate)) throw badRequest(INVALID_DATE);
  const fuel = text(body.fuel_type ?? body.fuelType, 16) || 'diesel';
  if (!(FUEL_TYPES as readonly string[]).includes(fuel)) throw badRequest(INVALID_FUEL);
  return {
    costDate,
    cost,
    invoice: text(body.invoice, 128),
    driverId: idOf(body.driverid ?? body.driverId),
    fuelType: fuel as FuelType,
    litres: optional(body.litres, INVALID_LITRES) ?? 0,
    km: optional(body.km, INVALID_KM),
    hours: optional(body.hours, INVALID_HOURS),
    details: text(body.details, 4000),
    stationId: idOf(body.stationid ?? body.stationId),
    latitude: optional(body.latitude, 'Latitude inválida', -90),
    longitude: optional(body.longitude, 'Longitude inválida', -180),
  };
}
