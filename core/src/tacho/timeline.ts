import {
  cardActivityState,
  reportedWorkingState,
  type CardActivity,
  type ReportedWorkingState,
} from './workingState';
import { DAY, MINUTE } from './rules';

/**
 * One stretch of a driver's activity, [start, end) in epoch seconds. A live state is kept as reported, 4 and 5
 * included (the counters count them, like 6 and 7, as unknown time); a card's activity is always 0–3.
 */
export interface ActivityPeriod {
  state: ReportedWorkingState;
  start: number;
  end: number;
}

/** A working state as a tracker reported it at `time` (epoch seconds); it holds until the next sample. */
export interface StateSample {
  time: number;
  state: unknown;
}

export interface StateTimelineOptions {
  /**
   * A state is not assumed to last longer than this after its sample when no newer sample came (the tracker
   * was off or out of coverage): the rest of the gap stays unknown. Default 30 min.
   */
  maxSampleGap?: number;
}

/**
 * The timeline of the live states a tracker sent, up to `until`. Samples with a state outside 0–7 (see
 * `reportedWorkingState`) are skipped; 4 and 5 stay 4 and 5: they end the state before them like any other.
 */
export function timelineFromStates(
  samples: readonly StateSample[],
  until: number,
  options: StateTimelineOptions = {},
): ActivityPeriod[] {
  const maxGap = options.maxSampleGap ?? 30 * MINUTE;
  const valid = samples
    .map((s) => ({ time: s.time, state: reportedWorkingState(s.state) }))
    .filter(
      (s): s is { time: number; state: ReportedWorkingState } => s.state !== undefined && s.time < until,
    )
    .sort((a, b) => a.time - b.time);
  const periods: ActivityPeriod[] = [];
  valid.forEach((sample, i) => {
    const next = i + 1 < valid.length ? valid[i + 1].time : until;
    periods.push({ state: sample.state, start: sample.time, end: Math.min(next, sample.time + maxGap) });
  });
  return normalizeTimeline(periods, until);
}

/** One day of a driver card's activity record (the shape the DDD reader gives). */
export interface CardDay {
  /** 00:00 UTC of the day, epoch seconds */
  day: number;
  /** activity changes; each lasts from its minute of the day (UTC) to the next change or the day's end */
  changes: readonly { activity: CardActivity; minute: number }[];
}

/**
 * The timeline of a driver card's daily records. All entries concern the card holder, whichever slot the card
 * was in; entries made while the card was withdrawn keep the activity recorded (usually rest). Days without a
 * record stay unknown. `until` (e.g. the download time) cuts the last day.
 */
export function timelineFromCardDays(
  days: readonly CardDay[],
  until = Number.POSITIVE_INFINITY,
): ActivityPeriod[] {
  const periods: ActivityPeriod[] = [];
  for (const { day, changes } of days) {
    const sorted = [...changes].sort((a, b) => a.minute - b.minute);
    sorted.forEach((change, i) => {
      const endMinute = i + 1 < sorted.length ? sorted[i + 1].minute : DAY / MINUTE;
      periods.push({
        state: cardActivityState(change.activity),
        start: day + change.minute * MINUTE,
        end: day + endMinute * MINUTE,
      });
    });
  }
  return normalizeTimeline(periods, until);
}

/**
 * Periods in order, cut at `until`, without empty stretches or overlaps (a later start wins), with
 * neighbouring periods of the same state joined.
 */
export function normalizeTimeline(periods: readonly ActivityPeriod[], until: number): ActivityPeriod[] {
  const sorted = periods
    .map((p) => ({ ...p, end: Math.min(p.end, until) }))
    .filter((p) => p.end > p.start)
    .sort((a, b) => a.start - b.start);
  const out: ActivityPeriod[] = [];
  for (const period of sorted) {
    const last = out[out.length - 1];
    if (last && last.end > period.start) last.end = period.start;
    if (last && last.end <= last.start) out.pop();
    const prev = out[out.length - 1];
    if (prev && prev.state === period.state && prev.end === period.start) prev.end = period.end;
    else out.push({ ...period });
  }
  return out;
}
