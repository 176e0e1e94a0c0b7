/**
 * Lift cycles by local day: a cycle counts on the day it starts, its lift time is cut at midnight so each
 * day gets the part it holds.
 */
import type { Interval } from '../../../track/intervals';
import type { Zone } from '../../../track/timezone';

export interface LiftDay {
  key: string;
  start: number;
  cycles: number;
  liftMs: number;
}

export function liftDays(zone: Zone, cycles: Interval[]): Map<string, LiftDay> {
  const days = new Map<string, LiftDay>();
  const day = (t: number): LiftDay => {
    const key = zone.dayKey(t);
    let d = days.get(key);
    if (!d) days.set(key, (d = { key, start: zone.startOfDay(t), cycles: 0, liftMs: 0 }));
    return d;
  };
  for (const c of cycles) {
    day(c.startTime).cycles++;
    for (let t = c.startTime; t < c.endTime;) {
      const until = Math.min(c.endTime, zone.nextDay(t));
      day(t).liftMs += until - t;
      t = until;
    }
  }
  return days;
}
