/**
 * GPS103 frames carry two clocks: the device's local date and time (`yymmddhhmm[ss]`, or
 * `yy/mm/dd hh:mm`) and the GPS fix time of day in UTC (`hhmmss[.sss]`), but no UTC date. The UTC
 * date is found from the local one: the difference between the two clocks, brought within ±12 hours,
 * is the device's time zone.
 */

export interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** present only in the 12-digit form */
  second?: number;
}

export interface UtcTimeOfDay {
  hour: number;
  minute: number;
  second: number;
}

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

const LOCAL = /^(\d\d)\/?(\d\d)\/?(\d\d) ?(\d\d):?(\d\d)(\d\d)?$/;
const UTC = /^(\d\d)(\d\d)(\d\d)(?:\.\d+)?$/;

/**
 * The local date field. `null`: the field is empty or zeros (no clock yet); `undefined`: not a date
 * field at all.
 */
export function parseLocalTime(field: string): LocalTime | null | undefined {
  const m = LOCAL.exec(field);
  if (!m) return /^\d*$/.test(field) ? null : undefined;
  const [year, month, day, hour, minute] = m.slice(1, 6).map(Number);
  if (month === 0 || day === 0) return null;
  if (month > 12 || day > 31 || hour > 23 || minute > 59) return undefined;
  return {
    year: 2000 + year,
    month,
    day,
    hour,
    minute,
    second: m[6] === undefined ? undefined : Number(m[6]),
  };
}

/** The UTC time field (`hhmmss` with optional fraction, dropped); null for the odd `31.0` some send. */
export function parseUtcTime(field: string): UtcTimeOfDay | null {
  const m = UTC.exec(field);
  if (!m) return null;
  const [hour, minute, second] = m.slice(1, 4).map(Number);
  if (hour > 23 || minute > 59 || second > 59) return null;
  return { hour, minute, second };
}

/** Local minus UTC in minutes, within (-12 h, +12 h]. */
export function zoneOffsetMinutes(local: LocalTime, utc: UtcTimeOfDay): number {
  let delta = (local.hour - utc.hour) * 60 + (local.minute - utc.minute);
  if (delta <= -DAY_MINUTES / 2) delta += DAY_MINUTES;
  else if (delta > DAY_MINUTES / 2) delta -= DAY_MINUTES;
  return delta;
}

const localMs = (local: LocalTime, second: number): number =>
  Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, second);

/** The fix time: the UTC time of day on the UTC date the local clock points to. */
export function fixTimeOf(local: LocalTime, utc: UtcTimeOfDay): Date {
  const offset = zoneOffsetMinutes(local, utc);
  return new Date(localMs(local, utc.second) - offset * MINUTE_MS);
}

/** A local time read as UTC through a known zone offset (0 when none is known). */
export function localToUtc(local: LocalTime, offsetMinutes = 0): Date {
  return new Date(localMs(local, local.second ?? 0) - offsetMinutes * MINUTE_MS);
}

/** A UTC time of day without a date (the device clock is unset): the occurrence nearest to `now`. */
export function nearestUtc(utc: UtcTimeOfDay, now: Date): Date {
  const dayMs = DAY_MINUTES * MINUTE_MS;
  const midnight = Math.floor(now.getTime() / dayMs) * dayMs;
  let t = midnight + ((utc.hour * 60 + utc.minute) * 60 + utc.second) * 1000;
  if (t - now.getTime() > dayMs / 2) t -= dayMs;
  else if (now.getTime() - t > dayMs / 2) t += dayMs;
  return new Date(t);
}
