import { EU_561, WEEK, weekStart } from './rules';
import { normalizeTimeline, type ActivityPeriod } from './timeline';
import type { ReportedWorkingState } from './workingState';

export interface HistoryOptions {
  /**
   * How to count time the history does not describe (gaps between periods, error 6, not available 7, the
   * unlabelled 4 and 5): as rest (default — a withdrawn card or a switched-off tracker usually means the
   * driver is off, as tachograph analysis tools assume) or as neither rest nor driving.
   */
  unknownAsRest?: boolean;
}

/** A closed daily driving period (Art. 4(k)): the driving between two daily or weekly rests. */
interface Shift {
  start: number;
  driving: number;
}

/** What the counters need to know about a driver's history at `now`. */
export interface DriverHistory {
  now: number;
  /** end of the last daily or weekly rest (Art. 8(2) counts the 24 h from here); null when none is known */
  lastRestEnd: number | null;
  /** start of the current daily driving period: `lastRestEnd`, or the start of the history */
  shiftStart: number;
  /** driving since `shiftStart` (Art. 4(k) daily driving time) */
  dailyDriving: number;
  /** driving since the last qualifying break or rest (Art. 7) */
  continuousDriving: number;
  /** a break of at least 15 min was taken in the current driving period: the rest may be 30 min (Art. 7) */
  splitBreakStarted: boolean;
  /** a rest of at least 3 h was taken in the current shift: the daily rest may end with 9 h (Art. 4(g)) */
  splitDailyRestStarted: boolean;
  /** closed daily driving periods of the current shift's week driven above 9 h (Art. 6(1)) */
  extendedDaysThisWeek: number;
  /** reduced daily rests since the last weekly rest (Art. 8(4)) */
  reducedDailyRests: number;
  /** end of the last weekly rest; null when none is known */
  lastWeeklyRestEnd: number | null;
  /** whether that weekly rest was a regular (45 h) one; null when none is known */
  lastWeeklyRestRegular: boolean | null;
  /** driving in the week holding `now` and in the week before (Art. 6(2), 6(3)) */
  weekDriving: number;
  previousWeekDriving: number;
  /** the driver is resting at `now`: how long so far, and what the break needed before it began */
  currentRest: { duration: number; continuousBefore: number; splitBreakStartedBefore: boolean } | null;
}

type Block = { kind: 'drive' | 'rest' | 'other'; start: number; end: number };

/** 3 drives, 0 rests, 1 and 2 are other work; 4, 5, 6 and 7 are unknown time, as the option says. */
const kindOf = (state: ReportedWorkingState, unknownAsRest: boolean): Block['kind'] => {
  if (state === 3) return 'drive';
  if (state === 0) return 'rest';
  if (state === 1 || state === 2) return 'other';
  return unknownAsRest ? 'rest' : 'other';
};

/** Driving, rest and other blocks, with gaps filled as unknown and touching rests joined into one. */
function blocksOf(periods: readonly ActivityPeriod[], now: number, unknownAsRest: boolean): Block[] {
  const blocks: Block[] = [];
  const push = (kind: Block['kind'], start: number, end: number) => {
    const last = blocks[blocks.length - 1];
    if (last && last.kind === kind && last.end === start) last.end = end;
    else blocks.push({ kind, start, end });
  };
  const timeline = normalizeTimeline(periods, now);
  let cursor: number | null = null;
  for (const p of timeline) {
    if (cursor !== null && p.start > cursor) push(unknownAsRest ? 'rest' : 'other', cursor, p.start);
    push(kindOf(p.state, unknownAsRest), p.start, p.end);
    cursor = p.end;
  }
  if (cursor !== null && cursor < now) push(unknownAsRest ? 'rest' : 'other', cursor, now);
  return blocks;
}

/**
 * Walks a driver's history up to `now` and classifies every rest by its length (Art. 4, 7, 8). A rest still
 * under way at `now` is counted as if the driver resumed now, so the counters answer "if he drives on now".
 */
export function readHistory(
  periods: readonly ActivityPeriod[],
  now: number,
  options: HistoryOptions = {},
): DriverHistory {
  const blocks = blocksOf(periods, now, options.unknownAsRest ?? true);
  const R = EU_561;
  const shifts: Shift[] = [];
  const drivingByWeek = new Map<number, number>();
  let lastRestEnd: number | null = null;
  let shiftStart = blocks.length ? blocks[0].start : now;
  let dailyDriving = 0;
  let continuous = 0;
  let splitBreak = false;
  let splitDaily = false;
  let reducedDaily = 0;
  let lastWeeklyEnd: number | null = null;
  let lastWeeklyRegular: boolean | null = null;
  let currentRest: DriverHistory['currentRest'] = null;

  const addDriving = (start: number, end: number) => {
    // Driving across Monday 00:00 counts in each week for its part (Art. 6(2)).
    for (let t = start; t < end;) {
      const week = weekStart(t);
      const cut = Math.min(end, week + WEEK);
      drivingByWeek.set(week, (drivingByWeek.get(week) ?? 0) + cut - t);
      t = cut;
    }
  };
  const resetBreak = () => {
    continuous = 0;
    splitBreak = false;
  };
  const closeShift = (end: number) => {
    shifts.push({ start: shiftStart, driving: dailyDriving });
    shiftStart = end;
    dailyDriving = 0;
    splitDaily = false;
    lastRestEnd = end;
    resetBreak();
  };
  // Art. 7: 45 min resets the driving period; so does 30 min after a first part of at least 15 min. A 30 then
  // a 15 does not: the 30 only counts as the first part.
  const takeBreak = (length: number) => {
    if (length >= R.break || (splitBreak && length >= R.splitBreakSecond)) resetBreak();
    else if (length >= R.splitBreakFirst) splitBreak = true;
  };
  // Art. 8(2): when only 9 h to 11 h of the rest fall inside the 24 h after the previous rest, it is a
  // reduced one. A rest begun too late to fit 9 h in that window is an infringement, classed by its length.
  const dailyRestIsRegular = (start: number, length: number) => {
    if (splitDaily) return true; // Art. 4(g): 3 h + 9 h is a regular daily rest
    const inWindow =
      lastRestEnd === null ? length : Math.min(length, lastRestEnd + R.dailyRestWindow - start);
    return (inWindow >= R.reducedDailyRest ? inWindow : length) >= R.dailyRest;
  };

  blocks.forEach((block, i) => {
    const length = block.end - block.start;
    if (block.kind === 'drive') {
      continuous += length;
      dailyDriving += length;
      addDriving(block.start, block.end);
      return;
    }
    if (block.kind === 'other') return;
    if (i === blocks.length - 1 && block.end === now) {
      currentRest = { duration: length, continuousBefore: continuous, splitBreakStartedBefore: splitBreak };
    }
    if (length >= R.reducedWeeklyRest) {
      // Art. 4(h): 24 h or more is a weekly rest, regular from 45 h.
      closeShift(block.end);
      lastWeeklyEnd = block.end;
      lastWeeklyRegular = length >= R.weeklyRest;
      reducedDaily = 0;
    } else if (length >= R.reducedDailyRest) {
      if (!dailyRestIsRegular(block.start, length)) reducedDaily += 1;
      closeShift(block.end);
    } else {
      if (length >= R.splitDailyRestFirst) splitDaily = true;
      takeBreak(length);
    }
  });

  // Art. 6(1) counts extended days "during the week": a daily driving period belongs to the week it starts in.
  const shiftWeek = weekStart(shiftStart);
  const extendedDaysThisWeek = shifts.filter(
    (s) => weekStart(s.start) === shiftWeek && s.driving > R.dailyDriving,
  ).length;
  const week = weekStart(now);
  return {
    now,
    lastRestEnd,
    shiftStart,
    dailyDriving,
    continuousDriving: continuous,
    splitBreakStarted: splitBreak,
    splitDailyRestStarted: splitDaily,
    extendedDaysThisWeek,
    reducedDailyRests: reducedDaily,
    lastWeeklyRestEnd: lastWeeklyEnd,
    lastWeeklyRestRegular: lastWeeklyRegular,
    weekDriving: drivingByWeek.get(week) ?? 0,
    previousWeekDriving: drivingByWeek.get(week - WEEK) ?? 0,
    currentRest,
  };
}
