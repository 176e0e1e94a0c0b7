/**
 * First and last moment of work per local day: a machine works over a step when `stepMotion` counts it
 * as moving (for machines, moving means working: power above engine_voltage or rpm above 0), so these
 * edges agree with the working time the day book adds up. A step across midnight marks both days.
 */
import type { Consumer } from '../../../track/run';
import type { Sample } from '../../../track/sample';
import type { Zone } from '../../../track/timezone';
import { stepMotion } from '../../../track/tracker';

export interface WorkSpan {
  first: number;
  last: number;
}

export class WorkTimes implements Consumer {
  /** by local day key (YYYY-MM-DD) */
  readonly days = new Map<string, WorkSpan>();
  private prev: Sample | undefined;

  constructor(
    private readonly zone: Zone,
    private readonly from: number,
    private readonly maxGapMs: number,
  ) {}

  seed(s: Sample): void {
    this.prev = s;
  }

  push(s: Sample): void {
    const a = this.prev;
    this.prev = s;
    if (a && s.time > a.time) {
      const counted = stepMotion(a, s, this.maxGapMs);
      if (counted.motion === 'moving' && counted.share > 0) this.mark(Math.max(a.time, this.from), s.time);
    }
    if (s.motion === 'moving') this.mark(s.time, s.time);
  }

  private mark(t0: number, t1: number): void {
    for (let day = this.zone.startOfDay(t0); ;) {
      const end = this.zone.nextDay(day);
      const key = this.zone.dayKey(day);
      const span = this.days.get(key);
      const first = Math.max(t0, day);
      const last = Math.min(t1, end);
      if (!span) this.days.set(key, { first, last });
      else {
        span.first = Math.min(span.first, first);
        span.last = Math.max(span.last, last);
      }
      if (end >= t1) return;
      day = end;
    }
  }
}
