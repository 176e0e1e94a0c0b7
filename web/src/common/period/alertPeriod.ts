/** The alert central's date range (document 2 §2.8, §5): whole days in the user's timezone. */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** At most 31 days, both ends included. */
export const MAX_PERIOD_DAYS = 31;
/**
 * The range shown on opening: the last 7 days (today and the six before). An operator opening the
 * central in the morning still sees yesterday's and the weekend's open alerts, which "today" would hide;
 * a week stays a small query for the server.
 */
export const DEFAULT_PERIOD_DAYS = 7;

export interface DayRange {
  /** YYYY-MM-DD */
  from: string;
  to: string;
}

export const today = (tz: string, now = Date.now()): string => dayjs(now).tz(tz).format('YYYY-MM-DD');

export function defaultRange(tz: string, now = Date.now()): DayRange {
  const to = today(tz, now);
  return {
    from: dayjs
      .utc(to)
      .subtract(DEFAULT_PERIOD_DAYS - 1, 'day')
      .format('YYYY-MM-DD'),
    to,
  };
}

/** Days from `from` to `to`, both included. */
export const periodDays = (range: DayRange): number =>
  dayjs.utc(range.to).diff(dayjs.utc(range.from), 'day') + 1;

export type RangeCheck = 'incomplete' | 'reversed' | 'tooLong' | 'ok';

/**
 * Whether a chosen pair of days may be applied: only when both are chosen (an empty text is not chosen),
 * the start is not after the end, and the range is at most 31 days inclusive.
 */
export function checkRange(from: string, to: string): RangeCheck {
  if (!from || !to) return 'incomplete';
  const range = { from, to };
  const days = periodDays(range);
  if (days < 1) return 'reversed';
  return days > MAX_PERIOD_DAYS ? 'tooLong' : 'ok';
}

export interface RangeChoice {
  /** the days the pickers show */
  chosen: DayRange;
  /** the range the list uses */
  applied: DayRange;
  /** the choice was refused: more than 31 days (the Oops! dialog) */
  tooLong: boolean;
}

/**
 * A change of either picker: a complete pair of at most 31 days applies; a longer one is refused and
 * the pickers go back to what they showed; a half-chosen or reversed pair is shown but not applied.
 */
export function chooseDays(current: RangeChoice, next: DayRange): RangeChoice {
  switch (checkRange(next.from, next.to)) {
    case 'ok':
      return { chosen: next, applied: next, tooLong: false };
    case 'tooLong':
      return { ...current, tooLong: true };
    default:
      return { chosen: next, applied: current.applied, tooLong: false };
  }
}
