/**
 * A driver's activity history for the counters: the working states the trackers reported, and the daily
 * activity of his imported card files. The card is the tachograph's own record, so where it speaks, it wins;
 * the live states fill the time after the last download (and any day no file holds).
 */
import { timelineFromStates, normalizeTimeline, type ActivityPeriod, type StateSample } from '@frota/core';

/** Live periods with the stretches the card periods cover taken out. */
function outside(live: readonly ActivityPeriod[], card: readonly ActivityPeriod[]): ActivityPeriod[] {
  const covered = normalizeTimeline(card, Number.POSITIVE_INFINITY);
  const out: ActivityPeriod[] = [];
  for (const period of live) {
    let start = period.start;
    for (const c of covered) {
      if (c.end <= start || c.start >= period.end) continue;
      if (c.start > start) out.push({ ...period, start, end: c.start });
      start = Math.max(start, c.end);
      if (start >= period.end) break;
    }
    if (start < period.end) out.push({ ...period, start });
  }
  return out;
}

/**
 * The history up to `now` (epoch seconds) from live state samples (times in epoch seconds) and card-file
 * periods.
 */
export function driverHistory(
  samples: readonly StateSample[],
  cardPeriods: readonly ActivityPeriod[],
  now: number,
): ActivityPeriod[] {
  const live = timelineFromStates(samples, now);
  return normalizeTimeline([...cardPeriods, ...outside(live, cardPeriods)], now);
}
