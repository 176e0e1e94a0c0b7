import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import i18n from 'i18next';
import { formatNumberIn, formatPercentIn, zonedDate, zonedDateTime } from '@frota/core';

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

/**
 * Epoch milliseconds of a date the app holds, or null for none or an unreadable one. Numbers and dates
 * need no parsing, and validity is the number itself: dayjs's isValid() writes the whole date out as text
 * (Date's toString, with its time zone's name) to compare it with "Invalid Date", which cost more than the
 * formatting on the live list's rows.
 */
function instant(value: DateInput): number | null {
  if (value === null || value === undefined || value === '') return null;
  const ms =
    typeof value === 'number'
      ? new Date(value).getTime()
      : value instanceof Date
        ? value.getTime()
        : dayjs(value).valueOf();
  return Number.isFinite(ms) ? ms : null;
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

/** The interface language now shown (Portuguese before the app sets one). */
const currentLanguage = (): string => i18n.language || 'pt';

/** An amount with two decimals in the interface language's format, followed by the client's currency symbol. */
export function formatCurrency(value: number | string | null | undefined, symbol = ''): string {
  const amount = typeof value === 'string' ? Number(value.replace(',', '.')) : value;
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '';
  const text = formatNumberIn(currentLanguage(), amount, 2);
  return symbol ? `${text} ${symbol}` : text;
}

const LATIN_UNITS = { km: 'km', h: 'h', kmh: 'km/h', m: 'm', d: 'd', L: 'L' } as const;
export type UnitKey = keyof typeof LATIN_UNITS;

/** The units each language writes, looked up once: every row of the live list writes two or three. */
const unitTexts = new Map<string, Partial<Record<UnitKey, string>>>();
/** The translation store the kept units were read from; a table added to it or taken out clears them. */
let unitStore: typeof i18n.store | null = null;
const forgetUnits = (): void => unitTexts.clear();

/** A unit as the interface language writes it ("km/h"; Arabic "كم/س"), the Latin one before the tables load. */
export function unitText(unit: UnitKey): string {
  const store = i18n.store;
  if (!store) return LATIN_UNITS[unit];
  if (store !== unitStore) {
    unitStore?.off('added', forgetUnits);
    unitStore?.off('removed', forgetUnits);
    store.on('added', forgetUnits);
    store.on('removed', forgetUnits);
    unitStore = store;
    forgetUnits();
  }
  const language = currentLanguage();
  let texts = unitTexts.get(language);
  if (!texts) unitTexts.set(language, (texts = {}));
  let text = texts[unit];
  if (text === undefined) {
    const key = `unit.${unit}`;
    text = texts[unit] = i18n.exists(key) ? i18n.t(key) : LATIN_UNITS[unit];
  }
  return text;
}

/** A number in the interface language's format with a fixed count of decimals; empty text for no number. */
export function formatNumber(value: number | null | undefined, decimals = 0): string {
  return formatNumberIn(currentLanguage(), value, decimals);
}

/** A whole percentage (0 to 100) as the interface language writes it: "44 %" in Portuguese, "44%" in English. */
export function formatPercent(value: number | null | undefined): string {
  return formatPercentIn(currentLanguage(), value);
}
