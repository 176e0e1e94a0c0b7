/**
 * Fuel among the daily totals kept with the segments (issue 24 point 2): the fuel hours give FuelDays' own
 * answer (what monthly litres reads) for whole days of a random month with refills, siphoning, drains while
 * driving, noise and spikes; while positions arrive in pieces and the job has not read the last ones; after
 * a late position; and after the vehicle's fuel settings change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { fuelPercent } from '@frota/core';
import { dialects, freshDatabase, insertDevice } from '../../harness';
import { migrateToLatest } from '../../../src/db/migrate';
import { toJson } from '../../../src/db/mapping';
import type { Db } from '../../../src/db/database';
import { buildTrack, insertTrack, type TrackRow } from '../../../src/reports/testing/track';
import { noisyTrack, random, withFuel } from '../../../src/reports/testing/noisyTrack';
import { tz } from '../../../src/reports/testing/samples';
import { runVehicle } from '../../../src/track/run';
import { FuelDays, type FuelDay } from '../../../src/track/fuelDays';
import { FUEL_KEYS } from '../../../src/track/fuelSource';
import { deviceProfile } from '../../../src/track/sample';
import { storedFuelDays } from '../../../src/track/segments/periodFuel';
import { segmentPass } from '../../../src/modules/segments/job';

const DAY = 86_400_000;
const ATTRIBUTES = { fuel_tank_capacity: 200, has_canbus: true };

describe.each(dialects())('fuel from the segments on %s', (dialect) => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let db: Db;
  let deviceId: number;
  let track: TrackRow[];
  let attributes: Record<string, unknown> = ATTRIBUTES;
  const from = tz.toUtc(2025, 5, 1, 0);
  const to = tz.toUtc(2025, 6, 1, 0);

  beforeAll(async () => {
    fresh = await freshDatabase(dialect);
    db = fresh.db;
    await migrateToLatest(db);
    deviceId = await insertDevice(db, 'Tanque', 'segments-fuel-1');
    await setAttributes(ATTRIBUTES);
    track = buildTrack(
      { latitude: -8.8, longitude: 13.2, totalDistance: 1_000_000 },
      withFuel(noisyTrack(from, to, 30_000, 19), 4),
    );
  }, 120_000);
  afterAll(async () => {
    await db.close();
    await fresh.drop();
  });

  async function setAttributes(a: Record<string, unknown>) {
    attributes = a;
    await sql`UPDATE devices SET attributes = ${toJson(a)} WHERE id = ${deviceId}`.execute(db.kysely);
  }

  const round = (n: number) => Math.round(n * 1e9) / 1e9;
  const view = (days: FuelDay[]) =>
    days.map((d) => ({
      key: d.key,
      start: round(d.start),
      end: round(d.end),
      refilled: round(d.refilled),
      dropped: round(d.dropped),
    }));

  /** What monthly litres computes over every position of the period. */
  async function engine(period: { from: number; to: number }) {
    const fuel = new FuelDays(tz, (s) => fuelPercent(attributes, s.attrs));
    await runVehicle(db, deviceId, deviceProfile(attributes), [fuel], {
      ...period,
      end: period.to,
      keys: FUEL_KEYS,
    });
    return view(fuel.list());
  }

  async function stored(period: { from: number; to: number }) {
    const got = await storedFuelDays(db, deviceId, deviceProfile(attributes), tz, {
      ...period,
      end: period.to,
    });
    return got && { days: view(got.days), positions: got.positions, handedOver: got.handedOver };
  }

  const inPeriod = (p: { from: number; to: number }) =>
    track.filter((r) => r.time >= p.from && r.time <= p.to).length;

  async function catchUp() {
    let pass;
    do pass = await segmentPass(db);
    while (pass.more);
    return pass;
  }

  /** Whole local days from a random day of the month. */
  function wholeDays(rnd: () => number, most = 6) {
    const a = tz.startOfDay(from + Math.floor(rnd() * 25 * DAY));
    return { from: a, to: tz.startOfDay(a + (1 + Math.floor(rnd() * most)) * DAY + DAY / 2) - 1 };
  }

  it('gives FuelDays answer while the job has not read the last positions (the tail)', async () => {
    const third = Math.floor(track.length / 3);
    await insertTrack(db, deviceId, track.slice(0, third));
    await catchUp();
    await insertTrack(db, deviceId, track.slice(third, 2 * third));
    await catchUp();
    // the last third is stored, not read by the job yet
    await insertTrack(db, deviceId, track.slice(2 * third));
    const unread = track[2 * third].time;
    const rnd = random(8);
    for (let i = 0; i < 4; i++) {
      const a = tz.startOfDay(unread - (2 + Math.floor(rnd() * 6)) * DAY);
      const period = { from: a, to: tz.startOfDay(unread + (1 + i) * DAY) - 1 };
      const got = await stored(period);
      expect(got, `period ${i}`).toBeDefined();
      expect({ i, days: got!.days }).toEqual({ i, days: await engine(period) });
      expect(got!.handedOver).toBeDefined();
    }
  }, 300_000);

  it('gives FuelDays answer for random whole days of the month and the month itself', async () => {
    await catchUp();
    const rnd = random(12);
    let handedOver = 0;
    let refills = 0;
    for (let i = 0; i < 12; i++) {
      const period = wholeDays(rnd);
      const got = await stored(period);
      expect(got, `period ${i}`).toBeDefined();
      const want = await engine(period);
      expect({ i, days: got!.days }).toEqual({ i, days: want });
      refills += want.filter((d) => d.refilled > 0).length;
      if (got!.handedOver !== undefined) {
        handedOver++;
        // the head read a part of the period, the stored hours the rest
        expect(got!.positions).toBeLessThan(inPeriod(period));
      }
    }
    expect(handedOver).toBeGreaterThanOrEqual(9);
    expect(refills).toBeGreaterThan(5);
    const month = { from, to: to - 1 };
    const got = await stored(month);
    const want = await engine(month);
    expect(want.length).toBe(31);
    expect(want.some((d) => d.dropped > 0)).toBe(true);
    expect(got!.days).toEqual(want);
    expect(got!.positions).toBeLessThan(inPeriod(month) / 20);
  }, 300_000);

  it("hands over only once the period's own analyzer is in the job's state", async () => {
    // parked from 23:30 to 01:30 across the period's start, refilled at 01:10: the period's analyzer
    // measures the refill from its first reading (a noisy 59.6), the job's from the level before the stop
    const other = await insertDevice(db, 'Tanque 2', 'segments-fuel-2');
    await sql`UPDATE devices SET attributes = ${toJson(ATTRIBUTES)} WHERE id = ${other}`.execute(db.kysely);
    const midnight = tz.toUtc(2025, 5, 10, 0);
    const points = [];
    for (let t = midnight - 2 * 3_600_000; t < midnight + 3 * 3_600_000; t += 60_000) {
      const parked = t >= midnight - 30 * 60_000 && t < midnight + 90 * 60_000;
      const level = t < midnight + 70 * 60_000 ? 58 : 90;
      const noise = t === midnight ? 1.6 : ((t / 60_000) % 3) * 0.2;
      points.push({ time: t, speed: parked ? 0 : 50, ignition: !parked, attrs: { fuel: level + noise } });
    }
    await insertTrack(db, other, buildTrack({ latitude: -8.8, longitude: 13.2 }, points));
    await catchUp();
    const period = { from: midnight, to: midnight + DAY - 1 };
    const got = await storedFuelDays(db, other, deviceProfile(ATTRIBUTES), tz, { ...period, end: period.to });
    const want = new FuelDays(tz, (s) => fuelPercent(ATTRIBUTES, s.attrs));
    await runVehicle(db, other, deviceProfile(ATTRIBUTES), [want], {
      ...period,
      end: period.to,
      keys: FUEL_KEYS,
    });
    expect(want.list()[0].refilled).toBeCloseTo(90 - 59.6, 0);
    expect(view(got!.days)).toEqual(view(want.list()));
    // the states differ until the refill is judged while driving off, in the second hour
    expect(got!.handedOver).toBe(midnight + 3_600_000);
  }, 120_000);

  it('refuses the hours until the job has read a late position, then answers again', async () => {
    const period = { from: tz.startOfDay(from + 9 * DAY), to: tz.startOfDay(from + 12 * DAY) - 1 };
    const base = track.find((r) => r.time >= period.from + DAY / 2 && !r.ignition)!;
    // a refill read late, in the middle of a stop
    const late: TrackRow[] = [];
    for (let k = 1; k <= 8; k++) late.push({ ...base, time: base.time + k * 1_000, attrs: { fuel: 99 } });
    await insertTrack(db, deviceId, late);
    expect(await stored(period)).toBeUndefined();
    expect((await catchUp()).rewound).toBe(1);
    const got = await stored(period);
    expect(got!.days).toEqual(await engine(period));
    expect(got!.handedOver).toBeDefined();
  }, 300_000);

  it('starts over when the fuel settings change', async () => {
    const period = { from: tz.startOfDay(from + 3 * DAY), to: tz.startOfDay(from + 8 * DAY) - 1 };
    const more = async () => {
      const last = track[track.length - 1];
      track.push({ ...last, time: last.time + 20_000 });
      await insertTrack(db, deviceId, [track[track.length - 1]]);
    };
    // without a tank capacity there are no litres: nothing to read, and the segments are rebuilt without fuel
    await setAttributes({ has_canbus: true });
    expect(await stored(period)).toBeUndefined();
    await more();
    expect((await catchUp()).rewound).toBe(1);
    const hours = async () =>
      Number(
        (
          await sql<{ n: number }>`SELECT count(*) AS n FROM segment_hours WHERE device_id = ${deviceId}
            AND CAST(data AS TEXT) LIKE ${'%"fuel"%'}`.execute(db.kysely)
        ).rows[0].n,
      );
    expect(await hours()).toBe(0);
    await setAttributes(ATTRIBUTES);
    await more();
    expect((await catchUp()).rewound).toBe(1);
    expect(await hours()).toBeGreaterThan(500);
    const got = await stored(period);
    expect(got!.days).toEqual(await engine(period));
  }, 300_000);
});
