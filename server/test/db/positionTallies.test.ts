/**
 * The hourly position tallies (migration 006) stay equal to a count of the positions whatever writes them:
 * multi-row inserts, deletes, a position moved in time or to another vehicle, a vehicle deleted with its
 * positions; and the report cache reads its day state from them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { dialects, freshDatabase, insertDevice } from '../harness';
import { migrateToLatest } from '../../src/db/migrate';
import { positionRow, recordAt } from '../positionRecords';
import { migration031 } from '../../src/db/migrations/031_positionDeviceCheck';
import type { Db } from '../../src/db/database';
import { buildTrack, every, insertTrack } from '../../src/reports/testing/track';
import { tz } from '../../src/reports/testing/samples';
import { windowState } from '../../src/track/compactCache';

describe.each(dialects())('position tallies on %s', (dialect) => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let db: Db;
  const from = tz.toUtc(2025, 3, 10, 22);
  const to = tz.toUtc(2025, 3, 11, 3);

  const device = (n: number) => insertDevice(db, `Tally ${n}`, `tally-${n}`);

  /** Tallies (non-empty) and a fresh count of the positions, both as sorted rows. */
  const compare = async () => {
    const kept = await sql<{ d: number; h: number; p: number; t: number }>`
      SELECT device_id AS d, hour AS h, positions AS p, time_sum AS t FROM position_tallies
      WHERE positions <> 0 ORDER BY 1, 2`.execute(db.kysely);
    const hour = dialect === 'sqlite' ? sql`CAST(fix_time / 3600000 AS INTEGER)` : sql`fix_time / 3600000`;
    const counted = await sql<{ d: number; h: number; p: number; t: number }>`
      SELECT device_id AS d, ${hour} AS h, count(*) AS p, sum(fix_time % 86400000) AS t FROM positions
      GROUP BY 1, 2 ORDER BY 1, 2`.execute(db.kysely);
    const rows = (r: { rows: Array<{ d: number; h: number; p: number; t: number }> }) =>
      r.rows.map((x) => [Number(x.d), Number(x.h), Number(x.p), Number(x.t)]);
    return { kept: rows(kept), counted: rows(counted) };
  };

  beforeAll(async () => {
    fresh = await freshDatabase(dialect);
    db = fresh.db;
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db.close();
    await fresh.drop();
  });

  it('follows inserts, deletes, moves and a deleted vehicle', async () => {
    const a = await device(1);
    const b = await device(2);
    const track = (step: number) =>
      buildTrack(
        { latitude: -8.8, longitude: 13.2 },
        every(from, to, step, () => ({ speed: 30, ignition: true })),
      );
    await insertTrack(db, a, track(7_000), 333);
    await insertTrack(db, b, track(60_000));
    let state = await compare();
    expect(state.kept.length).toBe(10); // five hours of two vehicles
    expect(state.kept).toEqual(state.counted);

    await db.kysely
      .deleteFrom('positions')
      .where('deviceId', '=', a)
      .where('fixTime', '>=', tz.toUtc(2025, 3, 11, 0, 30))
      .where('fixTime', '<', tz.toUtc(2025, 3, 11, 1, 10))
      .execute();
    const one = await db.kysely
      .selectFrom('positions')
      .select('id')
      .where('deviceId', '=', a)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    await db.kysely
      .updateTable('positions')
      .set({ fixTime: tz.toUtc(2025, 3, 12, 9, 0, 7), deviceId: b })
      .where('id', '=', Number(one.id))
      .execute();
    state = await compare();
    expect(state.kept).toEqual(state.counted);

    await db.kysely.deleteFrom('devices').where('id', '=', b).execute();
    state = await compare();
    expect(state.kept.every(([d]) => d === a)).toBe(true);
    expect(state.kept).toEqual(state.counted);
  });

  it('refuses a position of a missing vehicle, and a move to one, whoever writes it', async () => {
    const a = await device(4);
    const before = await compare();
    const row = (deviceId: number, minute: number) =>
      positionRow(dialect, recordAt(deviceId, from + minute * 60_000));
    // one statement of three rows, one of a vehicle that does not exist: none of it is written
    await expect(
      db.kysely
        .insertInto('positions')
        .values([row(a, 1), row(999_999, 2), row(a, 3)])
        .execute(),
    ).rejects.toThrow(/foreign key/i);
    expect(await compare()).toEqual(before);
    const [kept] = await db.kysely
      .insertInto('positions')
      .values([row(a, 4)])
      .returning('id')
      .execute();
    await expect(
      db.kysely
        .updateTable('positions')
        .set({ deviceId: 999_999 })
        .where('id', '=', Number(kept.id))
        .execute(),
    ).rejects.toThrow(/foreign key/i);
    const state = await compare();
    expect(state.kept).toEqual(state.counted);
    expect(state.kept.filter(([d]) => d === a)).toEqual([
      [a, Math.floor((from + 240_000) / 3_600_000), 1, (from + 240_000) % 86_400_000],
    ]);
  });

  if (dialect === 'postgres')
    it('gives the foreign key back when migration 031 is undone, and takes it again', async () => {
      const k = db.kysely as unknown as Kysely<unknown>;
      const foreignKey = async () =>
        (
          await sql<{ n: number }>`SELECT count(*) AS n FROM pg_constraint
            WHERE conname = 'positions_device_id_fkey' AND conrelid = to_regclass('positions')`.execute(
            db.kysely,
          )
        ).rows.map((r) => Number(r.n));
      expect(await foreignKey()).toEqual([0]);
      await k.transaction().execute((trx) => migration031('postgres').down(trx));
      expect(await foreignKey()).toEqual([1]);
      const a = await device(5);
      await insertTrack(
        db,
        a,
        buildTrack(
          { latitude: -8.8, longitude: 13.2 },
          every(from, to, 600_000, () => ({ speed: 0, ignition: false })),
        ),
      );
      let state = await compare();
      expect(state.kept).toEqual(state.counted);
      await k.transaction().execute((trx) => migration031('postgres').up(trx));
      expect(await foreignKey()).toEqual([0]);
      await db.kysely.deleteFrom('devices').where('id', '=', a).execute();
      state = await compare();
      expect(state.kept.some(([d]) => d === a)).toBe(false);
      expect(state.kept).toEqual(state.counted);
    });

  it('gives the report cache the count and time sum of a whole-hour window, and of any other', async () => {
    const c = await device(3);
    await insertTrack(
      db,
      c,
      buildTrack(
        { latitude: -8.8, longitude: 13.2 },
        every(from, to, 13_000, () => ({ speed: 0, ignition: false })),
      ),
    );
    const scan = async (start: number, end: number) => {
      const r = await sql<{ n: number; t: number }>`
        SELECT count(*) AS n, coalesce(sum(fix_time % 86400000), 0) AS t FROM positions
        WHERE device_id = ${c} AND fix_time >= ${start} AND fix_time <= ${end}`.execute(db.kysely);
      return [Number(r.rows[0].n), Number(r.rows[0].t)];
    };
    const day = { start: tz.toUtc(2025, 3, 11), end: tz.toUtc(2025, 3, 12) - 1 };
    const odd = { start: tz.toUtc(2025, 3, 10, 23, 17), end: tz.toUtc(2025, 3, 11, 1, 42) };
    for (const w of [day, odd]) {
      const state = await windowState(db, { deviceId: c, bucketMs: 300_000, ...w });
      expect(state[0]).toBeGreaterThan(0);
      expect(state).toEqual(await scan(w.start, w.end));
    }
  });
});
