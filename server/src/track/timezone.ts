/**
 * Local time in a IANA timezone without a library per call: the UTC offset is asked from Intl once per
 * hour of time and cached, so formatting millions of instants (positions report) stays cheap.
 */
import { zoneOffset } from '@frota/core';

export const DEFAULT_TIMEZONE = 'Africa/Luanda';
const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export function validTimezone(tz: unknown): string {
  if (typeof tz !== 'string' || !tz) return DEFAULT_TIMEZONE;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz;
  } catch {
    return DEFAULT_TIMEZONE;
  }
}

export interface LocalParts {
  year: number;
  month: number; // 1..12
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number; // 0 Sunday .. 6 Saturday
}

export class Zone {
  private readonly offsets = new Map<number, number>();

  constructor(readonly name: string) {}

  /** Milliseconds to add to UTC to get the local wall clock at instant `ms`. */
  offset(ms: number): number {
    const key = Math.floor(ms / HOUR);
    let off = this.offsets.get(key);
    if (off === undefined) {
      // the name is a valid zone (zoneFor); 0 only for a zone this runtime lost since
      off = zoneOffset(this.name, key * HOUR) ?? 0;
      if (this.offsets.size > 100_000) this.offsets.clear();
      this.offsets.set(key, off);
    }
    return off;
  }

  parts(ms: number): LocalParts {
    const d = new Date(ms + this.offset(ms));
    return {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: d.getUTCHours(),
      minute: d.getUTCMinutes(),
      second: d.getUTCSeconds(),
      weekday: d.getUTCDay(),
    };
  }

  /** The instant of a local wall-clock time (the earlier one when a DST change repeats it). */
  toUtc(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
    const wall = Date.UTC(year, month - 1, day, hour, minute, second);
    let guess = wall - this.offset(wall);
    guess = wall - this.offset(guess);
    return guess;
  }

  startOfDay(ms: number): number {
    const p = this.parts(ms);
    return this.toUtc(p.year, p.month, p.day);
  }

  /** Start of the local day after the one holding `ms`. */
  nextDay(ms: number): number {
    const p = this.parts(ms);
    const d = new Date(Date.UTC(p.year, p.month - 1, p.day + 1));
    return this.toUtc(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
  }

  startOfMonth(ms: number): number {
    const p = this.parts(ms);
    return this.toUtc(p.year, p.month, 1);
  }

  nextMonth(ms: number): number {
    const p = this.parts(ms);
    return p.month === 12 ? this.toUtc(p.year + 1, 1, 1) : this.toUtc(p.year, p.month + 1, 1);
  }

  /** `YYYY-MM-DD` of the local day (a stable key for per-day figures). */
  dayKey(ms: number): string {
    const p = this.parts(ms);
    return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
  }

  /** DD/MM/YYYY HH:mm:ss (document 2 §9). */
  dateTime(ms: number): string {
    const d = new Date(ms + this.offset(ms));
    return (
      `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ` +
      `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
    );
  }

  date(ms: number): string {
    const d = new Date(ms + this.offset(ms));
    return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
  }

  /** YYYY-MM-DD HH:mm:ss, the body format of a report run. */
  local(ms: number): string {
    const p = this.parts(ms);
    return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
  }

  /** File-name stamp YYYY-MM-DD_HH-mm-ss. */
  stamp(ms: number): string {
    const p = this.parts(ms);
    return `${p.year}-${pad(p.month)}-${pad(p.day)}_${pad(p.hour)}-${pad(p.minute)}-${pad(p.second)}`;
  }

  /** Parses `YYYY-MM-DD HH:mm:ss` (seconds optional, or `YYYY-MM-DD`) as local time; ISO with an offset as is. */
  parseLocal(text: string): number | undefined {
    const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
    if (m) {
      const [y, mo, d, h, mi, s] = m.slice(1).map((v) => (v === undefined ? 0 : Number(v)));
      if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return undefined;
      return this.toUtc(y, mo, d, h, mi, s);
    }
    if (/[zZ]|[+-]\d{2}:?\d{2}$/.test(text)) {
      const ms = Date.parse(text);
      return Number.isFinite(ms) ? ms : undefined;
    }
    return undefined;
  }
}

export const pad = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** HH:MM:SS from milliseconds; hours are not wrapped at 24. */
export function duration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}`;
}

const zones = new Map<string, Zone>();
export function zoneFor(name: unknown): Zone {
  const tz = validTimezone(name);
  let z = zones.get(tz);
  if (!z) zones.set(tz, (z = new Zone(tz)));
  return z;
}
