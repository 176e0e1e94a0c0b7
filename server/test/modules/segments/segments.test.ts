/**
 * Segments (issue 24 point 2): trips and stops kept while positions arrive give the engine's own answer
 * for any period of a random month, after positions arrive in pieces, arrive late, or the vehicle
 * becomes a machine; and a month reads only the ends of the period.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { dialects, freshDatabase, insertDevice } from '../../harness';
import { migrateToLatest } from '../../../src/db/migrate';
import { toJson } from '../../../src/db/mapping';
import type { Db } from '../../../src/db/database';
import { buildTrack, insertTrack, type TrackRow } from '../../../src/reports/testing/track';
import { noisyTrack, random } from '../../../src/reports/testing/noisyTrack';
import { tz } from '../../../src/reports/testing/samples';
import { runVehicle } from '../../../src/track/run';
import { MAX_GAP_MS, Tracker, type Stop, type Trip } from '../../../src/track/tracker';
import { DayBook, type DayFigures } from '../../../src/track/dayBook';
import { Span } from '../../../src/track/span';
import { storedDays } from '../../../src/track/segments/periodDays';
import { COMPACT_BUCKET_MS } from '../../../src/track/compactStream';
import { deviceProfile, type DeviceProfile } from '../../../src/track/sample';
import { periodSegments } from '../../../src/track/segments/period';
import { segmentPass } from '../../../src/modules/segments/job';
import { deletePositions } from '../../../src/modules/traccar/exports/positionDelete';

const VEHICLE: DeviceProfile = { machine: false, engineVoltage: undefined };
const DAY = 86_400_000;

const round = (n: number) => Math.round(n * 1000) / 1000;
const tripView = (t: Trip) => ({
  start: t.startTime,
  end: t.endTime,
  from: t.start.id,
  to: t.end.id,
  distance: round(t.distance),
  driving: round(t.drivingMs),
  idle: round(t.idleMs),
  off: round(t.offMs),
  max: round(t.maxSpeed),
});
const dayView = (d: DayFigures) => ({
  key: d.key,
  start: d.start,
  end: d.end,
  distance: round(d.distance),
  driving: round(d.drivingMs),
  idle: round(d.idleMs),
  off: round(d.offMs),
  max: round(d.maxSpeed),
  firstIgnition: d.firstIgnition,
  lastIgnition: d.lastIgnition,
  hours: [d.hoursStart, d.hoursEnd],
  odometer: [d.odometerStart, d.odometerEnd],
});
const spanView = (s: Span) => ({
  odometer: [s.firstOdometer, s.lastOdometer],
  hours: [s.firstHours, s.lastHours],
  times: [s.firstTime, s.lastTime],
  any: s.count > 0,
});
const stopView = (s: Stop) => ({
  start: s.startTime,
  end: s.endTime,
  at: s.at.id,
  off: s.ignitionOff,
  distance: round(s.distance),
  idle: round(s.idleMs),
  offMs: round(s.offMs),
});

describe.each(dialects())('segments on %s', (dialect) => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let db: Db;
  let deviceId: number;
  let track: TrackRow[];
  const from = tz.toUtc(2025, 5, 1, 0);
  const to = tz.toUtc(2025, 6, 1, 0);

  beforeAll(async () => {
    fresh = await freshDatabase(dialect);
    db = fresh.db;
    await migrateToLatest(db);
    deviceId = await insertDevice(db, 'Month', 'segments-1');
    track = buildTrack(
      { latitude: -8.8, longitude: 13.2, totalDistance: 5_000_000 },
      noisyTrack(from, to, 30_000, 11),
    );
  }, 120_000);
  afterAll(async () => {
    await db.close();
    await fresh.drop();
  });

  async function engine(period: { from: number; to: number; end: number }, profile = VEHICLE) {
    const tracker = new Tracker();
    await runVehicle(db, deviceId, profile, [tracker], {
      ...period,
      compact: { bucketMs: COMPACT_BUCKET_MS, zone: tz },
    });
    return { trips: tracker.trips.map(tripView), stops: tracker.stops.map(stopView) };
  }

  async function stored(period: { from: number; to: number; end: number }, profile = VEHICLE) {
    const got = await periodSegments(db, deviceId, profile, period);
    if (!got) return undefined;
    return { trips: got.trips.map(tripView), stops: got.stops.map(stopView), positions: got.positions };
  }

  async function catchUp() {
    let pass;
    do pass = await segmentPass(db);
    while (pass.more);
    return pass;
  }

  it('stores the trips and stops of positions arriving in three pieces', async () => {
    const third = Math.floor(track.length / 3);
    await insertTrack(db, deviceId, track.slice(0, third));
    const first = await catchUp();
    expect(first.devices).toBe(1);
    expect(first.stored).toBeGreaterThan(100);
    await insertTrack(db, deviceId, track.slice(third, 2 * third));
    await catchUp();
    await insertTrack(db, deviceId, track.slice(2 * third));
    const last = await catchUp();
    expect(last.devices).toBe(1);
    // each pass carries on where the last one stopped reading: only the new positions are read
    expect(last.positions).toBe(track.length - 2 * third);
    // nothing new: the next pass reads nothing
    expect((await segmentPass(db)).devices).toBe(0);
    const month = { from, to, end: to };
    const want = await engine(month);
    expect(want.trips.length).toBeGreaterThan(300);
    expect(want.stops.length).toBeGreaterThan(200);
    const got = await stored(month);
    expect(got).toBeDefined();
    expect(got!.trips).toEqual(want.trips);
    expect(got!.stops).toEqual(want.stops);
    // a month from the segments reads only the ends of the period
    expect(got!.positions).toBeLessThan(track.length / 50);
  }, 300_000);

  it('gives the engine answer for random periods of the month, cut anywhere', async () => {
    const rnd = random(3);
    let compared = 0;
    for (let i = 0; i < 12; i++) {
      const a = from + Math.floor(rnd() * 25 * DAY);
      const b = a + Math.floor((0.2 + rnd() * 6) * DAY);
      // and the period still running: its end is now, before its last position
      const end = i % 4 === 3 ? b - Math.floor(rnd() * 3_600_000) : b;
      const period = { from: a, to: b, end };
      const got = await stored(period);
      if (!got) continue;
      compared++;
      const want = await engine(period);
      expect({ i, ...got, positions: 0 }).toEqual({ i, ...want, positions: 0 });
    }
    expect(compared).toBeGreaterThanOrEqual(10);
  }, 300_000);

  async function engineDays(period: { from: number; to: number; end: number }) {
    const book = new DayBook(tz, period.from, MAX_GAP_MS);
    const span = new Span();
    await runVehicle(db, deviceId, VEHICLE, [book, span], {
      ...period,
      compact: { bucketMs: COMPACT_BUCKET_MS, zone: tz },
    });
    return { days: book.list().map(dayView), span: spanView(span) };
  }

  async function storedDayView(period: { from: number; to: number; end: number }) {
    const got = await storedDays(db, deviceId, VEHICLE, tz, period);
    if (!got) return undefined;
    return { days: [...got.days.values()].map(dayView), span: spanView(got.span), hours: got.hours };
  }

  it('gives the day book figures from the stored hours for periods of whole days', async () => {
    const rnd = random(5);
    let compared = 0;
    for (let i = 0; i < 10; i++) {
      const a = tz.startOfDay(from + Math.floor(rnd() * 25 * DAY));
      // whole days, or ending at any time (the period under way)
      const b =
        i % 3 === 2 ? a + Math.floor((0.3 + rnd() * 5) * DAY) : a + (1 + Math.floor(rnd() * 6)) * DAY - 1;
      const period = { from: a, to: b, end: b };
      const got = await storedDayView(period);
      if (!got) continue;
      compared++;
      expect(got.hours).toBeGreaterThan(12);
      const want = await engineDays(period);
      expect({ i, days: got.days, span: got.span }).toEqual({ i, ...want });
    }
    expect(compared).toBeGreaterThanOrEqual(9);
    // the whole month
    const month = { from, to: to - 1, end: to - 1 };
    const got = await storedDayView(month);
    expect(got!.days.length).toBe(31);
    expect({ days: got!.days, span: got!.span }).toEqual(await engineDays(month));
  }, 300_000);

  it('rewinds for a late position and gives the engine answer again', async () => {
    // ten minutes of driving arrive late in the middle of a long stop of day 12
    const day = from + 11 * DAY;
    const stops = (await engine({ from: day, to: day + DAY, end: day + DAY })).stops;
    const long = stops.find((s) => s.end - s.start > 20 * 60_000)!;
    expect(long).toBeDefined();
    const base = track.find((r) => r.time >= long.start)!;
    const late: TrackRow[] = [];
    for (let t = long.start + 5 * 60_000 + 7_000; t < long.start + 15 * 60_000; t += 30_000)
      late.push({ ...base, time: t, speed: 40, ignition: true, valid: true });
    await insertTrack(db, deviceId, late);
    const pass = await catchUp();
    expect(pass.rewound).toBe(1);
    const month = { from, to, end: to };
    const want = await engine(month);
    expect(want.stops.length).toBeGreaterThan(stops.length);
    const got = await stored(month);
    expect(got!.trips).toEqual(want.trips);
    expect(got!.stops).toEqual(want.stops);
  }, 300_000);

  it('starts over when the vehicle profile changes, both ways', async () => {
    const setAttributes = (attributes: Record<string, unknown>) =>
      sql`UPDATE devices SET attributes = ${toJson(attributes)} WHERE id = ${deviceId}`.execute(db.kysely);
    // one more position makes the job look at the vehicle again
    const more = async () => {
      const last = track[track.length - 1];
      track.push({ ...last, time: last.time + 20_000 });
      await insertTrack(db, deviceId, [track[track.length - 1]]);
    };
    const count = async () =>
      Number(
        (
          await sql<{ n: number }>`SELECT count(*) AS n FROM segments WHERE device_id = ${deviceId}`.execute(
            db.kysely,
          )
        ).rows[0].n,
      );
    const vehicleCount = await count();
    const machineAttributes = { vehicle_type: 3, engine_voltage: 13 };
    await setAttributes(machineAttributes);
    const machine = deviceProfile(machineAttributes);
    // the stored segments are a vehicle's: not used for the machine
    expect(await stored({ from, to, end: to }, machine)).toBeUndefined();
    await more();
    expect((await catchUp()).rewound).toBe(1);
    // a machine without power or rpm never works: one long idle, no trip or stop closed
    expect(await count()).toBe(0);
    expect((await engine({ from, to, end: to }, machine)).trips).toEqual([]);

    await setAttributes({});
    await more();
    expect((await catchUp()).rewound).toBe(1);
    expect(await count()).toBeGreaterThanOrEqual(vehicleCount);
    const month = { from, to, end: to };
    const got = await stored(month);
    expect(got!.trips).toEqual((await engine(month)).trips);
    expect(got!.stops).toEqual((await engine(month)).stops);
  }, 300_000);

  it('refuses stale segments: a head that does not end with the stored stop falls back', async () => {
    // a position the job has not seen yet changes the first stop of a day
    const day = from + 20 * DAY;
    const period = { from: day, to: day + DAY, end: day + DAY };
    const before = await stored(period);
    expect(before!.trips.length).toBeGreaterThan(3);
    expect((await storedDayView(period))!.days[0].key).toBe('2025-05-21');
    const first = (await engine(period)).stops.find((s) => s.start >= day)!;
    const base = track.find((r) => r.time >= first.start)!;
    await insertTrack(db, deviceId, [{ ...base, time: first.start + 60_000, speed: 50, ignition: true }]);
    expect(await stored(period)).toBeUndefined();
    // the day figures too: that hour no longer holds the positions the table counts
    expect(
      await storedDays(db, deviceId, VEHICLE, tz, { ...period, from: tz.startOfDay(day) }),
    ).toBeUndefined();
    // once the job has read it, both answer again, as the engine does
    await catchUp();
    expect((await stored(period))!.trips).toEqual((await engine(period)).trips);
    const days = { ...period, from: tz.startOfDay(day) };
    expect((await storedDayView(days))!.days).toEqual((await engineDays(days)).days);
  });
  it('refuses segments with a late position in the middle, and forgets those of deleted positions', async () => {
    const period = { from: from + 4 * DAY, to: from + 9 * DAY, end: from + 9 * DAY };
    expect(await stored(period)).toBeDefined();
    // a position stored late in the middle of the period, inside a long stop: the job has not read it
    const stop = (await engine(period)).stops.find(
      (s) => s.start > period.from + 2 * DAY && s.end - s.start > 10 * 60_000,
    )!;
    const base = track.find((r) => r.time >= stop.start)!;
    await insertTrack(db, deviceId, [
      { ...base, time: stop.start + 4 * 60_000 + 1_000, speed: 60, ignition: true },
    ]);
    expect(await stored(period)).toBeUndefined();
    await catchUp();
    expect((await stored(period))!.stops).toEqual((await engine(period)).stops);

    // a day of positions deleted (Traccar's DELETE /positions): the segments made of them are forgotten
    const day = { from: from + 6 * DAY, to: from + 7 * DAY };
    expect(await deletePositions(db, { deviceId, ...day })).toBeGreaterThan(1000);
    const right = await engine(period);
    const got = await stored(period);
    if (got) expect(got.trips).toEqual(right.trips);
    // the next pass computes them again, without being told of new positions
    expect((await catchUp()).devices).toBe(1);
    const again = await stored(period);
    expect(again!.trips).toEqual(right.trips);
    expect(again!.stops).toEqual(right.stops);
    expect(right.trips.some((t) => t.start >= day.from && t.start <= day.to)).toBe(false);
    expect((await segmentPass(db)).devices).toBe(0);
  }, 300_000);
});
