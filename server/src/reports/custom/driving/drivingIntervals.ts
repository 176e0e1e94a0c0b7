/**
 * The driving intervals of one vehicle's stream: each step counted as driving by the engine's one rule
 * (`stepMotion`), with the driver at its first position (card, else the vehicle's own driver).
 */
import type { Consumer } from '../../../track/run';
import type { Sample } from '../../../track/sample';
import { MAX_GAP_MS, stepMotion } from '../../../track/tracker';
import { driverKey } from '../../builders/common';

export interface VehicleDriving {
  start: number;
  end: number;
  /** driver uniqueId, '' when unknown */
  driver: string;
}

export class DrivingIntervals implements Consumer {
  readonly intervals: VehicleDriving[] = [];
  private prev: Sample | undefined;
  private clipFrom = -Infinity;

  constructor(private readonly assigned?: string) {}

  seed(s: Sample, from: number): void {
    this.prev = s;
    this.clipFrom = from;
  }

  push(s: Sample): void {
    const a = this.prev;
    this.prev = s;
    const clip = this.clipFrom;
    this.clipFrom = -Infinity;
    if (!a || s.time <= a.time) return;
    const counted = stepMotion(a, s, MAX_GAP_MS);
    if (counted.motion !== 'moving' || counted.share <= 0) return;
    const begin = Math.max(a.time, clip);
    const length = (s.time - begin) * counted.share;
    if (length <= 0) return;
    const driver = driverKey(a) ?? this.assigned ?? '';
    const last = this.intervals[this.intervals.length - 1];
    if (last && last.end === begin && last.driver === driver) last.end = begin + length;
    else this.intervals.push({ start: begin, end: begin + length, driver });
  }
}
