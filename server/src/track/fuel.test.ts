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

/** Readings as [level, moving, how many, ms apart]; returns the events as [kind, moving, before, after, s]. */
function feed(parts: Array<[number | ((i: number) => number), boolean, number, number]>) {
  const fuel = new FuelAnalyzer(10);
  let t = 0;
  for (const [level, moving, n, step] of parts)
    for (let i = 0; i < n; i++)
      fuel.push(sample((t += step), moving), typeof level === 'number' ? level : level(i));
  fuel.finish();
  return fuel.events.map((e) => [
    e.kind,
    e.moving ?? false,
    Math.round(e.before),
    Math.round(e.after),
    e.time / 1000,
  ]);
}
/** A sensor sloshing ±8 % around `base` every second (a fixed pseudo-random sequence). */
const sloshing = (base: number) => (i: number) => base + 8 * Math.sin(i * 2.3) * Math.cos(i * 0.7);
const SEC = 1000;

describe('fuel drops while driving, tracker reporting every second', () => {
  it('ignores a slosh upwards: a short high reading is no peak to fall from', () => {
    expect(
      feed([
        [60, true, 300, SEC],
        [75, true, 4, SEC],
        [60, true, 400, SEC],
      ]),
    ).toEqual([]);
  });
  it('ignores a slosh in the very first readings of the period', () => {
    expect(
      feed([
        [65, true, 5, SEC],
        [50, true, 600, SEC],
      ]),
    ).toEqual([]);
  });
  it('ignores a dip of 20 s, and constant sloshing of ±8 % for an hour', () => {
    expect(
      feed([
        [60, true, 300, SEC],
        [45, true, 20, SEC],
        [60, true, 400, SEC],
      ]),
    ).toEqual([]);
    expect(feed([[sloshing(60), true, 3600, SEC]])).toEqual([]);
  });
  it('reports a sustained fall under sloshing once, dated when it began', () => {
    const events = feed([
      [sloshing(60), true, 600, SEC],
      [sloshing(40), true, 900, SEC],
    ]);
    expect(events).toHaveLength(1);
    const [kind, moving, before, after, at] = events[0] as [string, boolean, number, number, number];
    expect([kind, moving]).toEqual(['drop', true]);
    expect(before).toBeGreaterThanOrEqual(59);
    expect(before).toBeLessThanOrEqual(62);
    expect(after).toBeGreaterThanOrEqual(38);
    expect(after).toBeLessThanOrEqual(42);
    expect(at).toBeGreaterThanOrEqual(601);
    expect(at).toBeLessThanOrEqual(605);
  });
});

describe('fuel drops around stops', () => {
  const HALF_MIN = 30_000;
  it('braking slosh just before a stop is neither a drop nor, at rest, a refill', () => {
    expect(
      feed([
        [60, true, 30, SEC],
        [45, true, 3, SEC],
        [60, false, 30, HALF_MIN],
        [60, true, 30, HALF_MIN],
      ]),
    ).toEqual([]);
    // a long dip down a hill, then a stop at the bottom where the level is back
    expect(
      feed([
        [60, true, 20, HALF_MIN],
        [45, true, 5, HALF_MIN],
        [60, false, 20, HALF_MIN],
      ]),
    ).toEqual([]);
  });
  it('a drop read just before driving off is reported once, at that reading, not again while driving', () => {
    expect(
      feed([
        [60, true, 10, HALF_MIN],
        [60, false, 10, HALF_MIN],
        [40, false, 1, HALF_MIN],
        [40, true, 20, HALF_MIN],
      ]),
    ).toEqual([['drop', false, 60, 40, 630]]);
  });
  it('a fall while driving, then a stop of one reading, is one drop while driving', () => {
    expect(
      feed([
        [60, true, 20, HALF_MIN],
        [40, true, 4, HALF_MIN],
        [40, false, 1, HALF_MIN],
        [40, true, 20, HALF_MIN],
      ]),
    ).toEqual([['drop', true, 60, 40, 630]]);
  });
  it('a dip through a traffic light that comes back while driving on is no drop', () => {
    expect(
      feed([
        [60, true, 20, HALF_MIN],
        [45, true, 3, HALF_MIN],
        [45, false, 1, HALF_MIN],
        [45, true, 1, HALF_MIN],
        [60, true, 20, HALF_MIN],
      ]),
    ).toEqual([]);
  });
  it('a fall while driving, then parked with one reading at the end of the period: one drop', () => {
    expect(
      feed([
        [60, true, 20, HALF_MIN],
        [40, true, 3, HALF_MIN],
        [40, false, 1, HALF_MIN],
      ]),
    ).toEqual([['drop', true, 60, 40, 630]]);
  });
  it('a fall while driving, then a refill at the next stop: both', () => {
    expect(
      feed([
        [60, true, 20, HALF_MIN],
        [40, true, 3, HALF_MIN],
        [40, false, 6, HALF_MIN],
        [90, false, 6, HALF_MIN],
        [90, true, 20, HALF_MIN],
      ]),
    ).toEqual([
      ['drop', true, 60, 40, 630],
      ['refill', false, 40, 90, 900],
    ]);
  });
});
