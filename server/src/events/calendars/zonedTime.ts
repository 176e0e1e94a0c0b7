/**
 * Wall-clock times in an IANA time zone to instants, with the runtime's own zone data (Intl): a calendar's
 * `DTSTART;TZID=Africa/Luanda:…` rarely carries its VTIMEZONE (Traccar's web client writes none).
 */

export interface WallClock {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const DAY = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatter(zone: string): Intl.DateTimeFormat | null {
  if (!formatters.has(zone)) {
    try {
      formatters.set(
        zone,
        new Intl.DateTimeFormat('en-US', {
          timeZone: zone,
          hourCycle: 'h23',
          year: 'numeric',
          month: 'numeric',
          day: 'numeric',
          hour: 'numeric',
          minute: 'numeric',
          second: 'numeric',
        }),
      );
    } catch {
      formatters.set(zone, null);
    }
  }
  return formatters.get(zone)!;
}

/** Whether the runtime knows this IANA zone name. */
export const isKnownZone = (zone: string): boolean => formatter(zone) !== null;

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetAt(format: Intl.DateTimeFormat, instant: number): number {
  const parts: Record<string, number> = {};
  for (const p of format.formatToParts(new Date(instant)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant of a wall-clock time in `zone` (UTC for an unknown zone). A time skipped by a daylight-saving
 * change moves forward by the gap; a repeated one takes its first (earlier) instant.
 */
export function wallClockToInstant(wall: WallClock, zone: string): number {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const format = formatter(zone);
  if (!format) return asUtc;
  // offsets a day either side: at most one change of the clocks lies between them
  const before = offsetAt(format, asUtc - DAY);
  const after = offsetAt(format, asUtc + DAY);
  const early = asUtc - before;
  const late = asUtc - after;
  const fits = (instant: number, offset: number) => offsetAt(format, instant) === offset;
  if (fits(early, before) && fits(late, after)) return Math.min(early, late);
  if (fits(early, before)) return early;
  if (fits(late, after)) return late;
  return early;
}
