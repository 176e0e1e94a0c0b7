/** calendarContains: iCalendar periods as Traccar reads them (weekly rules, time zones, all-day dates). */
import { describe, expect, it } from 'vitest';
import { CalendarError, calendarContains, parseCalendar } from '../../src/events/calendars/calendarContains';
import { wallClockToInstant } from '../../src/events/calendars/zonedTime';

const ics = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Frota//test//PT', ...lines, 'END:VCALENDAR'].join('\r\n');
const at = (iso: string) => Date.parse(iso);

/** Weekdays 08:00–17:00 in Luanda (UTC+1, no daylight saving), as Traccar's web client writes it. */
const WORK_HOURS = ics(
  'BEGIN:VEVENT',
  'UID:work-hours',
  'DTSTART;TZID=Africa/Luanda:20240101T080000',
  'DTEND;TZID=Africa/Luanda:20240101T170000',
  'RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
  'SUMMARY:Horário de trabalho',
  'END:VEVENT',
);

describe('calendarContains', () => {
  it('reads a weekly weekday rule in the TZID zone, over years', () => {
    const calendar = parseCalendar(WORK_HOURS);
    // Monday 2024-01-01 08:00 Luanda = 07:00 UTC
    expect(calendarContains(calendar, at('2024-01-01T06:59:59Z'))).toBe(false);
    expect(calendarContains(calendar, at('2024-01-01T07:00:00Z'))).toBe(true);
    expect(calendarContains(calendar, at('2024-01-01T15:59:59Z'))).toBe(true);
    expect(calendarContains(calendar, at('2024-01-01T16:00:00Z'))).toBe(false);
    // Saturday 2025-06-14 and Sunday at noon: outside; Friday 2025-06-13 noon: inside
    expect(calendarContains(calendar, at('2025-06-14T11:00:00Z'))).toBe(false);
    expect(calendarContains(calendar, at('2025-06-15T11:00:00Z'))).toBe(false);
    expect(calendarContains(calendar, at('2025-06-13T11:00:00Z'))).toBe(true);
    // an earlier instant after a later one (the expansion is kept, not restarted)
    expect(calendarContains(calendar, at('2024-03-05T10:00:00Z'))).toBe(true);
    // before the first occurrence
    expect(calendarContains(calendar, at('2023-12-29T10:00:00Z'))).toBe(false);
  });

  it('keeps the wall clock of a weekly rule across daylight saving (Europe/Lisbon)', () => {
    const calendar = parseCalendar(
      ics(
        'BEGIN:VEVENT',
        'UID:lisbon',
        'DTSTART;TZID=Europe/Lisbon:20240304T090000',
        'DTEND;TZID=Europe/Lisbon:20240304T100000',
        'RRULE:FREQ=WEEKLY;BYDAY=MO',
        'END:VEVENT',
      ),
    );
    // winter: 09:00 Lisbon = 09:00 UTC
    expect(calendarContains(calendar, at('2024-03-25T09:30:00Z'))).toBe(true);
    expect(calendarContains(calendar, at('2024-03-25T08:30:00Z'))).toBe(false);
    // summer (from 31 March): 09:00 Lisbon = 08:00 UTC
    expect(calendarContains(calendar, at('2024-04-01T08:30:00Z'))).toBe(true);
    expect(calendarContains(calendar, at('2024-04-01T09:30:00Z'))).toBe(false);
  });

  it('honours COUNT, UNTIL, EXDATE and an edited occurrence', () => {
    const calendar = parseCalendar(
      ics(
        'BEGIN:VEVENT',
        'UID:daily',
        'DTSTART:20240610T100000Z',
        'DURATION:PT2H',
        'RRULE:FREQ=DAILY;COUNT=5',
        'EXDATE:20240612T100000Z',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:daily',
        'RECURRENCE-ID:20240613T100000Z',
        'DTSTART:20240613T150000Z',
        'DTEND:20240613T160000Z',
        'END:VEVENT',
      ),
    );
    expect(calendarContains(calendar, at('2024-06-10T11:00:00Z'))).toBe(true);
    expect(calendarContains(calendar, at('2024-06-11T11:59:59Z'))).toBe(true);
    expect(calendarContains(calendar, at('2024-06-12T11:00:00Z'))).toBe(false);
    expect(calendarContains(calendar, at('2024-06-13T11:00:00Z'))).toBe(false);
    expect(calendarContains(calendar, at('2024-06-13T15:30:00Z'))).toBe(true);
    expect(calendarContains(calendar, at('2024-06-14T11:00:00Z'))).toBe(true);
    // the sixth day is past COUNT=5
    expect(calendarContains(calendar, at('2024-06-15T11:00:00Z'))).toBe(false);
  });

  it('reads all-day dates and floating times in UTC, a TZID through its VTIMEZONE', () => {
    const calendar = parseCalendar(
      ics(
        'BEGIN:VTIMEZONE',
        'TZID:Hora de Angola',
        'BEGIN:STANDARD',
        'DTSTART:19700101T000000',
        'TZOFFSETFROM:+0100',
        'TZOFFSETTO:+0100',
        'END:STANDARD',
        'END:VTIMEZONE',
        'BEGIN:VEVENT',
        'UID:holiday',
        'DTSTART;VALUE=DATE:20241111',
        'DTEND;VALUE=DATE:20241112',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:floating',
        'DTSTART:20241120T200000',
        'DTEND:20241120T210000',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:own-zone',
        'DTSTART;TZID=Hora de Angola:20241125T080000',
        'DTEND;TZID=Hora de Angola:20241125T090000',
        'END:VEVENT',
      ),
    );
    expect(calendarContains(calendar, at('2024-11-11T00:00:00Z'))).toBe(true);
    expect(calendarContains(calendar, at('2024-11-11T23:59:59Z'))).toBe(true);
    expect(calendarContains(calendar, at('2024-11-12T00:00:00Z'))).toBe(false);
    expect(calendarContains(calendar, new Date('2024-11-20T20:30:00Z'))).toBe(true);
    expect(calendarContains(calendar, at('2024-11-20T19:30:00Z'))).toBe(false);
    expect(calendarContains(calendar, at('2024-11-25T07:30:00Z'))).toBe(true);
    expect(calendarContains(calendar, at('2024-11-25T08:30:00Z'))).toBe(false);
  });

  it('refuses what is not an iCalendar and accepts one without events', () => {
    expect(() => parseCalendar('not a calendar')).toThrow(CalendarError);
    expect(() => parseCalendar('BEGIN:VEVENT\r\nEND:VEVENT')).toThrow(CalendarError);
    const empty = parseCalendar(ics());
    expect(calendarContains(empty, at('2024-01-01T00:00:00Z'))).toBe(false);
  });
});

describe('wallClockToInstant', () => {
  const wall = (year: number, month: number, day: number, hour: number, minute = 0) => ({
    year,
    month,
    day,
    hour,
    minute,
    second: 0,
  });
  it('converts, moves a skipped time forward and takes the first of a repeated one', () => {
    expect(new Date(wallClockToInstant(wall(2024, 6, 1, 12), 'Africa/Luanda')).toISOString()).toBe(
      '2024-06-01T11:00:00.000Z',
    );
    // Lisbon 2024-03-31 01:30 does not exist (01:00 -> 02:00): 02:30 summer time
    expect(new Date(wallClockToInstant(wall(2024, 3, 31, 1, 30), 'Europe/Lisbon')).toISOString()).toBe(
      '2024-03-31T01:30:00.000Z',
    );
    // Lisbon 2024-10-27 01:30 happens twice: the first is summer time (UTC+1)
    expect(new Date(wallClockToInstant(wall(2024, 10, 27, 1, 30), 'Europe/Lisbon')).toISOString()).toBe(
      '2024-10-27T00:30:00.000Z',
    );
    expect(new Date(wallClockToInstant(wall(2024, 6, 1, 12), 'Not/AZone')).toISOString()).toBe(
      '2024-06-01T12:00:00.000Z',
    );
  });
});
