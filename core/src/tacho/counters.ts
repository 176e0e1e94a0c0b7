import { readHistory, type DriverHistory, type HistoryOptions } from './history';
import { EU_561 } from './rules';
import type { ActivityPeriod } from './timeline';

/**
 * The six counters of document 3 §3, in seconds, under the names the tracker and the spec use. A counter
 * that the history cannot give (no weekly rest in it) is null.
 */
export interface TachoCounters {
  Driver1RemainingTimeUntilNextBreakOrRest: number | null;
  Driver1DurationOfNextBreakRest: number | null;
  Driver1TimeLeftUntilNewDailyRestPeriod: number | null;
  Driver1TimeLeftUntilNewWeeklyRestPeriod: number | null;
  Driver1MinimumDailyRest: number | null;
  Driver1MinimumWeeklyRest: number | null;
}

export const TACHO_COUNTER_NAMES = [
  'Driver1RemainingTimeUntilNextBreakOrRest',
  'Driver1DurationOfNextBreakRest',
  'Driver1TimeLeftUntilNewDailyRestPeriod',
  'Driver1TimeLeftUntilNewWeeklyRestPeriod',
  'Driver1MinimumDailyRest',
  'Driver1MinimumWeeklyRest',
] as const satisfies readonly (keyof TachoCounters)[];

/** The limits in force at `now` and what is left of each, in seconds: the reasons behind the counters. */
export interface DrivingLimits {
  /** Art. 6(1): 10 h while fewer than two extended days were driven in the shift's week, else 9 h */
  dailyDrivingLimit: number;
  extendedDaysLeft: number;
  /** Art. 8(4) */
  reducedDailyRestsLeft: number;
  continuousDrivingLeft: number;
  dailyDrivingLeft: number;
  /** Art. 6(2), 6(3) */
  weeklyDrivingLeft: number;
  fortnightlyDrivingLeft: number;
  /** Art. 8(2): time until the daily rest must start to fit in the 24 h window; null without a known rest */
  dailyRestWindowLeft: number | null;
  /** the next rest the driver must take: a break, a daily rest or a weekly rest */
  nextRest: 'break' | 'daily' | 'weekly';
}

export interface DrivingTimes {
  counters: TachoCounters;
  limits: DrivingLimits;
  history: DriverHistory;
}

const left = (limit: number, used: number) => Math.max(0, limit - used);

/**
 * The counters of a driver at `now` (epoch seconds) from the activity history, if he drives on from now.
 * Remaining driving is the least of: 4 h 30 minus continuous driving (Art. 7), the daily driving left
 * (Art. 6(1)), the time until the daily rest must start (Art. 8(2)), the weekly and fortnightly driving left
 * (Art. 6(2), 6(3)) and the time until the weekly rest must start (Art. 8(6)).
 */
export function computeDrivingTimes(
  periods: readonly ActivityPeriod[],
  now: number,
  options: HistoryOptions = {},
): DrivingTimes {
  const R = EU_561;
  const h = readHistory(periods, now, options);

  // Art. 8(4) allows a reduced 9 h daily rest three times between weekly rests; Art. 4(g) a 9 h second part
  // after a 3 h first part.
  const reducedDailyRestsLeft = left(R.reducedDailyRestsBetweenWeeklyRests, h.reducedDailyRests);
  const minimumDailyRest =
    h.splitDailyRestStarted || reducedDailyRestsLeft > 0 ? R.reducedDailyRest : R.dailyRest;
  // Art. 8(6): in two consecutive weeks at least one regular weekly rest, so a reduced one may follow only a
  // regular one. Without a known weekly rest, the regular one is asked. (The four-week option of the 2020
  // amendment for international goods transport is not applied.)
  const minimumWeeklyRest = h.lastWeeklyRestRegular === true ? R.reducedWeeklyRest : R.weeklyRest;

  const extendedDaysLeft = left(R.extendedDaysPerWeek, h.extendedDaysThisWeek);
  const dailyDrivingLimit = extendedDaysLeft > 0 ? R.dailyDrivingExtended : R.dailyDriving;
  const continuousDrivingLeft = left(R.continuousDriving, h.continuousDriving);
  const dailyDrivingLeft = left(dailyDrivingLimit, h.dailyDriving);
  const weeklyDrivingLeft = left(R.weeklyDriving, h.weekDriving);
  const fortnightlyDrivingLeft = left(R.fortnightlyDriving, h.weekDriving + h.previousWeekDriving);
  const dailyRestWindowLeft =
    h.lastRestEnd === null ? null : left(h.lastRestEnd + R.dailyRestWindow - minimumDailyRest, now);
  const weeklyRestLeft =
    h.lastWeeklyRestEnd === null ? null : left(h.lastWeeklyRestEnd + R.weeklyRestDeadline, now);

  // The daily rest is due when today's driving runs out or when it must start to fit in the 24 h window.
  const dailyRestLeft = Math.min(dailyDrivingLeft, dailyRestWindowLeft ?? Number.POSITIVE_INFINITY);
  const drivingLeft = Math.min(
    continuousDrivingLeft,
    dailyRestLeft,
    weeklyDrivingLeft,
    fortnightlyDrivingLeft,
    weeklyRestLeft ?? Number.POSITIVE_INFINITY,
  );

  // The longest rest whose limit binds first is the next one (a break cannot let the day go on).
  let nextRest: DrivingLimits['nextRest'] = 'break';
  if (weeklyRestLeft !== null && weeklyRestLeft <= drivingLeft) nextRest = 'weekly';
  else if (Math.min(dailyRestLeft, weeklyDrivingLeft, fortnightlyDrivingLeft) <= drivingLeft)
    nextRest = 'daily';

  let nextRestDuration: number;
  if (nextRest === 'weekly') nextRestDuration = minimumWeeklyRest;
  else if (nextRest === 'daily') nextRestDuration = minimumDailyRest;
  else nextRestDuration = breakStillNeeded(h);

  return {
    counters: {
      Driver1RemainingTimeUntilNextBreakOrRest: drivingLeft,
      Driver1DurationOfNextBreakRest: nextRestDuration,
      Driver1TimeLeftUntilNewDailyRestPeriod: dailyRestLeft,
      Driver1TimeLeftUntilNewWeeklyRestPeriod: weeklyRestLeft,
      Driver1MinimumDailyRest: minimumDailyRest,
      Driver1MinimumWeeklyRest: minimumWeeklyRest,
    },
    limits: {
      dailyDrivingLimit,
      extendedDaysLeft,
      reducedDailyRestsLeft,
      continuousDrivingLeft,
      dailyDrivingLeft,
      weeklyDrivingLeft,
      fortnightlyDrivingLeft,
      dailyRestWindowLeft,
      nextRest,
    },
    history: h,
  };
}

/**
 * The break the driver still owes (Art. 7): 45 min, or 30 min once a first part of 15 min was taken. While
 * a break that is not yet long enough is under way, what is left of it.
 */
function breakStillNeeded(h: DriverHistory): number {
  const rest = h.currentRest;
  if (rest && rest.continuousBefore > 0) {
    const needed = rest.splitBreakStartedBefore ? EU_561.splitBreakSecond : EU_561.break;
    if (rest.duration < needed) return needed - rest.duration;
  }
  return h.splitBreakStarted ? EU_561.splitBreakSecond : EU_561.break;
}

/** The six counters only (see `computeDrivingTimes`). */
export const computeTachoCounters = (
  periods: readonly ActivityPeriod[],
  now: number,
  options: HistoryOptions = {},
): TachoCounters => computeDrivingTimes(periods, now, options).counters;
