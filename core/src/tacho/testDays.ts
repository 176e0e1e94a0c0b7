import { DAY, HOUR, MINUTE } from './rules';
import type { ActivityPeriod } from './timeline';
import type { ReportedWorkingState } from './workingState';

/** Test support: hand-built activity days. Monday 2026-11-02 00:00 UTC, epoch seconds. */
export const MONDAY = Date.UTC(2026, 10, 2) / 1000;

/** Day `day` after MONDAY (negative: the week before) at hh:mm. */
export const at = (day: number, hh = 0, mm = 0): number => MONDAY + day * DAY + hh * HOUR + mm * MINUTE;

const CODES: Record<string, ReportedWorkingState> = { R: 0, A: 1, W: 2, D: 3, 4: 4, 5: 5, E: 6, N: 7 };

/** `h:mm` as seconds. */
export const hm = (text: string): number => {
  const [h, m] = text.split(':').map(Number);
  return h * HOUR + m * MINUTE;
};

/**
 * Periods back to back from `start`: steps like `D 4:30` (R rest, A available, W work, D driving, E error,
 * N not available, 4 and 5 as a tracker may report them).
 */
export function sequence(start: number, ...steps: string[]): ActivityPeriod[] {
  let t = start;
  return steps.map((step) => {
    const [code, duration] = step.split(' ');
    const period = { state: CODES[code], start: t, end: t + hm(duration) };
    t = period.end;
    return period;
  });
}

/** Driving of `hours` in parts of at most 4 h 30 with 45 min breaks between them. */
export function drivingSteps(hours: number): string[] {
  const steps: string[] = [];
  let left = hours * 60;
  while (left > 0) {
    const part = Math.min(left, 270);
    steps.push(`D ${Math.floor(part / 60)}:${part % 60}`);
    left -= part;
    if (left > 0) steps.push('R 0:45');
  }
  return steps;
}

/** Shifts of `[start, drivingHours]`, with rest filling the time from each shift's end to the next start. */
export function shifts(list: readonly [number, number][]): ActivityPeriod[] {
  const periods: ActivityPeriod[] = [];
  list.forEach(([start, hours], i) => {
    const day = sequence(start, ...drivingSteps(hours));
    periods.push(...day);
    const next = list[i + 1]?.[0];
    if (next !== undefined) periods.push({ state: 0, start: day[day.length - 1].end, end: next });
  });
  return periods;
}

/** A rest from `start` to `end`. */
export const rest = (start: number, end: number): ActivityPeriod => ({ state: 0, start, end });
