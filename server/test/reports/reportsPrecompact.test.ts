/**
 * The nightly compact days (reports/precompact.ts): every vehicle's settled days are stored in every
 * timezone its users read reports in, a day already stored is left alone, a late record refreshes its
 * day, an unsettled day waits, and the job runs on the node holding its lease.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { dialects, freshDatabase, insertDevice } from '../harness';
import { migrateToLatest } from '../../src/db/migrate';
import { lastRunOf } from '../../src/jobs/lease';
import { fromBool, toJson } from '../../src/db/mapping';
import type { Db } from '../../src/db/database';
import { buildTrack, every, insertTrack } from '../../src/reports/testing/track';
import { MIN } from '../../src/reports/testing/samples';
import { zoneFor } from '../../src/track/timezone';
import { COMPACT_BUCKET_MS } from '../../src/track/compactStream';
import {
  PRECOMPACT_LEASE,
  precompactDays,
  reportZones,
  settledDays,
  startPrecompactor,
} from '../../src/reports/precompact';

const luanda = zoneFor('Africa/Luanda');
const lisbon = zoneFor('Europe/Lisbon');

describe.each(dialects())('nightly compact days on %s', (dialect) => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let db: Db;
  const devices: number[] = [];
  const from = luanda.toUtc(2025, 3, 9, 12);
  const to = luanda.toUtc(2025, 3, 13, 12);
  // noon in Luanda on the 13th: the 10th, 11th and 12th are over in both zones
  const now = to;

  const cacheRows = async () =>
    (
      await sql<{ d: number; s: number; p: number }>`
        SELECT device_id AS d, window_start AS s, positions AS p FROM compact_cache
        WHERE bucket_ms = ${COMPACT_BUCKET_MS} ORDER BY window_start, device_id`.execute(db.kysely)
    ).rows.map((r) => ({ device: Number(r.d), start: Number(r.s), positions: Number(r.p) }));

  beforeAll(async () => {
    fresh = await freshDatabase(dialect);
    db = fresh.db;
    await migrateToLatest(db);
    for (const [i, tz] of ['Africa/Luanda', 'Europe/Lisbon', 'America/Sao_Paulo'].entries())
      await db.kysely
        .insertInto('users')
        .values({
          name: `u${i}`,
          email: `u${i}@frota.local`,
          readonly: fromBool(dialect, false),
          administrator: fromBool(dialect, false),
          // a disabled user's zone is not read in
          disabled: fromBool(dialect, i === 2),
          userLimit: 0,
          deviceLimit: -1,
          attributes: toJson({ timezone: tz }),
        })
        .execute();
    for (const n of [1, 2]) {
      const device = await insertDevice(db, `Nightly ${n}`, `nightly-${n}`);
      devices.push(device);
      const points = every(from, to, MIN, (t) => {
        const driving = Math.floor(t / (45 * MIN)) % 2 === n - 1;
        return { speed: driving ? 40 : 0, ignition: driving };
      });
      await insertTrack(db, device, buildTrack({ latitude: -8.8, longitude: 13.2 }, points));
    }
  });

  afterAll(async () => {
    await db.close();
    await fresh.drop();
  });

  it('reads reports in the zones of the enabled users and the default', async () => {
    expect((await reportZones(db)).map((z) => z.name)).toEqual(['Africa/Luanda', 'Europe/Lisbon']);
  });

  it('counts only days that are over and settled', () => {
    expect(settledDays(luanda, now, 3).map(([s]) => luanda.local(s))).toEqual([
      '2025-03-10 00:00:00',
      '2025-03-11 00:00:00',
      '2025-03-12 00:00:00',
    ]);
    // half an hour after midnight the day just over may still receive late records
    const early = settledDays(luanda, luanda.toUtc(2025, 3, 13, 0, 30), 1)[0];
    expect(luanda.local(early[0])).toBe('2025-03-11 00:00:00');
    expect(luanda.local(early[1])).toBe('2025-03-11 23:59:59');
  });

  it('stores each vehicle day once per zone, leaves stored days alone and refreshes a day that changed', async () => {
    expect(await precompactDays(db, now, 3)).toBe(2 * 3 * devices.length);
    const stored = await cacheRows();
    const expected = [luanda, lisbon].flatMap((zone) =>
      settledDays(zone, now, 3).flatMap(([start]) => devices.map((device) => ({ device, start }))),
    );
    expect(stored.map(({ device, start }) => ({ device, start }))).toEqual(
      expected.sort((a, b) => a.start - b.start || a.device - b.device),
    );
    // a minute-by-minute day holds 1440 positions
    expect(stored.find((r) => r.start === luanda.toUtc(2025, 3, 11))?.positions).toBe(1440);

    await sql`UPDATE compact_cache SET rows = '[]' WHERE device_id = ${devices[1]}`.execute(db.kysely);
    await precompactDays(db, now, 3);
    const untouched = await sql<{ n: number }>`
      SELECT count(*) AS n FROM compact_cache WHERE rows = '[]'`.execute(db.kysely);
    expect(Number(untouched.rows[0].n)).toBe(6);

    const late = luanda.toUtc(2025, 3, 11, 10, 0, 30);
    await insertTrack(
      db,
      devices[0],
      buildTrack({ latitude: -8.8, longitude: 13.2 }, [{ time: late, speed: 0, ignition: false }]),
    );
    await precompactDays(db, now, 3);
    const day = (await cacheRows()).find(
      (r) => r.device === devices[0] && r.start === luanda.toUtc(2025, 3, 11),
    );
    expect(day?.positions).toBe(1441);
  });

  it('runs on the node holding its lease and hands the lease back on stop', async () => {
    await sql`DELETE FROM compact_cache`.execute(db.kysely);
    const errors: unknown[] = [];
    const job = startPrecompactor(db, {
      intervalMs: 60_000,
      firstDelayMs: 0,
      now: () => now,
      onError: (e) => errors.push(e),
    });
    // the run is recorded in lease_runs when it ends; polled, as no event announces it (a bounded poll of
    // one row, no fixed wait)
    await expect.poll(() => lastRunOf(db, PRECOMPACT_LEASE), { timeout: 15_000 }).toBe(now);
    await job.stop();
    expect(errors).toEqual([]);
    // the first run fills the month back: every day of the track that is over, in both zones
    const starts = [...new Set((await cacheRows()).map((r) => r.start))];
    expect(starts).toEqual(
      [luanda, lisbon]
        .flatMap((zone) => settledDays(zone, now, 4).map(([start]) => start))
        .sort((a, b) => a - b),
    );
    expect(await cacheRows()).toHaveLength(starts.length * devices.length);
    const leases = await db.kysely
      .selectFrom('leases')
      .selectAll()
      .where('name', '=', PRECOMPACT_LEASE)
      .execute();
    expect(leases).toEqual([]);
  });
});
