/**
 * The one reading of a time zone's offset from UTC, with the runtime's own zone data (Intl), for every
 * side: the track engine's zones, calendars, the user rules' day bounds. One formatter per zone, made on
 * first use (building one costs far more than using it).
 */
const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatterOf(zone: string): Intl.DateTimeFormat | null {
  let format = formatters.get(zone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      format = null;
    }
    formatters.set(zone, format);
  }
  return format;
}

/** Whether the runtime knows this IANA zone name. */
export const isKnownZone = (zone: string): boolean => formatterOf(zone) !== null;

/**
 * Milliseconds the zone's wall clock is ahead of UTC at `instant` (whole seconds of the instant); null for
 * a zone the runtime does not know.
 */
export function zoneOffset(zone: string, instant: number): number | null {
  const format = formatterOf(zone);
  if (!format) return null;
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(instant)))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return wall - Math.floor(instant / 1000) * 1000;
}
