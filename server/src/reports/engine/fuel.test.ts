import { describe, expect, it } from 'vitest';
import { CONFIRM_MS, FuelAnalyzer } from './fuel';
import type { Sample } from './sample';

const sample = (time: number, moving: boolean): Sample => ({
  id: time,
  time,
  valid: true,
  latitude: 0,
  longitude: 0,
  speed: moving ? 60 : 0,
  ignition: true,
  motion: moving ? 'moving' : 'idle',
  odometer: undefined,
  hours: undefined,
  attrs: {},
});
const STEP = 30_000;
/** Feeds one level per 30 s while driving; returns the events. */
function drive(levels: number[], moving = true) {
  const fuel = new FuelAnalyzer(10);
  levels.forEach((level, i) => fuel.push(sample(i * STEP, moving), level));
  fuel.finish();
  return fuel.events;
}

describe('fuel drops while driving', () => {
  it('ignores sloshing: dips that come back, however deep', () => {
    const slosh = [...Array(10).fill(60), 45, 44, 46, 58, 60, 61, ...Array(20).fill(60)];
    expect(drive(slosh)).toEqual([]);
    // a long dip (braking down a hill) that recovers within the confirmation time
    const hill = [...Array(10).fill(60), ...Array(5).fill(42), ...Array(20).fill(59)];
    expect(drive(hill)).toEqual([]);
  });
  it('reports a sustained fall once, with the level before and after', () => {
    const theft = [...Array(10).fill(60), 55, 50, 45, 40, ...Array(30).fill(40)];
    const events = drive(theft);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'drop', moving: true, before: 60, after: 40 });
    // the drop is dated when the smoothed level first showed it, confirmed after CONFIRM_MS
    expect(events[0].time).toBeGreaterThanOrEqual(10 * STEP);
    expect(events[0].time).toBeLessThanOrEqual(10 * STEP + CONFIRM_MS);
  });
  it('lets normal consumption go (well under the threshold in ten minutes)', () => {
    const burn = Array.from({ length: 120 }, (_, i) => 80 - i * 0.05);
    expect(drive(burn)).toEqual([]);
  });
  it('still reports refills and drops across a stop, and a moving drop right before a stop once', () => {
    const fuel = new FuelAnalyzer(10);
    let t = 0;
    const push = (level: number, moving: boolean, n = 1) => {
      for (let i = 0; i < n; i++) fuel.push(sample((t += STEP), moving), level);
    };
    push(60, true, 10);
    push(45, true, 4); // falls, then the vehicle stops before the confirmation time
    push(45, false, 10);
    push(85, false, 10); // refilled while stopped
    push(85, true, 10);
    fuel.finish();
    expect(fuel.events.map((e) => [e.kind, Math.round(e.before), Math.round(e.after)])).toEqual([
      ['drop', 60, 45],
      ['refill', 45, 85],
    ]);
  });
});
