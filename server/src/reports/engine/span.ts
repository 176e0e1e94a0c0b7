/** The first and last known odometer and hour meter of a period, and whether it had positions. */
import type { Consumer } from './run';
import type { Sample } from './sample';

/** The position before the period counts (seed). */
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
