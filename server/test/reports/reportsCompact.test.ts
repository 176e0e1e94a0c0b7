/**
 * The compact stream gives the trip, stop and day figures of the full stream: a noisy two-day track
 * (ignition flicker, invalid fixes, speeds around 3 km/h, gaps, midnight) is run through the same
 * consumers both ways on a real database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, freshDatabase, insertDevice } from '../harness';
import { migrateToLatest } from '../../src/db/migrate';
import { fromBool, toJson } from '../../src/db/mapping';
import type { Db } from '../../src/db/database';
import { buildTrack, insertTrack } from '../../src/reports/testing/track';
import { noisyTrack } from '../../src/reports/testing/noisyTrack';
import { tz } from '../../src/reports/testing/samples';
import { runVehicle, type Consumer } from '../../src/track/run';
import { Tracker, MAX_GAP_MS, type Stop, type Trip } from '../../src/track/tracker';
import { DayBook } from '../../src/track/dayBook';
import { Span } from '../../src/reports/builders/days';
import { DEFAULT_WEEK } from '../../src/track/workingHours';
import { COMPACT_BUCKET_MS, WORK_BUCKET_MS } from '../../src/track/compactStream';
import type { DeviceProfile } from '../../src/track/sample';
import { kmhToKnots } from '@frota/core';
import { sql } from 'kysely';

const profile: DeviceProfile = { machine: false, engineVoltage: undefined };
const round = (n: number | undefined) => (n === undefined ? undefined : Math.round(n * 1000) / 1000);
const tripView = (t: Trip) => ({
  start: t.startTime,
  end: t.endTime,
  from: t.start.id,
  to: t.end.id,
  distance: round(t.distance),
  driving: t.drivingMs,
  idle: t.idleMs,
  off: t.offMs,
  max: round(t.maxSpeed),
});
const stopView = (s: Stop) => ({
  start: s.startTime,
  end: s.endTime,
  at: s.at.id,
  off: s.ignitionOff,
  distance: round(s.distance),
  idle: s.idleMs,
  offMs: s.offMs,
});
const dayView = (book: DayBook) =>
  book.list().map((d) => ({
    ...d,
    distance: round(d.distance),
    workDistance: round(d.workDistance),
    maxSpeed: round(d.maxSpeed),
  }));
const spanView = (s: Span) => [s.firstOdometer, s.lastOdometer, s.firstHours, s.lastHours, s.count > 0];

describe.each(dialects())('compact stream on %s', (dialect) => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let db: Db;
  let deviceId: number;
  let sparseId: number;
  const from = tz.toUtc(2025, 3, 10, 6);
  const to = tz.toUtc(2025, 3, 12, 6);
  let rows = 0;

  beforeAll(async () => {
    fresh = await freshDatabase(dialect);
    db = fresh.db;
    await migrateToLatest(db);
    deviceId = await insertDevice(db, 'Compact', 'compact-1');
    const track = buildTrack(
      { latitude: -8.8, longitude: 13.2, totalDistance: 1_000_000 },
      noisyTrack(from, to),
    );
    rows = (await insertTrack(db, deviceId, track)).length;
    sparseId = await insertDevice(db, 'Sparse', 'compact-2');
    await insertTrack(
      db,
      sparseId,
      buildTrack({ latitude: -8.8, longitude: 13.2 }, noisyTrack(from, to, 10_000)),
    );
  });
  afterAll(async () => {
    await db.close();
    await fresh.drop();
  });

  async function both(
    make: () => Consumer[],
    bucket: number,
    period = { from: from + 3_600_000, to },
    device = deviceId,
  ) {
    const full = make();
    const compact = make();
    const options = { from: period.from, to: period.to, end: period.to };
    const fullCount = await runVehicle(db, device, profile, full, options);
    const compactCount = await runVehicle(db, device, profile, compact, {
      ...options,
      compact: { bucketMs: bucket, zone: tz },
    });
    return { full, compact, fullCount, compactCount };
  }

  it('finds the same trips and stops from far fewer positions', async () => {
    const r = await both(() => [new Tracker()], COMPACT_BUCKET_MS);
    const [full, compact] = [r.full[0] as Tracker, r.compact[0] as Tracker];
    expect(full.trips.length).toBeGreaterThan(15);
    expect(full.stops.length).toBeGreaterThan(10);
    expect(compact.trips.map(tripView)).toEqual(full.trips.map(tripView));
    expect(compact.stops.map(stopView)).toEqual(full.stops.map(stopView));
    expect(rows).toBeGreaterThan(40_000);
    expect(r.compactCount).toBeLessThan(r.fullCount / 2);
  });

  it('finds the same short stops with a one-minute minimum', async () => {
    const r = await both(() => [new Tracker({ minStopMs: 60_000 })], COMPACT_BUCKET_MS);
    const [full, compact] = [r.full[0] as Tracker, r.compact[0] as Tracker];
    expect(compact.stops.map(stopView)).toEqual(full.stops.map(stopView));
    expect(compact.trips.map(tripView)).toEqual(full.trips.map(tripView));
  });

  it('gives the same day figures across midnight, and the same odometer and hour meter span', async () => {
    const r = await both(
      () => [new DayBook(tz, from + 3_600_000, MAX_GAP_MS), new Span()],
      COMPACT_BUCKET_MS,
    );
    const full = dayView(r.full[0] as DayBook);
    expect(full.map((d) => d.key)).toEqual(['2025-03-10', '2025-03-11', '2025-03-12']);
    expect(dayView(r.compact[0] as DayBook)).toEqual(full);
    expect(spanView(r.compact[1] as Span)).toEqual(spanView(r.full[1] as Span));
  });

  it('splits work and personal distance at working-hour edges with one-minute buckets', async () => {
    const r = await both(
      () => [new DayBook(tz, from, MAX_GAP_MS, DEFAULT_WEEK), new Tracker()],
      WORK_BUCKET_MS,
      { from, to },
    );
    const full = dayView(r.full[0] as DayBook);
    expect(full.some((d) => (d.workDistance ?? 0) > 0)).toBe(true);
    expect(dayView(r.compact[0] as DayBook)).toEqual(full);
    expect((r.compact[1] as Tracker).trips.map(tripView)).toEqual((r.full[1] as Tracker).trips.map(tripView));
  });

  it('caches whole past days and drops a cached day when a late position arrives', async () => {
    const cached = async () =>
      (
        await sql<{ n: number; positions: number }>`
          SELECT count(*) AS n, coalesce(sum(positions), 0) AS positions FROM compact_cache
          WHERE bucket_ms = ${COMPACT_BUCKET_MS}`.execute(db.kysely)
      ).rows[0];
    const period = { from, to };
    const first = await both(() => [new Tracker()], COMPACT_BUCKET_MS, period);
    const day = await cached();
    expect(Number(day.n)).toBe(1);
    const again = await both(() => [new Tracker()], COMPACT_BUCKET_MS, period);
    expect((again.compact[0] as Tracker).trips.map(tripView)).toEqual(
      (first.full[0] as Tracker).trips.map(tripView),
    );

    // a record the tracker kept in its memory arrives late, in the middle of the cached UTC day
    const late = tz.toUtc(2025, 3, 11, 13, 0, 1);
    const before = await db.kysely
      .selectFrom('positions')
      .select(['latitude', 'longitude', 'attributes'])
      .where('deviceId', '=', deviceId)
      .where('fixTime', '<', late)
      .orderBy('fixTime', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const attributes =
      typeof before.attributes === 'string' ? JSON.parse(before.attributes) : before.attributes;
    await db.kysely
      .insertInto('positions')
      .values({
        deviceId,
        protocol: 'test',
        serverTime: late,
        deviceTime: late,
        fixTime: late,
        valid: fromBool(dialect, true),
        latitude: before.latitude,
        longitude: before.longitude,
        altitude: 0,
        speed: kmhToKnots(130),
        course: 0,
        accuracy: 0,
        attributes: toJson({ ...attributes, ignition: true }),
      })
      .execute();
    const after = await both(() => [new Tracker()], COMPACT_BUCKET_MS, period);
    const full = (after.full[0] as Tracker).trips.map(tripView);
    expect(full).not.toEqual((first.full[0] as Tracker).trips.map(tripView));
    expect(full.some((t) => t.max === round(130))).toBe(true);
    expect((after.compact[0] as Tracker).trips.map(tripView)).toEqual(full);
    expect(Number((await cached()).positions)).toBe(Number(day.positions) + 1);
  });

  it('reads a vehicle reporting every 10 s by coarse buckets only, with the same figures', async () => {
    const r = await both(
      () => [new Tracker(), new DayBook(tz, from + 3_600_000, MAX_GAP_MS), new Span()],
      COMPACT_BUCKET_MS,
      undefined,
      sparseId,
    );
    const [full, compact] = [r.full[0] as Tracker, r.compact[0] as Tracker];
    expect(full.trips.length).toBeGreaterThan(15);
    expect(compact.trips.map(tripView)).toEqual(full.trips.map(tripView));
    expect(compact.stops.map(stopView)).toEqual(full.stops.map(stopView));
    expect(dayView(r.compact[1] as DayBook)).toEqual(dayView(r.full[1] as DayBook));
    expect(r.compactCount).toBeLessThan(r.fullCount);
  });
});
