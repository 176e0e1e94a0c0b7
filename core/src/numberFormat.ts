/**
 * The one number formatter of the product: a number as the interface language writes it (pt-PT "2 552,5",
 * en-GB "2,552.5"), always with Latin digits (Arabic included), shared by the web and the server's reports.
 */
export const INTERFACE_LANGUAGES = ['pt', 'en', 'es', 'fr', 'ar'] as const;
export type InterfaceLanguage = (typeof INTERFACE_LANGUAGES)[number];

export const LANGUAGE_LOCALES: Record<InterfaceLanguage, string> = {
  pt: 'pt-PT',
  en: 'en-GB',
  es: 'es-ES',
  fr: 'fr-FR',
  ar: 'ar',
};

/** A user's language attribute ('pt-PT' and 'en_US' read as pt and en); pt when missing or unknown. */
export function interfaceLanguage(value: unknown): InterfaceLanguage {
  const code = typeof value === 'string' ? value.slice(0, 2).toLowerCase() : '';
  return (INTERFACE_LANGUAGES as readonly string[]).includes(code) ? (code as InterfaceLanguage) : 'pt';
}

const cache = new Map<string, Intl.NumberFormat>();

/** Digits after the point: exactly `decimals`, or between `min` and `max`. */
export type Decimals = number | { min: number; max: number };

function numberFormat(language: string, decimals: Decimals): Intl.NumberFormat {
  const { min, max } = typeof decimals === 'number' ? { min: decimals, max: decimals } : decimals;
  const key = `${language}|${min}|${max}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LANGUAGE_LOCALES[interfaceLanguage(language)], {
      minimumFractionDigits: min,
      maximumFractionDigits: max,
      // pt-PT and es-ES leave 4-digit numbers ungrouped ("7500" above "18 500"): one look per column
      useGrouping: 'always',
      numberingSystem: 'latn',
    });
    cache.set(key, format);
  }
  return format;
}

/** `value` in the language's format; empty text for no number. */
export function formatNumberIn(
  language: string,
  value: number | null | undefined,
  decimals: Decimals = { min: 0, max: 3 },
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return numberFormat(language, decimals).format(value);
}

const percentCache = new Map<string, Intl.NumberFormat>();

/** A whole percentage given from 0 to 100, as the language writes it (pt-PT "44 %", en-GB "44%"); empty for none. */
export function formatPercentIn(language: string, value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const locale = LANGUAGE_LOCALES[interfaceLanguage(language)];
  let format = percentCache.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'percent',
      maximumFractionDigits: 0,
      numberingSystem: 'latn',
    });
    percentCache.set(locale, format);
  }
  return format.format(Math.round(value) / 100);
}
