/**
 * Report periods (document 2 §2.2, §9): presets cut in the user's timezone, answered as the wall-clock
 * `YYYY-MM-DD HH:mm:ss` texts the report calls take. Calendar arithmetic runs on UTC dates holding the
 * user's wall clock, so a summer-time change never moves a day boundary.
 */
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DEFAULT_TIMEZONE } from '../formatters';

dayjs.extend(utc);
dayjs.extend(timezone);

export const WALL_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const MAX_REPORT_DAYS = 31;
export const MONTH_CHOICES = 24;
export const YEAR_CHOICES = 10;
/** The first instant "total" covers. */
export const TOTAL_FROM = '2000-01-01 00:00:00';

export const RANGE_PRESETS = [
  'today',
  'yesterday',
  'dayBeforeYesterday',
  'thisWeek',
  'previousWeek',
  'thisMonth',
  'previousMonth',
  'thisYear',
  'previousYear',
  'year',
  'custom',
  'customDay',
  'total',
] as const;
export const DAY_PRESETS = ['today', 'yesterday', 'dayBeforeYesterday', 'customDay'] as const;
/** Presets shown only with the year permission flag (document 2 §2.2, §6). */
export const YEAR_PRESETS: readonly string[] = ['thisYear', 'previousYear', 'year'];

export type RangePreset = (typeof RANGE_PRESETS)[number];
export type DayPreset = (typeof DAY_PRESETS)[number];
export type PeriodPreset = RangePreset | DayPreset;

/** The presets a selector offers: the day list, or the range list (with customDay) less the year presets without the flag. */
export function offeredPresets(kind: 'range' | 'day' | 'month' | 'year', years: boolean): PeriodPreset[] {
  const list: readonly PeriodPreset[] = kind === 'day' ? DAY_PRESETS : RANGE_PRESETS;
  return list.filter((preset) => years || !YEAR_PRESETS.includes(preset));
}

/** What a period selector holds; `from`/`to`/`day` are wall-clock texts in the user's timezone. */
export interface PeriodValue {
  preset: PeriodPreset;
  /** For `year`. */
  year?: number;
  /** For `custom`: `YYYY-MM-DD HH:mm:ss`. */
  from?: string;
  to?: string;
  /** For `customDay`: `YYYY-MM-DD`. */
  day?: string;
}

export interface Period {
  from: string;
  to: string;
}

/** The user's wall clock at `now`, held in a UTC date so arithmetic ignores summer time. */
export function wallClock(now: Date, tz: string | undefined): Dayjs {
  let zoned: Dayjs;
  try {
    zoned = dayjs(now).tz(tz || DEFAULT_TIMEZONE);
  } catch {
    zoned = dayjs(now).tz(DEFAULT_TIMEZONE);
  }
  return dayjs.utc(zoned.format(WALL_FORMAT));
}

const span = (start: Dayjs, end: Dayjs): Period => ({
  from: start.startOf('day').format(WALL_FORMAT),
  to: end.endOf('day').format(WALL_FORMAT),
});

/** Monday of the week holding `day` (weeks start on Monday). */
const monday = (day: Dayjs): Dayjs => day.subtract((day.day() + 6) % 7, 'day').startOf('day');

const validWall = (text: string | undefined): text is string =>
  !!text && /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(text) && dayjs.utc(text).format(WALL_FORMAT) === text;

/** The period of a selector value; null when a custom choice is incomplete or invalid. */
export function computePeriod(value: PeriodValue, tz: string | undefined, now = new Date()): Period | null {
  const today = wallClock(now, tz);
  switch (value.preset) {
    case 'today':
      return span(today, today);
    case 'yesterday':
      return span(today.subtract(1, 'day'), today.subtract(1, 'day'));
    case 'dayBeforeYesterday':
      return span(today.subtract(2, 'day'), today.subtract(2, 'day'));
    case 'thisWeek':
      return span(monday(today), monday(today).add(6, 'day'));
    case 'previousWeek':
      return span(monday(today).subtract(7, 'day'), monday(today).subtract(1, 'day'));
    case 'thisMonth':
      return span(today.startOf('month'), today.endOf('month'));
    case 'previousMonth': {
      const month = today.startOf('month').subtract(1, 'month');
      return span(month, month.endOf('month'));
    }
    case 'thisYear':
      return span(today.startOf('year'), today.endOf('year'));
    case 'previousYear': {
      const year = today.startOf('year').subtract(1, 'year');
      return span(year, year.endOf('year'));
    }
    case 'year': {
      if (!value.year) return null;
      const year = dayjs.utc(`${value.year}-01-01`);
      return span(year, year.endOf('year'));
    }
    case 'total':
      return { from: TOTAL_FROM, to: today.endOf('day').format(WALL_FORMAT) };
    case 'custom':
      if (!validWall(value.from) || !validWall(value.to) || value.from > value.to) return null;
      return { from: value.from, to: value.to };
    case 'customDay': {
      if (!value.day || !validWall(`${value.day} 00:00:00`)) return null;
      const day = dayjs.utc(value.day);
      return span(day, day);
    }
  }
}

/** The month `YYYY-MM` as a period from its first to its last second. */
export function monthPeriod(month: string): Period {
  const start = dayjs.utc(`${month}-01`);
  return span(start, start.endOf('month'));
}

/** The last 24 months, newest first, as `YYYY-MM`. */
export function monthChoices(tz: string | undefined, now = new Date()): string[] {
  const current = wallClock(now, tz).startOf('month');
  return Array.from({ length: MONTH_CHOICES }, (_, i) => current.subtract(i, 'month').format('YYYY-MM'));
}

/** The given-year choices: the current year and the nine before it. */
export function yearChoices(tz: string | undefined, now = new Date()): number[] {
  const current = wallClock(now, tz).year();
  return Array.from({ length: YEAR_CHOICES }, (_, i) => current - i);
}

/** The length of a period in milliseconds, its last second included. */
export function periodLength(period: Period): number {
  return dayjs.utc(period.to).diff(dayjs.utc(period.from)) + 1000;
}

/** Document 2 §5: the maximum applies only when more than one vehicle is chosen. */
export function exceedsMaximum(period: Period, items: number, maxDays = MAX_REPORT_DAYS): boolean {
  return items > 1 && periodLength(period) > maxDays * 86_400_000;
}

/** Today in the user's timezone as `YYYY-MM-DD` (the default of date pickers). */
export function todayIn(tz: string | undefined, now = new Date()): string {
  return wallClock(now, tz).format('YYYY-MM-DD');
}
