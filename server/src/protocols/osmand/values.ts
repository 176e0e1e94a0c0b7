/** Reading the loosely typed values phone apps send. */

const NUMBER = /^-?(0|[1-9]\d{0,14})(\.\d+)?$/;

/**
 * "true"/"false" become booleans and plain decimal numbers become numbers; anything else, including
 * numbers with leading zeros (ids, codes), stays text.
 */
export function typedValue(value: string): string | number | boolean {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (NUMBER.test(value)) return Number(value);
  return value;
}

/** A finite number from a string or number, or undefined. */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const n = Number(value.trim());
  return Number.isFinite(n) ? n : undefined;
}

export function booleanOf(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value !== 'string') return undefined;
  const v = value.trim().toLowerCase();
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  return undefined;
}

/** Below this a numeric timestamp is in seconds (1e11 s is year 5138; 1e11 ms is 1973). */
const SECONDS_LIMIT = 1e11;
const HAS_ZONE = /(Z|[+-]\d{2}(:?\d{2})?)$/i;

/**
 * Unix seconds or milliseconds (decimals allowed), ISO-8601, or `yyyy-MM-dd HH:mm:ss`; a time without a
 * zone is UTC, never the server's local time.
 */
export function parseTimestamp(value: unknown): Date | undefined {
  const n = numberOf(value);
  if (n !== undefined) {
    if (n < 0) return undefined;
    return validDate(n < SECONDS_LIMIT ? Math.round(n * 1000) : Math.round(n));
  }
  if (typeof value !== 'string') return undefined;
  let text = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(text)) return undefined;
  text = text.replace(' ', 'T');
  if (!HAS_ZONE.test(text)) text += 'Z';
  return validDate(Date.parse(text));
}

function validDate(ms: number): Date | undefined {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export function validCoordinates(latitude: number | undefined, longitude: number | undefined): boolean {
  return (
    latitude !== undefined &&
    longitude !== undefined &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180
  );
}
