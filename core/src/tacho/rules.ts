/**
 * The numbers of Regulation (EC) No 561/2006 the driving-time counters follow, in seconds. Every time in
 * this folder is epoch seconds (UTC), the unit of the tachograph's TimeReal and of the tracker's counters.
 */

export const MINUTE = 60;
export const HOUR = 3600;
export const DAY = 86_400;
export const WEEK = 7 * DAY;

export const EU_561 = {
  /** Art. 7: a break is due after 4 h 30 of driving. */
  continuousDriving: 4.5 * HOUR,
  /** Art. 7: the break lasts at least 45 min... */
  break: 45 * MINUTE,
  /** ...or 15 min followed by 30 min, in that order (Art. 7, second paragraph). */
  splitBreakFirst: 15 * MINUTE,
  splitBreakSecond: 30 * MINUTE,
  /** Art. 6(1): daily driving at most 9 h, extended to 10 h at most twice in the week. */
  dailyDriving: 9 * HOUR,
  dailyDrivingExtended: 10 * HOUR,
  extendedDaysPerWeek: 2,
  /** Art. 6(2): at most 56 h of driving in a week. */
  weeklyDriving: 56 * HOUR,
  /** Art. 6(3): at most 90 h of driving in two consecutive weeks. */
  fortnightlyDriving: 90 * HOUR,
  /** Art. 4(g): a regular daily rest is at least 11 h, a reduced one at least 9 h... */
  dailyRest: 11 * HOUR,
  reducedDailyRest: 9 * HOUR,
  /** ...and a regular one may be split: at least 3 h, then at least 9 h. */
  splitDailyRestFirst: 3 * HOUR,
  splitDailyRestSecond: 9 * HOUR,
  /** Art. 8(4): at most three reduced daily rests between two weekly rests. */
  reducedDailyRestsBetweenWeeklyRests: 3,
  /** Art. 8(2): a new daily rest within each 24 h after the end of the previous daily or weekly rest. */
  dailyRestWindow: 24 * HOUR,
  /** Art. 4(h): a regular weekly rest is at least 45 h, a reduced one at least 24 h. */
  weeklyRest: 45 * HOUR,
  reducedWeeklyRest: 24 * HOUR,
  /** Art. 8(6): the weekly rest starts at the latest after six 24-hour periods from the end of the last one. */
  weeklyRestDeadline: 6 * DAY,
} as const;

/** 1970-01-01 was a Thursday: Monday 1969-12-29 00:00 UTC is 3 days before the epoch. */
const MONDAY_OFFSET = 3 * DAY;

/**
 * The start of the week holding `time`. Art. 4(i): the week runs from Monday 00:00 to Sunday 24:00. The
 * regulation does not name a time zone; the tachograph records UTC, so the week is cut in UTC.
 */
export function weekStart(time: number): number {
  const into = (((time + MONDAY_OFFSET) % WEEK) + WEEK) % WEEK;
  return time - into;
}
