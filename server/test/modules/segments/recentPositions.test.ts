/**
 * The positions a node stored, kept for the segments job (track/segments/recentPositions.ts): what it gives
 * back is exactly what reading the positions gives, value for value, on each database; a record whose
 * stored form it cannot be sure of, a position it does not have and one deleted since all send the job to
 * the database. And a pass fed the records stores, row for row, what a pass reading them stores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, freshDatabase, insertDevice } from '../../harness';
import { positionRow, recordAt } from '../../positionRecords';
import { migrateToLatest } from '../../../src/db/migrate';
import type { Db, Dialect } from '../../../src/db/database';
import { positionChunks } from '../../../src/track/positionStream';
import { FUEL_KEYS } from '../../../src/track/fuelSource';
import { MACHINE_KEYS, MOTION_KEYS, type RawPosition } from '../../../src/track/sample';
import { RecentPositions } from '../../../src/track/segments/recentPositions';
import type { ProcessedPosition } from '../../../src/processing/types';
import type { DecodedPosition } from '../../../src/protocols/types';
import { Ingest } from '../../../src/processing/ingest';
import type { WriterThread } from '../../../src/processing/batchWriterThread';
import { LiveHub } from '../../../src/live/hub';
import { segmentPass, segmentRun } from '../../../src/modules/segments/job';
import { keptFromStart } from '../../../src/modules/segments/module';
import { buildTrack, type TrackRow } from '../../../src/reports/testing/track';
import { noisyTrack, withFuel } from '../../../src/reports/testing/noisyTrack';
import { kmhToKnots } from '@frota/core';
import { sql } from 'kysely';

const KEYS = [...MOTION_KEYS, ...MACHINE_KEYS, ...FUEL_KEYS];
const T0 = Date.UTC(2025, 4, 5, 8);
/** values every database stores in a form known for sure */
const PLAIN: unknown[] = [
  true,
  false,
  0,
  -0,
  1,
  12.8,
  -3.25,
  1_000_011.1,
  123456789012345680,
  0.000001,
  NaN,
  null,
];

/** A fresh database at the latest migration, for the describe block that calls this. */
function migratedDatabase(dialect: Dialect): { db: Db } {
  const fresh = {} as Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    Object.assign(fresh, await freshDatabase(dialect));
    await migrateToLatest(fresh.db);
  }, 120_000);
  afterAll(async () => {
    await fresh.db.close();
    await fresh.drop();
  });
  return fresh;
}

/** Stores the records as positions and gives them to `recent` with the ids they got. */
async function storeKept(db: Db, records: ProcessedPosition[], recent: RecentPositions): Promise<number[]> {
  const rows = await db.kysely
    .insertInto('positions')
    .values(records.map((r) => positionRow(db.dialect, r)))
    .returning('id')
    .execute();
  const ids = rows.map((r) => Number(r.id));
  recent.add(records, ids);
  return ids;
}

describe.each(dialects())('positions kept for the segments on %s', (dialect) => {
  const data = migratedDatabase(dialect);
  let db: Db;
  beforeAll(() => void (db = data.db));
  const store = (records: ProcessedPosition[], recent: RecentPositions) => storeKept(db, records, recent);

  async function read(deviceId: number, keys: string[], maxId: number, from = { time: -Infinity, id: 0 }) {
    const out: RawPosition[] = [];
    for await (const chunk of positionChunks(db, deviceId, -8.64e15, 8.64e15, { keys, maxId }))
      for (const p of chunk)
        if (p.fixTime > from.time || (p.fixTime === from.time && p.id > from.id)) out.push(p);
    return out;
  }

  const listed = (rows: RawPosition[]) => Float64Array.from(rows.flatMap((r) => [r.id, r.fixTime]));

  it('gives back what a read of the positions gives, value for value, for every key', async () => {
    const deviceId = await insertDevice(db, 'Valores', 'recent-1');
    const recent = new RecentPositions(dialect);
    recent.keepFor(60_000);
    // each key takes each value in turn, the keys out of step so that every record mixes them
    const records = Array.from({ length: PLAIN.length * 2 }, (_, i) =>
      recordAt(deviceId, T0 + (i % 7) * 60_000 + i, {
        speed: i % 3 ? 12.5 : 0,
        valid: i % 5 !== 0,
        latitude: -8.8 + i / 1000,
        attributes: Object.fromEntries(KEYS.map((k, j) => [k, PLAIN[(i + j) % PLAIN.length]])),
      }),
    );
    const ids = await store(records, recent);
    expect(recent.entries).toBe(records.length);
    const maxId = Math.max(...ids);
    for (const keys of [MOTION_KEYS, [...MOTION_KEYS, ...MACHINE_KEYS], [...MOTION_KEYS, ...FUEL_KEYS]]) {
      const want = await read(deviceId, keys, maxId);
      expect(want).toHaveLength(records.length);
      expect(
        recent.continuation(deviceId, { time: -Infinity, id: 0 }, maxId, listed(want), keys),
      ).toStrictEqual(want);
      // carrying on from a position: only what follows it
      const from = { time: want[9].fixTime, id: want[9].id };
      const rest = await read(deviceId, keys, maxId, from);
      expect(rest.length).toBeLessThan(want.length);
      expect(recent.continuation(deviceId, from, maxId, listed(want), keys)).toStrictEqual(rest);
    }
    // the booleans as each database gives them back
    const ignition = (await read(deviceId, ['ignition'], maxId)).map((p) => p.attrs.ignition);
    expect(ignition).toContain(dialect === 'sqlite' ? 1 : 'true');
    recent.consumed(deviceId, maxId);
    expect(recent.entries).toBe(0);
  });

  it('keeps out a record whose stored form it cannot be sure of, and then sends the vehicle to the database', async () => {
    const odd: Record<string, unknown>[] = [
      { ignition: 'true' },
      { fuel: '12' },
      { power: { volts: 12 } },
      { rpm: [1, 2] },
      ...(dialect === 'postgres' ? [{ power: 1e21 }, { adc1: 1e-7 }] : []),
    ];
    for (const [n, attributes] of odd.entries()) {
      const deviceId = await insertDevice(db, `Estranho ${n}`, `recent-odd-${n}`);
      const recent = new RecentPositions(dialect);
      recent.keepFor(60_000);
      const ids = await store(
        [
          recordAt(deviceId, T0, { attributes: { ignition: true } }),
          recordAt(deviceId, T0 + 1000, { attributes }),
          recordAt(deviceId, T0 + 2000, { latitude: -0 }),
        ],
        recent,
      );
      expect(recent.entries, JSON.stringify(attributes)).toBe(1);
      const all = await read(deviceId, KEYS, Math.max(...ids));
      expect(
        recent.continuation(deviceId, { time: -Infinity, id: 0 }, Math.max(...ids), listed(all), KEYS),
      ).toBe(undefined);
      // the one it kept is good on its own
      expect(
        recent.continuation(deviceId, { time: -Infinity, id: 0 }, ids[0], listed(all), KEYS),
      ).toStrictEqual(all.slice(0, 1));
    }
  });

  it('answers only for the positions the database lists: missing, deleted or past the pass', async () => {
    const deviceId = await insertDevice(db, 'Lista', 'recent-2');
    const recent = new RecentPositions(dialect);
    recent.keepFor(60_000);
    const records = [0, 1, 2, 3].map((i) =>
      recordAt(deviceId, T0 + i * 1000, { attributes: { ignition: true } }),
    );
    const ids = await store(records, recent);
    const all = await read(deviceId, KEYS, ids[3]);
    const start = { time: -Infinity, id: 0 };
    expect(recent.continuation(deviceId, start, ids[3], listed(all), KEYS)).toHaveLength(4);
    // a position stored elsewhere (the database lists one it does not have)
    const other = await db.kysely
      .insertInto('positions')
      .values(positionRow(dialect, recordAt(deviceId, T0 + 5000)))
      .returning('id')
      .executeTakeFirstOrThrow();
    const withOther = await read(deviceId, KEYS, Number(other.id));
    expect(recent.continuation(deviceId, start, Number(other.id), listed(withOther), KEYS)).toBe(undefined);
    // a position deleted since it was stored
    await db.kysely.deleteFrom('positions').where('id', '=', ids[1]).execute();
    const afterDelete = await read(deviceId, KEYS, ids[3]);
    expect(recent.continuation(deviceId, start, ids[3], listed(afterDelete), KEYS)).toBe(undefined);
    // up to an earlier id: the later ones are not this pass's
    expect(recent.continuation(deviceId, start, ids[0], listed(all), KEYS)).toStrictEqual(all.slice(0, 1));
  });

  it('keeps nothing unless its job ran lately, and keeps the oldest past its cap', async () => {
    let now = 1_000;
    const recent = new RecentPositions(dialect, 5, () => now);
    const records = [0, 1, 2].map((i) => recordAt(1, T0 + i));
    const listed = (ids: number[]) => Float64Array.from(ids.flatMap((id) => [id, T0 + ((id - 1) % 3)]));
    const start = { time: -Infinity, id: 0 };
    recent.add(records, [1, 2, 3]);
    expect(recent.entries).toBe(0);
    recent.keepFor(10_000);
    recent.add(records, [1, 2, 3]);
    expect(recent.entries).toBe(3);
    // full at 5: the records past it wait outside, those kept still serve a page that lists them
    recent.add(records, [4, 5, 6]);
    expect(recent.entries).toBe(5);
    expect(recent.continuation(1, start, 5, listed([1, 2, 3, 4, 5]), KEYS)?.map((p) => p.id)).toEqual([
      1, 4, 2, 5, 3,
    ]);
    // a page listing the one left out reads the database
    expect(recent.continuation(1, start, 6, listed([1, 2, 3, 4, 5, 6]), KEYS)).toBe(undefined);
    // a pass ending at 4 frees room: the next records are kept again
    recent.passed(4);
    expect(recent.entries).toBe(1);
    recent.add(records, [7, 8, 9]);
    expect(recent.entries).toBe(4);
    now += 10_001;
    recent.add(records, [10, 11, 12]);
    expect(recent.entries).toBe(0);
  });

  it('forgets its ledger of ids with the records when its job no longer runs here', () => {
    let now = 1_000;
    const recent = new RecentPositions(dialect, 10, () => now);
    recent.keepFor(10_000);
    // a record kept out (text where a number goes) still has its id in the ledger
    recent.add([recordAt(1, T0, { attributes: { ignition: 'sim' } })], [1]);
    expect(recent.entries).toBe(0);
    expect(recent.listing(0, 1)?.end).toBe(1);
    now += 10_001;
    recent.add([recordAt(1, T0 + 1000)], [2]);
    expect(recent.listing(0, 2)).toBeUndefined();
  });

  it("keeps recording through a job's run of several passes, each pass renewing the window", async () => {
    const INTERVAL = 10_000;
    let now = 1_000;
    const recent = new RecentPositions(dialect, 1_000, () => now);
    const kept: number[] = [];
    let nextId = 1;
    // each stand-in pass takes two intervals of the clock and stores three records meanwhile, as the
    // ingest would while a pass of a large history runs
    const pass = async (_db: Db, r?: RecentPositions) => {
      now += 2 * INTERVAL;
      r!.add(
        [0, 1, 2].map((i) => recordAt(1, T0 + nextId + i)),
        [nextId, nextId + 1, nextId + 2],
      );
      nextId += 3;
      kept.push(r!.entries);
      return {
        devices: 0,
        positions: 0,
        stored: 0,
        rewound: 0,
        known: 0,
        listedKept: false,
        watermark: 0,
        more: kept.length < 4,
      };
    };
    await segmentRun(db, recent, INTERVAL, pass);
    // a window set once before the first pass (three intervals) would have ended during the second
    expect(kept).toEqual([3, 6, 9, 12]);
  });

  it('keeps many records of a vehicle in their order, and forgets those a pass has read', () => {
    const recent = new RecentPositions(dialect);
    recent.keepFor(60_000);
    // fix times out of id order: the answer is in fix time order
    const times = Array.from({ length: 300 }, (_, i) => T0 + ((i * 37) % 300) * 1000);
    const records = times.map((t) =>
      recordAt(7, t, { attributes: { ignition: true, totalDistance: t / 1000 } }),
    );
    const ids = records.map((_, i) => i + 1);
    recent.add(records, ids);
    recent.consumed(7, 120);
    expect(recent.entries).toBe(180);
    const listed = ids.slice(120).map((id) => [id, times[id - 1]] as const);
    const got = recent.continuation(
      7,
      { time: -Infinity, id: 0 },
      300,
      Float64Array.from(listed.flat()),
      MOTION_KEYS,
    )!;
    expect(got.map((p) => p.id)).toEqual([...listed].sort((a, b) => a[1] - b[1]).map(([id]) => id));
    expect(got[0].attrs.totalDistance).toBe(got[0].fixTime / 1000);
    recent.consumed(7, 300);
    expect(recent.entries).toBe(0);
  });

  it("keeps a vehicle's room through a pass it had records in, and lets it go after one it had none", () => {
    const recent = new RecentPositions(dialect);
    recent.keepFor(60_000);
    recent.add([recordAt(1, T0), recordAt(2, T0)], [1, 2]);
    recent.passed(2);
    expect([recent.entries, recent.vehicles]).toEqual([0, 2]);
    // only the first reports again: the second's room goes at the pass after
    recent.add([recordAt(1, T0 + 1000)], [3]);
    recent.passed(3);
    expect([recent.entries, recent.vehicles]).toEqual([0, 1]);
    recent.passed(3);
    expect(recent.vehicles).toBe(0);
  });
});

describe.each(dialects())("a vehicle's first segments pass on %s", (dialect) => {
  const data = migratedDatabase(dialect);
  const store = (records: ProcessedPosition[], recent: RecentPositions) =>
    storeKept(data.db, records, recent);
  const driving = (deviceId: number, from: number, n: number) =>
    Array.from({ length: n }, (_, i) => recordAt(deviceId, T0 + (from + i) * 60_000, { speed: 20 }));

  it('takes the kept records when its page lists all its positions, and reads them otherwise', async () => {
    // kept from the node's start, before the job's first run
    const recent = keptFromStart(dialect);
    const first = await insertDevice(data.db, 'Primeira', 'first-pass-1');
    await store(driving(first, 0, 30), recent);
    expect(recent.entries).toBe(30);
    const one = await segmentPass(data.db, recent);
    expect([one.devices, one.positions, one.known]).toEqual([1, 30, 1]);
    // the next page starts at the watermark: a vehicle new there may have positions before it
    const second = await insertDevice(data.db, 'Segunda', 'first-pass-2');
    await store([...driving(first, 30, 10), ...driving(second, 0, 10)], recent);
    const two = await segmentPass(data.db, recent);
    // PostgreSQL's pages start OVERLAP ids back (5,000): this one still lists from the first id
    expect([two.devices, two.positions, two.known]).toEqual([2, 20, dialect === 'sqlite' ? 1 : 2]);
    expect(recent.entries).toBe(0);
  });
});

describe.each(dialects())('a segments pass fed the stored records on %s', (dialect) => {
  /** two databases given the same records in the same order: the same ids, the second never fed */
  const sides: { db: Db; drop: () => Promise<void>; ingest: Ingest; deviceId: number }[] = [];
  let recent: RecentPositions;
  const from = Date.UTC(2025, 5, 2);
  const track = buildTrack(
    { latitude: -8.8, longitude: 13.2 },
    withFuel(noisyTrack(from, from + 2 * 86_400_000, 30_000, 5)),
  );
  const uniqueId = '356307042441099';

  beforeAll(async () => {
    recent = new RecentPositions(dialect);
    recent.keepFor(3_600_000);
    for (const fed of [true, false]) {
      const { db, drop } = await freshDatabase(dialect);
      await migrateToLatest(db);
      const deviceId = await insertDevice(db, 'Carrinha', uniqueId);
      // a vehicle with a fuel level in litres: the fuel keys are read too
      await db.kysely
        .updateTable('devices')
        .set({ attributes: JSON.stringify({ fuelsensor_port: true, fuel_tank_capacity: 80 }) })
        .where('id', '=', deviceId)
        .execute();
      const ingest = new Ingest({
        db,
        live: new LiveHub(db),
        now: () => from,
        onStored: fed ? (positions, _devices, ids) => recent.add(positions, ids) : undefined,
      });
      sides.push({ db, drop, ingest, deviceId });
    }
  }, 120_000);
  afterAll(async () => {
    for (const s of sides) {
      await s.ingest.writer.close();
      await s.db.close();
      await s.drop();
    }
  });

  const decoded = (rows: TrackRow[]): DecodedPosition[] =>
    rows.map((r) => ({
      protocol: 'teltonika',
      uniqueId,
      fixTime: new Date(r.time),
      deviceTime: new Date(r.time),
      latitude: r.latitude,
      longitude: r.longitude,
      altitude: 0,
      speed: kmhToKnots(r.speed),
      course: 90,
      valid: r.valid,
      attributes: { ignition: r.ignition, motion: r.speed > 3, power: 12.6, ...r.attrs },
    }));

  /** per piece, for each side: whether each pass listed its page from the stored records */
  let listings: boolean[][] = [];

  async function piece(rows: TrackRow[], between?: (db: Db) => Promise<void>) {
    const passes = [];
    listings = [];
    for (const s of sides) {
      const listed: boolean[] = [];
      listings.push(listed);
      for (let i = 0; i < rows.length; i += 50) await s.ingest.store(decoded(rows.slice(i, i + 50)));
      // SQLite: the fed side commits its segments through the writer thread, the other on the main
      // connection (db.sqliteWrites let go): the rows of both ways agree too
      if (s !== sides[0]) s.db.sqliteWrites = undefined;
      await between?.(s.db);
      let pass;
      do listed.push((pass = await segmentPass(s.db, s === sides[0] ? recent : undefined)).listedKept);
      while (pass.more);
      passes.push(pass);
    }
    return passes;
  }

  /** every row the segments keep, in the same order on both sides */
  async function kept(db: Db) {
    const rows = async (text: string) =>
      (await db.kysely.executeQuery(sql.raw(text).compile(db.kysely))).rows;
    return {
      segments: await rows(
        'SELECT kind, closed_time, closed_id, start_time, end_time, data FROM segments ORDER BY closed_time, closed_id, kind',
      ),
      hours: await rows(
        'SELECT hour, closed_time, closed_id, data FROM segment_hours ORDER BY hour, closed_time, closed_id',
      ),
      progress: await rows('SELECT * FROM segment_progress ORDER BY device_id'),
    };
  }

  it('stores, row for row, what a pass reading the positions stores', async () => {
    const cut = (n: number) => Math.floor((track.length * n) / 5);
    const first = await piece(track.slice(0, cut(1)));
    // the first pass has no state to carry on from, but its page lists every position from the first id
    expect(first.map((p) => [p.devices, p.known])).toEqual([
      [1, 1],
      [1, 0],
    ]);
    // the fed side lists its pages from the records it stored, the other asks the database
    expect(listings).toEqual([[true], [false]]);
    for (const n of [2, 3]) {
      const [fed, read] = await piece(track.slice(cut(n - 1), cut(n)));
      expect(listings).toEqual([[true], [false]]);
      expect([fed.known, read.known]).toEqual([1, 0]);
      expect(fed.positions).toBe(read.positions);
      expect(fed.positions).toBeGreaterThan(100);
    }
    expect(recent.entries).toBe(0);
    // a position deleted before the pass: the fed side reads, and both agree
    const deleted = await piece(track.slice(cut(3), cut(4)), async (db) => {
      const [{ id }] = await db.kysely
        .selectFrom('positions')
        .select(sql<number>`max(id)`.as('id'))
        .execute();
      await db.kysely
        .deleteFrom('positions')
        .where('id', '=', Number(id) - 7)
        .execute();
    });
    expect(deleted.map((p) => p.known)).toEqual([0, 0]);
    // the database counts one position fewer than the fed side stored: it lists the page
    expect(listings).toEqual([[false], [false]]);
    // a position stored another way (the main connection, another node): the fed side's page ends before
    // it, and the pass after lists from it by the database
    const foreignAt = track[cut(4) + 5];
    const foreign = await piece(track.slice(cut(4), cut(4) + 5), async (db) => {
      await db.kysely
        .insertInto('positions')
        .values(positionRow(dialect, recordAt(sides.find((s) => s.db === db)!.deviceId, foreignAt.time)))
        .execute();
    });
    // (PostgreSQL's pages reach 5,000 ids back, where the deleted one still is: the database lists them)
    const sqlite = dialect === 'sqlite';
    expect(listings).toEqual([[sqlite], [false]]);
    // SQLite: the fed side's watermark stops one short, and its next pass reads the foreign one too
    expect(foreign[0].watermark).toBe(foreign[1].watermark - (sqlite ? 1 : 0));
    const after = await piece(track.slice(cut(4) + 6, cut(4) + 60));
    expect(listings).toEqual([[false], [false]]);
    expect(after[0].positions - after[1].positions).toBe(sqlite ? 1 : 0);
    expect(after[0].watermark).toBe(after[1].watermark);
    // and the next piece carries on from the records again
    const last = await piece(track.slice(cut(4) + 60));
    expect(listings).toEqual([[sqlite], [false]]);
    expect(last.map((p) => p.known)).toEqual([1, 0]);
    const [fed, read] = await Promise.all(sides.map((s) => kept(s.db)));
    expect(read.segments.length).toBeGreaterThan(20);
    expect(read.hours.length).toBeGreaterThan(10);
    expect(fed).toEqual(read);
    const writes = sides[0].db.sqliteWrites as WriterThread | undefined;
    if (dialect === 'sqlite') expect(writes?.statementCommits).toBeGreaterThanOrEqual(5);
    else expect(writes).toBeUndefined();
  }, 300_000);
});
