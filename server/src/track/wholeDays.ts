/**
 * A period of whole days typed as two `YYYY-MM-DD` dates, both ends included, in the user's time zone:
 * the alert centre's, the refill centre's and the camera media list's. A date that does not exist
 * (month 13, 30 February) is refused with 400.
 */
import { badRequest } from '../errors';
import type { Zone } from './timezone';

const DAY_MS = 86_400_000;

export interface CalendarDay {
  y: number;
  m: number;
  d: number;
  /** midnight UTC of that date: for counting days between two dates */
  utc: number;
}

export function calendarDay(text: string): CalendarDay {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const [y, m, d] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [NaN, NaN, NaN];
  const utc = Date.UTC(y, m - 1, d);
  const check = new Date(utc);
  if (!match || !Number.isFinite(utc) || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d)
    throw badRequest(`Invalid date ${text}: expected YYYY-MM-DD`);
  return { y, m, d, utc };
}

/**
 * [from, to) in epoch ms, from the first day's start to the start of the day after the last, and `after`:
 * how many days the last date comes after the first (0 for one day).
 */
export function wholeDays(
  fromText: string,
  toText: string,
  zone: Zone,
): { from: number; to: number; after: number } {
  const a = calendarDay(fromText);
  const b = calendarDay(toText);
  if (b.utc < a.utc) throw badRequest('The period ends before it begins');
  return {
    from: zone.toUtc(a.y, a.m, a.d),
    to: zone.nextDay(zone.toUtc(b.y, b.m, b.d)),
    after: Math.round((b.utc - a.utc) / DAY_MS),
  };
}
