import { numberAttr } from '@frota/core';

/** Document 1 §8: km are stored in metres and hours in milliseconds, as integers. */
export const METRES_PER_KM = 1000;
export const MS_PER_HOUR = 3_600_000;

export interface AccumulatorsForm {
  km: string;
  hours: string;
}

export interface AccumulatorsBody {
  deviceId: number;
  totalDistance: number;
  hours: number;
}

const decimal = (value: number, digits: number): string =>
  String(Math.round(value * 10 ** digits) / 10 ** digits);

/** The dialog's starting values: the vehicle's current odometer (km) and engine hours. */
export function accumulatorsForm(positionAttributes: Record<string, unknown> | undefined): AccumulatorsForm {
  const metres = numberAttr(positionAttributes?.totalDistance) ?? 0;
  const ms = numberAttr(positionAttributes?.hours) ?? 0;
  return { km: decimal(metres / METRES_PER_KM, 3), hours: decimal(ms / MS_PER_HOUR, 3) };
}

/** A field value: a number 0 or above (comma or point as decimal mark); undefined when invalid. */
export function parseNonNegative(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** The PUT body, or null when a field is empty, negative or not a number. */
export function accumulatorsBody(deviceId: number, form: AccumulatorsForm): AccumulatorsBody | null {
  const km = parseNonNegative(form.km);
  const hours = parseNonNegative(form.hours);
  if (km === undefined || hours === undefined) return null;
  return { deviceId, totalDistance: Math.round(km * METRES_PER_KM), hours: Math.round(hours * MS_PER_HOUR) };
}
