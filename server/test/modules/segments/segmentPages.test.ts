/**
 * A segments pass over more positions than a page: each page brings the vehicles it lists up to its own end,
 * so a late position listed by a later page still rewinds its vehicle (a pass that ran a vehicle up to the
 * newest position let a late one past the page go unseen: its id was below the vehicle's seen id).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, freshDatabase, insertDevice } from '../../harness';
import { migrateToLatest } from '../../../src/db/migrate';
import type { Db } from '../../../src/db/database';
import { buildTrack, insertTrack, type TrackRow } from '../../../src/reports/testing/track';
import { noisyTrack } from '../../../src/reports/testing/noisyTrack';
import { runVehicle } from '../../../src/track/run';
import { Tracker } from '../../../src/track/tracker';
import type { DeviceProfile } from '../../../src/track/sample';
import { periodSegments } from '../../../src/track/segments/period';
import { segmentPass } from '../../../src/modules/segments/job';
import { refuseProgress } from './refuseProgress';
import { readProgress, WATERMARK_DEVICE } from '../../../src/track/segments/store';

const VEHICLE: DeviceProfile = { machine: false, engineVoltage: undefined };
const DAY = 86_400_000;

describe.each(dialects())('segment passes in pages on %s', (dialect) => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let db: Db;
  let car: number;
  let other: number;
  const from = Date.UTC(2025, 6, 1);
  const to = from + 3 * DAY;
  const track = buildTrack({ latitude: -8.8, longitude: 13.2 }, noisyTrack(from, to, 30_000, 3));

  beforeAll(async () => {
    fresh = await freshDatabase(dialect);
    db = fresh.db;
    await migrateToLatest(db);
    car = await insertDevice(db, 'Carro', 'pages-1');
    other = await insertDevice(db, 'Outro', 'pages-2');
  }, 120_000);
  afterAll(async () => {
    await db.close();
    await fresh.drop();
  });

  const view = (
    trips: { startTime: number; endTime: number }[],
    stops: { startTime: number; endTime: number }[],
  ) => ({
    trips: trips.map((t) => [t.startTime, t.endTime]),
    stops: stops.map((s) => [s.startTime, s.endTime]),
  });

  async function engine() {
    const tracker = new Tracker();
    await runVehicle(db, car, VEHICLE, [tracker], { from, to, end: to });
    return view(tracker.trips, tracker.stops);
  }

  async function passes(page: number) {
    const done = [];
    let pass;
    do done.push((pass = await segmentPass(db, undefined, page)));
    while (pass.more);
    return done;
  }

  it('rewinds for a late position that only a later page lists', async () => {
    const day3 = track.findIndex((r) => r.time >= from + 2 * DAY);
    await insertTrack(db, car, track.slice(0, day3));
    await passes(1_000_000);
    // a long stop of day 2, where ten minutes of driving will arrive late
    const stored = await periodSegments(db, car, VEHICLE, { from: from + DAY, to: from + 2 * DAY, end: to });
    const long = stored!.stops.find((s) => s.endTime - s.startTime > 20 * 60_000)!;
    expect(long).toBeDefined();
    const base = track.find((r) => r.time >= long.startTime)!;
    const late: TrackRow[] = [];
    for (let t = long.startTime + 5 * 60_000 + 7_000; t < long.startTime + 15 * 60_000; t += 30_000)
      late.push({ ...base, time: t, speed: 40, ignition: true, valid: true });
    // day 3 of the car, then another vehicle's positions, then the late ones: three pages of 6,000 ids
    // (PostgreSQL's pages start 5,000 ids back, job.ts's OVERLAP: their ends fall inside the same three)
    const newer = track.slice(day3);
    await insertTrack(db, car, newer);
    const filler = buildTrack(
      { latitude: -8.9, longitude: 13.3 },
      noisyTrack(from, from + 5 * DAY, 30_000, 9),
    );
    expect(filler.length).toBeGreaterThan(12_000 - newer.length);
    await insertTrack(db, other, filler.slice(0, 12_000 - newer.length));
    await insertTrack(db, car, late);
    const paged = await passes(6_000);
    expect(paged.length).toBeGreaterThanOrEqual(3);
    // the page listing the late positions rewinds the car
    expect(paged.at(-1)).toMatchObject({ rewound: 1, more: false });
    const want = await engine();
    expect(want.stops.length).toBeGreaterThan(20);
    const got = await periodSegments(db, car, VEHICLE, { from, to, end: to });
    expect(view(got!.trips, got!.stops)).toEqual(want);
  }, 300_000);

  it('fails a pass whose vehicle could not be committed, and leaves the watermark for the next pass', async () => {
    const third = await insertDevice(db, 'Terceiro', 'pages-3');
    const watermark = async () => (await readProgress(db, [WATERMARK_DEVICE])).get(WATERMARK_DEVICE)?.seenId;
    const before = await watermark();
    // the third vehicle's progress row cannot be written (its commit fails while the others go on)
    const allow = await refuseProgress(db, third);
    const day = track.filter((r) => r.time < from + DAY);
    await insertTrack(db, third, day);
    await insertTrack(
      db,
      other,
      day.map((r) => ({ ...r, time: r.time + 5 * DAY })),
    );
    await expect(segmentPass(db)).rejects.toThrow(/refused/);
    expect(await watermark()).toBe(before);
    await allow();
    const pass = await segmentPass(db);
    expect(pass).toMatchObject({ more: false });
    expect(pass.devices).toBeGreaterThanOrEqual(1);
    expect(await watermark()).toBeGreaterThan(before!);
    expect((await readProgress(db, [third])).get(third)?.seenId).toBe(pass.watermark);
  }, 300_000);
});
