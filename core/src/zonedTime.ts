/**
 * Dates as the spec writes them (DD/MM/YYYY HH:mm:ss) on a timezone's wall clock. Building an Intl
 * formatter costs far more than using one, and lists format thousands of dates: one per timezone, made on
 * first use.
 */
const formatters = new Map<string, Intl.DateTimeFormat | null>();

/** The formatter of a timezone, or null for a zone this runtime does not know. */
export function zoneFormatter(timeZone: string): Intl.DateTimeFormat | null {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat('en-GB', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      formatter = null;
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

type Fields = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;

function zonedFields(ms: number, timeZone: string, fallback: string): Fields {
  const formatter = zoneFormatter(timeZone) ?? zoneFormatter(fallback)!;
  const fields: Fields = { year: '', month: '', day: '', hour: '', minute: '', second: '' };
  for (const part of formatter.formatToParts(ms))
    if (part.type in fields) fields[part.type as keyof Fields] = part.value;
  fields.year = fields.year.padStart(4, '0');
  return fields;
}

/** `DD/MM/YYYY HH:mm:ss` of epoch `ms` in `timeZone` (in `fallback` when that zone is unknown). */
export function zonedDateTime(ms: number, timeZone: string, fallback: string): string {
  const f = zonedFields(ms, timeZone, fallback);
  return `${f.day}/${f.month}/${f.year} ${f.hour}:${f.minute}:${f.second}`;
}

/** `DD/MM/YYYY` of epoch `ms` in `timeZone` (in `fallback` when that zone is unknown). */
export function zonedDate(ms: number, timeZone: string, fallback: string): string {
  const f = zonedFields(ms, timeZone, fallback);
  return `${f.day}/${f.month}/${f.year}`;
}
