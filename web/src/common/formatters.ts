import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { zonedDate, zonedDateTime } from '@frota/core';

dayjs.extend(utc);
dayjs.extend(timezone);

export const DEFAULT_TIMEZONE = 'Africa/Luanda';
export const DATE_FORMAT = 'DD/MM/YYYY';

/** The timezone choices of the user form (document 1 §3). */
export const TIMEZONES = [
  'Africa/Luanda',
  'Africa/Maputo',
  'Africa/Blantyre',
  'Europe/Lisbon',
  'Europe/Paris',
  'Europe/Madrid',
  'Atlantic/Cape_Verde',
  'Africa/Sao_Tome',
] as const;

type DateInput = string | number | Date | null | undefined;

/** Epoch milliseconds of a date the app holds, or null for none or an unreadable one. */
function instant(value: DateInput): number | null {
  if (value === null || value === undefined || value === '') return null;
  const date = dayjs(value);
  return date.isValid() ? date.valueOf() : null;
}

/** `DD/MM/YYYY HH:mm:ss` in the user's timezone; empty text for no or invalid dates. */
export function formatDateTime(value: DateInput, tz?: string): string {
  const ms = instant(value);
  return ms === null ? '' : zonedDateTime(ms, tz || DEFAULT_TIMEZONE, DEFAULT_TIMEZONE);
}

/** `DD/MM/YYYY` in the user's timezone. */
export function formatDate(value: DateInput, tz?: string): string {
  const ms = instant(value);
  return ms === null ? '' : zonedDate(ms, tz || DEFAULT_TIMEZONE, DEFAULT_TIMEZONE);
}

const currencyNumber = new Intl.NumberFormat('pt-PT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount in pt-PT number format followed by the client's currency symbol. */
export function formatCurrency(value: number | string | null | undefined, symbol = ''): string {
  const amount = typeof value === 'string' ? Number(value.replace(',', '.')) : value;
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '';
  const text = currencyNumber.format(amount);
  return symbol ? `${text} ${symbol}` : text;
}

/** A number in pt-PT format with a fixed count of decimals; empty text for no number. */
export function formatNumber(value: number | null | undefined, decimals = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return value.toLocaleString('pt-PT', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}
