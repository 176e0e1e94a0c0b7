/**
 * The periods of a calendar that ended in a window: Traccar's TaskReports mails a report for each period of
 * its calendar that was running at the previous check and is over at this one. Occurrences are expanded
 * as calendarContains.ts reads them (ical.js recurrence; DTSTART's IANA TZID, the calendar's VTIMEZONE,
 * or UTC for floating times and all-day dates).
 */
import { instantOf, type ParsedCalendar } from '../../../events/calendars/calendarContains';

/** More occurrences than this per event are not expanded (a minutely rule over years). */
const MAX_OCCURRENCES = 200_000;

export interface Period {
  /** epoch milliseconds, [start, end) */
  start: number;
  end: number;
}

/**
 * The periods that ended after `after` and at or before `until`, oldest first, each once. An occurrence
 * that began and ended between two checks counts too (Traccar's comparison of two instants misses it).
 */
export function periodsEnded(calendar: ParsedCalendar, after: number, until: number): Period[] {
  const found = new Map<string, Period>();
  for (const parsed of calendar.events) {
    const iterator = parsed.event.iterator();
    for (let count = 0; count < MAX_OCCURRENCES; count++) {
      const next = iterator.next();
      if (!next) break;
      const details = parsed.event.getOccurrenceDetails(next);
      const start = instantOf(details.startDate, parsed.zone);
      const end = instantOf(details.endDate, parsed.zone);
      // past the window once both the rule's start and the (possibly edited) occurrence's start are
      if (instantOf(next, parsed.zone) > until && start > until) break;
      if (end > after && end <= until && end > start) found.set(`${start}-${end}`, { start, end });
    }
  }
  return [...found.values()].sort((a, b) => a.end - b.end || a.start - b.start);
}
