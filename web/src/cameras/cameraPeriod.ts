/** The media list's days (document 3 §2): today by default; a pair applies when complete and in order. */
import { periodDays, today, type DayRange } from '../common/period/alertPeriod';

export type { DayRange };

/** Today, in the user's timezone, as both ends. */
export function defaultMediaDays(tz: string, now = Date.now()): DayRange {
  const day = today(tz, now);
  return { from: day, to: day };
}

/** The range the list uses after a change of either picker: the new pair when whole and ordered. */
export const applyMediaDays = (applied: DayRange, chosen: DayRange): DayRange =>
  chosen.from && chosen.to && periodDays(chosen) >= 1 ? chosen : applied;
