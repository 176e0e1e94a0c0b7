/** The refill centre's date range (document 3 §2, §5): whole days, at most 365 of them. */
import { MAX_REFILL_PERIOD_DAYS } from '@frota/core';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { periodDays, today, type DayRange } from '../common/period/alertPeriod';

dayjs.extend(utc);

export type { DayRange };

/** At most 365 days, both ends included (message `Por favor seleccione um período máximo de 365 dias`). */
export const MAX_REFILL_DAYS = MAX_REFILL_PERIOD_DAYS;
/**
 * The range shown on opening: the last 30 days. A fleet refuels every few days, so a month shows each
 * vehicle's recent refills and their consumptions without asking the server for a year.
 */
export const DEFAULT_REFILL_DAYS = 30;

export function defaultRefillRange(tz: string, now = Date.now()): DayRange {
  const to = today(tz, now);
  return {
    from: dayjs
      .utc(to)
      .subtract(DEFAULT_REFILL_DAYS - 1, 'day')
      .format('YYYY-MM-DD'),
    to,
  };
}

export interface RefillRangeChoice {
  /** the days the pickers show */
  chosen: DayRange;
  /** the range the list uses */
  applied: DayRange;
  /** the choice was refused: more than 365 days (the Oops! dialog) */
  tooLong: boolean;
}

/**
 * A change of either picker: the range applies only once both days are chosen (and the start is not after
 * the end); a range over 365 days is refused and the pickers go back to what they showed.
 */
export function chooseRefillDays(current: RefillRangeChoice, next: DayRange): RefillRangeChoice {
  if (!next.from || !next.to || periodDays(next) < 1)
    return { chosen: next, applied: current.applied, tooLong: false };
  if (periodDays(next) > MAX_REFILL_DAYS) return { ...current, tooLong: true };
  return { chosen: next, applied: next, tooLong: false };
}
