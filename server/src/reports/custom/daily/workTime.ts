/**
 * Engine and driving time per local day, split by the working week: each step between two samples counts
 * as `stepMotion` says (the one rule of trips, stops and the day figures) and is cut at midnight and at the
 * working-hours edges, so a day's working and overtime engine time add up to its engine time (DayBook's
 * driving + idle).
 */
import type { Consumer } from '../../../track/run';
import type { Sample } from '../../../track/sample';
import type { Zone } from '../../../track/timezone';
import { stepMotion } from '../../../track/tracker';
import { overlapMs, workIntervals, type WorkingWeek } from '../../../track/workingHours';

export interface WorkDay {
  key: string;
  start: number;
  end: number;
  /** ignition-on time (driving + idle) */
  engineMs: number;
  /** ignition-on time inside the working hours of the day */
  workEngineMs: number;
  drivingMs: number;
  workDrivingMs: number;
  /** working intervals of the day, [start, end) pairs */
  work: Array<[number, number]>;
}

export class WorkTimeBook implements Consumer {
  private readonly days = new Map<string, WorkDay>();
  private prev: Sample | undefined;
  private current: WorkDay | undefined;

  constructor(
    private readonly zone: Zone,
    private readonly from: number,
    private readonly maxGapMs: number,
    private readonly week: WorkingWeek,
  ) {}

  private day(t: number): WorkDay {
    const c = this.current;
    if (c && t >= c.start && t < c.end) return c;
    const key = this.zone.dayKey(t);
    let d = this.days.get(key);
    if (!d) {
      const start = this.zone.startOfDay(t);
      const end = this.zone.nextDay(t);
      d = {
        key,
        start,
        end,
        engineMs: 0,
        workEngineMs: 0,
        drivingMs: 0,
        workDrivingMs: 0,
        work: workIntervals(this.week, this.zone, start, end),
      };
      this.days.set(key, d);
    }
    this.current = d;
    return d;
  }

  seed(s: Sample): void {
    this.prev = s;
  }

  push(s: Sample): void {
    const a = this.prev;
    this.prev = s;
    if (!a || s.time <= a.time) return;
    const counted = stepMotion(a, s, this.maxGapMs);
    if (counted.motion === 'off' || counted.share <= 0) return;
    let t = Math.max(a.time, this.from);
    while (t < s.time) {
      const d = this.day(t);
      const until = Math.min(s.time, d.end);
      const all = (until - t) * counted.share;
      const inside = overlapMs(d.work, t, until) * counted.share;
      d.engineMs += all;
      d.workEngineMs += inside;
      if (counted.motion === 'moving') {
        d.drivingMs += all;
        d.workDrivingMs += inside;
      }
      t = until;
    }
  }

  get(key: string): WorkDay | undefined {
    return this.days.get(key);
  }

  /** Days in time order. */
  list(): WorkDay[] {
    return [...this.days.values()].sort((x, y) => x.start - y.start);
  }
}

/** Working time the week offers in [from, end), day by day in the zone. */
export function availableWorkMs(week: WorkingWeek, zone: Zone, from: number, end: number): number {
  let total = 0;
  for (let day = zone.startOfDay(from); day < end; day = zone.nextDay(day))
    total += overlapMs(workIntervals(week, zone, day, zone.nextDay(day)), from, end);
  return total;
}
