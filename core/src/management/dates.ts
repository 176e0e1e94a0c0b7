/** Calendar days (YYYY-MM-DD) of the management screens: days between dates, today in a timezone. */

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A valid calendar date `YYYY-MM-DD` (also taken from the start of an ISO date-time), else null. */
export function parseDay(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = DATE.exec(value.trim().slice(0, 10));
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const back = new Date(ms).toISOString().slice(0, 10);
  return back === `${m[1]}-${m[2]}-${m[3]}` ? back : null;
}

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayMs(to) - dayMs(from)) / DAY_MS);
}

/** Today's date in a timezone (unknown zones fall back to UTC). */
export function todayIn(timeZone: string, now = Date.now()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    return new Date(now).toISOString().slice(0, 10);
  }
}

/** The day `days` after `day`. */
export function addDays(day: string, days: number): string {
  return new Date(dayMs(day) + days * DAY_MS).toISOString().slice(0, 10);
}
