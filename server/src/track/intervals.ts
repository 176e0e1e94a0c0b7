/** Periods while a flag is on (power take-off): from the first sample with it on to the first with it off. */
import type { Sample } from './sample';

export interface Interval {
  start: Sample;
  startTime: number;
  endTime: number;
  end?: Sample;
}

export class FlagIntervals {
  readonly intervals: Interval[] = [];
  private open: Interval | undefined;

  constructor(private readonly flag: (s: Sample) => boolean | undefined) {}

  seed(s: Sample, from: number): void {
    if (this.flag(s)) this.open = { start: s, startTime: from, endTime: from };
  }

  push(s: Sample): void {
    const on = this.flag(s);
    if (on === undefined) return;
    if (on && !this.open) this.open = { start: s, startTime: s.time, endTime: s.time };
    else if (!on && this.open) {
      this.intervals.push({ ...this.open, end: s, endTime: s.time });
      this.open = undefined;
    }
  }

  finish(end: number): void {
    if (this.open) this.intervals.push({ ...this.open, endTime: Math.max(end, this.open.startTime) });
    this.open = undefined;
  }
}
