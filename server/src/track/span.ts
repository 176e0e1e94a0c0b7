/** The first and last known odometer and hour meter of a period, and whether it had positions. */
import type { Consumer } from './run';
import type { Sample } from './sample';

/** The position before the period counts (seed). */
export interface SpanPart {
  positions: number;
  firstTime?: number;
  lastTime?: number;
  odometerStart?: number;
  odometerEnd?: number;
  hoursStart?: number;
  hoursEnd?: number;
}

export class Span implements Consumer {
  /** fix times of the period's first and last positions */
  firstTime: number | undefined;
  lastTime: number | undefined;
  /** positions seen (the compact stream shows fewer than stored): only whether there were any counts */
  count = 0;
  firstOdometer: number | undefined;
  lastOdometer: number | undefined;
  firstHours: number | undefined;
  lastHours: number | undefined;
  seed(s: Sample): void {
    this.firstOdometer = s.odometer;
    this.firstHours = s.hours;
    this.lastOdometer = s.odometer;
    this.lastHours = s.hours;
  }
  /** A later part of the period known by its figures (segments' stored hours, or another span's). */
  addPart(p: SpanPart): void {
    this.count += p.positions;
    if (p.positions) {
      this.firstTime ??= p.firstTime;
      this.lastTime = p.lastTime ?? this.lastTime;
    }
    if (p.odometerStart !== undefined) {
      this.firstOdometer ??= p.odometerStart;
      this.lastOdometer = p.odometerEnd;
    }
    if (p.hoursStart !== undefined) {
      this.firstHours ??= p.hoursStart;
      this.lastHours = p.hoursEnd;
    }
  }

  /** This span as a part of a longer one. */
  asPart(): SpanPart {
    return {
      positions: this.count,
      firstTime: this.firstTime,
      lastTime: this.lastTime,
      odometerStart: this.firstOdometer,
      odometerEnd: this.lastOdometer,
      hoursStart: this.firstHours,
      hoursEnd: this.lastHours,
    };
  }

  push(s: Sample): void {
    this.firstTime ??= s.time;
    this.lastTime = s.time;
    this.count++;
    if (s.odometer !== undefined) {
      this.firstOdometer ??= s.odometer;
      this.lastOdometer = s.odometer;
    }
    if (s.hours !== undefined) {
      this.firstHours ??= s.hours;
      this.lastHours = s.hours;
    }
  }
}
