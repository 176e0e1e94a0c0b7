/** Reading the fields of data records: `NA` (or nothing) marks a value the device does not have. */

export const isAbsent = (field: string | undefined): boolean =>
  field === undefined || field === '' || field === 'NA';

const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)$/;
const UNSIGNED = /^\d+$/;

/** A decimal number; null when absent, undefined when not a number. */
export function readDecimal(field: string): number | null | undefined {
  if (isAbsent(field)) return null;
  return DECIMAL.test(field) ? Number(field) : undefined;
}

/** A non-negative integer no larger than `max`; null when absent, undefined when not one. */
export function readUnsigned(field: string, max: number): number | null | undefined {
  if (isAbsent(field)) return null;
  if (!UNSIGNED.test(field)) return undefined;
  const value = Number(field);
  return value <= max ? value : undefined;
}

const DATE = /^(\d{2})(\d{2})(\d{2})$/;
const TIME = /^(\d{2})(\d{2})(\d{2})(?:\.(\d{1,9}))?$/;

/**
 * Date DDMMYY and time HHMMSS (version 2.1 allows a fraction of a second), UTC. Both absent: the server's
 * time, as the protocol says. Undefined when either is malformed or only one is given.
 */
export function readTime(date: string, time: string, now: Date): Date | undefined {
  if (isAbsent(date) && isAbsent(time)) return new Date(now.getTime());
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t) return undefined;
  const [day, month, year] = [Number(d[1]), Number(d[2]), 2000 + Number(d[3])];
  const [hours, minutes, seconds] = [Number(t[1]), Number(t[2]), Number(t[3])];
  const millis = t[4] ? Math.floor(Number(`0.${t[4]}`) * 1000) : 0;
  if (hours > 23 || minutes > 59 || seconds > 59) return undefined;
  const result = new Date(Date.UTC(year, month - 1, day, hours, minutes, seconds, millis));
  // Date.UTC rolls 31 April over into May: a day or month out of range does not come back unchanged
  if (result.getUTCMonth() !== month - 1 || result.getUTCDate() !== day) return undefined;
  return result;
}

const COORDINATE = /^(\d+)(\d{2}(?:\.\d+)?)$/;

/**
 * A coordinate as DDMM.MMMM (DDDMM.MMMM for longitudes) with its hemisphere letter, in signed degrees.
 * Null when both are absent; undefined when malformed, out of range or only half given.
 */
export function readCoordinate(
  value: string,
  hemisphere: string,
  axis: 'lat' | 'lon',
): number | null | undefined {
  if (isAbsent(value) && isAbsent(hemisphere)) return null;
  const match = COORDINATE.exec(value);
  const [positive, negative] = axis === 'lat' ? ['N', 'S'] : ['E', 'W'];
  if (!match || (hemisphere !== positive && hemisphere !== negative)) return undefined;
  const minutes = Number(match[2]);
  const degrees = Number(match[1]) + minutes / 60;
  if (minutes >= 60 || degrees > (axis === 'lat' ? 90 : 180)) return undefined;
  return hemisphere === negative ? -degrees : degrees;
}
