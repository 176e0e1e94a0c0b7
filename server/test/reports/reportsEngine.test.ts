import { describe, expect, it } from 'vitest';
import { buildTrack, every } from '../../src/reports/testing/track';
import { at, driving, idling, MIN, parked, toSamples, track, tz } from '../../src/reports/testing/samples';
import type { DeviceProfile, Sample } from '../../src/track/sample';
import { Tracker, segmentDistance } from '../../src/track/tracker';
import { DayBook } from '../../src/track/dayBook';
import { DEFAULT_WEEK } from '../../src/track/workingHours';

function trackOf(samples: Sample[], end: number, minStopMs?: number) {
  const t = new Tracker({ minStopMs });
  for (const s of samples) t.push(s);
  t.finish(end);
  return t;
}

describe('trip and stop detection', () => {
  it('finds trips between stops with odometer distances, speeds and idle time', () => {
    const s = track([
      ...parked(at(7), at(8)),
      ...driving(at(8), at(8, 30), 60),
      ...parked(at(8, 30), at(10)),
      ...driving(at(10), at(10, 20), 45),
      ...idling(at(10, 20), at(10, 30)),
      ...driving(at(10, 30), at(10, 40), 30),
      ...parked(at(10, 40), at(12)),
    ]);
    const t = trackOf(s, at(12));
    expect(t.trips.map((x) => [x.startTime, x.endTime])).toEqual([
      [at(8), at(8, 30)],
      [at(10), at(10, 20)],
      [at(10, 30), at(10, 40)],
    ]);
    expect(t.trips.map((x) => Math.round(segmentDistance(x)))).toEqual([30000, 15000, 5000]);
    expect(t.trips[0].maxSpeed).toBeCloseTo(60, 6);
    expect(t.trips[0].drivingMs).toBe(30 * MIN);
    expect(t.stops.map((x) => [x.startTime, x.endTime, x.ignitionOff])).toEqual([
      [at(7), at(8), true],
      [at(8, 30), at(10), true],
      [at(10, 20), at(10, 30), false],
      [at(10, 40), at(12), true],
    ]);
    expect(t.stops[2].idleMs).toBe(10 * MIN);
  });

  it('keeps an ignition flicker and a short pause inside the trip', () => {
    const s = track([
      ...parked(at(7), at(8)),
      ...driving(at(8), at(8, 10), 50),
      { time: at(8, 10), speed: 50, ignition: false },
      ...driving(at(8, 10, 30), at(8, 20), 50),
      ...idling(at(8, 20), at(8, 23)),
      ...driving(at(8, 23), at(8, 30), 50),
      ...parked(at(8, 30), at(9)),
    ]);
    const t = trackOf(s, at(9));
    expect(t.trips).toHaveLength(1);
    expect([t.trips[0].startTime, t.trips[0].endTime]).toEqual([at(8), at(8, 30)]);
    expect(t.trips[0].idleMs).toBe(3 * MIN);
    expect(t.trips[0].offMs).toBe(30_000);
    expect(Math.round(segmentDistance(t.trips[0]))).toBe(Math.round((50 / 3.6) * 27 * 60));
  });

  it('ends a trip at a data gap while moving, without inventing a stop', () => {
    const s = track([
      ...driving(at(8), at(8, 10), 60),
      ...driving(at(8, 40), at(8, 50), 60),
      ...parked(at(8, 50), at(9, 30)),
    ]);
    const t = trackOf(s, at(9, 30));
    expect(t.trips.map((x) => [x.startTime, x.endTime])).toEqual([
      [at(8), at(8, 9, 30)],
      [at(8, 40), at(8, 50)],
    ]);
    expect(t.stops.map((x) => [x.startTime, x.endTime])).toEqual([[at(8, 50), at(9, 30)]]);
  });

  it('a device silent while parked keeps one stop across the gap', () => {
    const s = track([
      ...driving(at(7), at(7, 10), 60),
      { time: at(7, 10), speed: 0, ignition: false },
      { time: at(11), speed: 0, ignition: false },
      ...driving(at(11, 0, 30), at(11, 10), 60),
    ]);
    const t = trackOf(s, at(11, 10));
    expect(t.stops.map((x) => [x.startTime, x.endTime, x.offMs])).toEqual([
      [at(7, 10), at(11, 0, 30), 230 * MIN + 30_000],
    ]);
    expect(t.trips).toHaveLength(2);
  });

  it('invalid fixes keep the motion and are not used for speeds', () => {
    const s = track([
      ...parked(at(7), at(8)),
      ...driving(at(8), at(8, 5), 60),
      { time: at(8, 5), speed: 0, ignition: true, valid: false },
      { time: at(8, 5, 30), speed: 300, ignition: true, valid: false },
      ...driving(at(8, 6), at(8, 10), 60),
      ...parked(at(8, 10), at(9)),
    ]);
    expect(s.find((x) => !x.valid)!.motion).toBe('moving');
    const t = trackOf(s, at(9));
    expect(t.trips).toHaveLength(1);
    expect(t.trips[0].maxSpeed).toBeCloseTo(60, 6);
    expect(t.trips[0].idleMs).toBe(0);
  });

  it('a trip spanning two days is one trip; the day book splits it at midnight', () => {
    const s = track([
      ...parked(at(23, 0), at(23, 50)),
      ...driving(at(23, 50), at(0, 20, 0, 11), 60),
      ...parked(at(0, 20, 0, 11), at(1, 0, 0, 11)),
    ]);
    const t = trackOf(s, at(1, 0, 0, 11));
    expect(t.trips).toHaveLength(1);
    expect([t.trips[0].startTime, t.trips[0].endTime]).toEqual([at(23, 50), at(0, 20, 0, 11)]);
    const book = new DayBook(tz, at(0), 15 * MIN, DEFAULT_WEEK);
    for (const x of s) book.push(x);
    book.finish(at(1, 0, 0, 11));
    const days = book.list();
    expect(days.map((d) => d.key)).toEqual(['2025-03-10', '2025-03-11']);
    expect(days.map((d) => d.drivingMs)).toEqual([10 * MIN, 20 * MIN]);
    expect(days.map((d) => Math.round(d.distance))).toEqual([10000, 20000]);
    expect(days[1].offMs).toBe(40 * MIN);
    // working hours: Monday 09:00-18:00, so nothing at night is work
    expect(days.map((d) => d.workDistance)).toEqual([0, 0]);
  });

  it('a step across midnight is shared in proportion to time', () => {
    const s = track([
      { time: at(23, 55), speed: 60, ignition: true },
      { time: at(0, 5, 0, 11), speed: 60, ignition: true },
    ]);
    const book = new DayBook(tz, at(0), 15 * MIN);
    s.forEach((x) => book.push(x));
    expect(book.list().map((d) => [d.drivingMs, Math.round(d.distance)])).toEqual([
      [5 * MIN, 5000],
      [5 * MIN, 5000],
    ]);
  });

  it('splits distance in and out of working hours', () => {
    const s = track([...driving(at(8, 30), at(9, 30), 60), ...parked(at(9, 30), at(10))]);
    const book = new DayBook(tz, at(0), 15 * MIN, DEFAULT_WEEK);
    s.forEach((x) => book.push(x));
    const [day] = book.list();
    expect(Math.round(day.distance)).toBe(60000);
    expect(Math.round(day.workDistance)).toBe(30000);
  });

  it('a vehicle parked before the period is in a stop from the period start to its end', () => {
    const [seed, ...rest] = track([
      { time: at(22, 0, 0, 9), speed: 0, ignition: false },
      ...driving(at(8), at(8, 10), 60),
      ...parked(at(8, 10), at(9)),
    ]);
    const t = new Tracker();
    t.seed(seed, at(0));
    rest.forEach((x) => t.push(x));
    t.finish(at(23, 59, 59));
    expect(t.stops.map((x) => [x.startTime, x.endTime])).toEqual([
      [at(0), at(8)],
      [at(8, 10), at(23, 59, 59)],
    ]);
    expect(t.stops[1].offMs).toBe(at(23, 59, 59) - at(8, 10));
  });

  it('a longer minimum stop merges stops into trips', () => {
    const s = track([
      ...driving(at(8), at(8, 10), 60),
      ...parked(at(8, 10), at(8, 20), MIN),
      ...driving(at(8, 20), at(8, 30), 60),
      ...parked(at(8, 30), at(9)),
    ]);
    expect(trackOf(s, at(9)).trips).toHaveLength(2);
    expect(trackOf(s, at(9), 15 * MIN).trips).toHaveLength(1);
  });

  it('machines work by power or rpm, not speed', () => {
    const machine: DeviceProfile = { machine: true, engineVoltage: 26 };
    const rows = buildTrack({ latitude: -8.8, longitude: 13.2 }, [
      ...every(at(8), at(8, 10), MIN, () => ({ speed: 0, ignition: true, attrs: { power: 25, rpm: 0 } })),
      ...every(at(8, 10), at(8, 40), MIN, () => ({ speed: 0, ignition: true, attrs: { power: 27.5 } })),
      ...every(at(8, 40), at(9), MIN, () => ({ speed: 0, ignition: true, attrs: { power: 24, rpm: 900 } })),
      ...every(at(9), at(10), MIN, () => ({ speed: 0, ignition: false, attrs: { power: 24 } })),
    ]);
    const s = toSamples(rows, machine);
    expect(s.map((x) => x.motion).slice(8, 12)).toEqual(['idle', 'idle', 'moving', 'moving']);
    const t = trackOf(s, at(10));
    expect(t.trips.map((x) => [x.startTime, x.endTime])).toEqual([[at(8, 10), at(9)]]);
  });
});
