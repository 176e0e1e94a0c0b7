/**
 * iCalendar (RFC 5545) periods, as Traccar reads them for calendars (its `Calendar.checkMoment`): an instant
 * lies in a calendar when an occurrence of one of its events covers it. Parsing and recurrence (RRULE,
 * RDATE, EXDATE, RECURRENCE-ID) are ical.js's; time zones follow Traccar: a DTSTART TZID naming an IANA zone
 * is read in that zone (VTIMEZONE or not), another TZID through the calendar's VTIMEZONE, floating times
 * and all-day dates in UTC.
 */
import ICAL from 'ical.js';
import { isKnownZone, wallClockToInstant } from './zonedTime';

/** More occurrences than this per event are not expanded (a minutely rule over years). */
const MAX_OCCURRENCES = 200_000;

type Zone = { kind: 'utc' } | { kind: 'iana'; name: string } | { kind: 'vtimezone'; zone: ICAL.Timezone };

interface ParsedEvent {
  event: ICAL.Event;
  zone: Zone;
  iterator: ICAL.RecurExpansion;
  done: boolean;
  /** occurrences taken from the rule, and the (unedited) start of the last one */
  count: number;
  reached: number;
  /** occurrences expanded so far, by start: [start, end) in epoch milliseconds */
  starts: number[];
  ends: number[];
  longest: number;
}

export interface ParsedCalendar {
  events: ParsedEvent[];
}

export class CalendarError extends Error {}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

function zoneOf(vevent: ICAL.Component, event: ICAL.Event, zones: Map<string, ICAL.Timezone>): Zone {
  const start = event.startDate;
  if (start.isDate || start.zone === ICAL.Timezone.utcTimezone) return { kind: 'utc' };
  const tzid = vevent.getFirstProperty('dtstart')?.getParameter('tzid');
  const name = typeof tzid === 'string' ? tzid : undefined;
  if (name && isKnownZone(name)) return { kind: 'iana', name };
  const own = name ? zones.get(name) : undefined;
  return own ? { kind: 'vtimezone', zone: own } : { kind: 'utc' };
}

export function instantOf(time: ICAL.Time, zone: Zone): number {
  if (time.zone === ICAL.Timezone.utcTimezone) return time.toUnixTime() * 1000;
  if (time.isDate) return Date.UTC(time.year, time.month - 1, time.day);
  if (zone.kind === 'iana') return wallClockToInstant(time, zone.name);
  if (zone.kind === 'vtimezone') {
    const local = time.clone();
    local.zone = zone.zone;
    return local.toUnixTime() * 1000;
  }
  return Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
}

/** Parses an iCalendar text; throws CalendarError when it is not one. */
export function parseCalendar(text: string): ParsedCalendar {
  let root: ICAL.Component;
  try {
    const parsed = ICAL.parse(text);
    const first = Array.isArray(parsed[0]) ? parsed[0] : parsed;
    root = new ICAL.Component(first);
  } catch (err) {
    throw new CalendarError(`Calendário inválido: ${errorText(err)}`);
  }
  if (root.name !== 'vcalendar') throw new CalendarError('Calendário inválido: falta BEGIN:VCALENDAR');
  const zones = new Map<string, ICAL.Timezone>();
  for (const vtimezone of root.getAllSubcomponents('vtimezone')) {
    const zone = new ICAL.Timezone(vtimezone);
    if (zone.tzid) zones.set(zone.tzid, zone);
  }
  const vevents = root.getAllSubcomponents('vevent');
  const masters = new Map<string, ICAL.Event>();
  const events: ParsedEvent[] = [];
  try {
    for (const vevent of vevents.filter((v) => !v.hasProperty('recurrence-id'))) {
      if (!vevent.hasProperty('dtstart')) throw new Error('VEVENT sem DTSTART');
      const event = new ICAL.Event(vevent);
      if (event.uid) masters.set(event.uid, event);
      events.push({
        event,
        zone: zoneOf(vevent, event, zones),
        iterator: event.iterator(),
        done: false,
        count: 0,
        reached: -Infinity,
        starts: [],
        ends: [],
        longest: 0,
      });
    }
    // an edited occurrence of a recurring event replaces that occurrence (RECURRENCE-ID)
    for (const vevent of vevents.filter((v) => v.hasProperty('recurrence-id'))) {
      const master = masters.get(String(vevent.getFirstPropertyValue('uid') ?? ''));
      if (master) master.relateException(vevent);
    }
  } catch (err) {
    throw new CalendarError(`Calendário inválido: ${errorText(err)}`);
  }
  return { events };
}

/** Expands the event's occurrences until the rule passes `time` (or ends). */
function expandTo(parsed: ParsedEvent, time: number): void {
  while (!parsed.done && parsed.reached <= time) {
    const next = parsed.count < MAX_OCCURRENCES ? parsed.iterator.next() : undefined;
    if (!next) {
      parsed.done = true;
      break;
    }
    parsed.count++;
    parsed.reached = instantOf(next, parsed.zone);
    const details = parsed.event.getOccurrenceDetails(next);
    const start = instantOf(details.startDate, parsed.zone);
    const end = instantOf(details.endDate, parsed.zone);
    // an edited occurrence may have moved: keep the list sorted by start
    let at = parsed.starts.length;
    while (at > 0 && parsed.starts[at - 1] > start) at--;
    parsed.starts.splice(at, 0, start);
    parsed.ends.splice(at, 0, end);
    parsed.longest = Math.max(parsed.longest, end - start);
  }
}

function eventContains(parsed: ParsedEvent, time: number): boolean {
  expandTo(parsed, time);
  const { starts, ends } = parsed;
  // the last occurrence starting at or before `time`, then earlier ones that may still be running
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (starts[mid] <= time) low = mid + 1;
    else high = mid;
  }
  for (let i = low - 1; i >= 0 && starts[i] >= time - parsed.longest; i--)
    if (starts[i] <= time && time < ends[i]) return true;
  return false;
}

/** Whether an instant (epoch milliseconds or Date) lies in one of the calendar's periods. */
export function calendarContains(calendar: ParsedCalendar, time: number | Date): boolean {
  const at = typeof time === 'number' ? time : time.getTime();
  return calendar.events.some((event) => eventContains(event, at));
}
