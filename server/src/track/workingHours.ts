/**
 * The working week (document 1 §3, document 2 §2.2): weekdays, saturday and sunday, each on or off with a
 * start and an end time. A trip is work (the trips filter) when it starts inside the working hours of its
 * local weekday; distances in and out of working hours (activity) are split by time (`workingOverlapMs`).
 */
import { boolAttr, DEFAULT_WORKING_WEEK, WORK_TIME } from '@frota/core';
import type { Zone } from './timezone';

export interface WorkingWeek {
  weekdays: boolean;
  weekdays_start: string;
  weekdays_end: string;
  saturday: boolean;
  saturday_start: string;
  saturday_end: string;
  sunday: boolean;
  sunday_start: string;
  sunday_end: string;
}

export const DEFAULT_WEEK: Readonly<WorkingWeek> = DEFAULT_WORKING_WEEK;

export const WORKING_HOURS_MESSAGE = 'Por favor introduza as horas de trabalho no formato HH:MM';

export const isHhMm = (v: unknown): v is string => typeof v === 'string' && WORK_TIME.test(v);

/** Reads a week from a body or an attribute (object or JSON text); throws the spec's message on a bad time. */
export function parseWeek(raw: unknown, fallback: WorkingWeek = DEFAULT_WEEK): WorkingWeek {
  let input = raw;
  if (typeof input === 'string' && input.trim()) {
    try {
      input = JSON.parse(input);
    } catch {
      throw new WeekError();
    }
  }
  if (!input || typeof input !== 'object') return { ...fallback };
  const o = input as Record<string, unknown>;
  const week = { ...fallback };
  for (const day of ['weekdays', 'saturday', 'sunday'] as const) {
    if (o[day] !== undefined && o[day] !== null && o[day] !== '') week[day] = boolAttr(o[day]);
    for (const edge of ['start', 'end'] as const) {
      const key = `${day}_${edge}` as const;
      const v = o[key];
      if (v === undefined || v === null || v === '') continue;
      const text = String(v).trim();
      if (!isHhMm(text)) throw new WeekError();
      week[key] = text;
    }
  }
  return week;
}

export class WeekError extends Error {
  constructor() {
    super(WORKING_HOURS_MESSAGE);
  }
}

const minutes = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether the local time of `ms` falls inside the working hours of its weekday (end exclusive). */
export function insideWorkingHours(week: WorkingWeek, zone: Zone, ms: number): boolean {
  const p = zone.parts(ms);
  const day = p.weekday === 0 ? 'sunday' : p.weekday === 6 ? 'saturday' : 'weekdays';
  if (!week[day]) return false;
  const m = p.hour * 60 + p.minute;
  const start = minutes(week[`${day}_start`]);
  const end = minutes(week[`${day}_end`]);
  return start <= end ? m >= start && m < end : m >= start || m < end;
}

/** The working intervals, [start, end) pairs, of the local day [start, end); none without a week. */
export function workIntervals(
  week: WorkingWeek | undefined,
  zone: Zone,
  start: number,
  end: number,
): Array<[number, number]> {
  if (!week) return [];
  const p = zone.parts(start);
  const day = p.weekday === 0 ? 'sunday' : p.weekday === 6 ? 'saturday' : 'weekdays';
  if (!week[day]) return [];
  const at = (hhmm: string) => {
    const m = minutes(hhmm);
    return zone.toUtc(p.year, p.month, p.day, Math.floor(m / 60), m % 60);
  };
  const s = at(week[`${day}_start`]);
  const e = at(week[`${day}_end`]);
  if (s <= e) return s < e ? [[s, e]] : [];
  // hours across midnight: the day's start to the end, and the start to the day's end
  return [
    [start, e],
    [s, end],
  ];
}

/** Milliseconds of [t0, t1) inside the given [start, end) intervals. */
export function overlapMs(intervals: Array<[number, number]>, t0: number, t1: number): number {
  let total = 0;
  for (const [ws, we] of intervals) total += Math.max(0, Math.min(t1, we) - Math.max(t0, ws));
  return total;
}

/**
 * Milliseconds of [t0, t1) inside working hours, day by day in the zone. A step's distance counts as work
 * in proportion to this share of its time: one rule for the activity report by vehicle (DayBook, per
 * day) and by driver (Tracker, per trip), so a trip across the end of working hours counts partly
 * inside and partly outside whichever way it is reported.
 */
export function workingOverlapMs(week: WorkingWeek, zone: Zone, t0: number, t1: number): number {
  let total = 0;
  for (let day = zone.startOfDay(t0); day < t1; day = zone.nextDay(day))
    total += overlapMs(workIntervals(week, zone, day, zone.nextDay(day)), t0, t1);
  return total;
}
