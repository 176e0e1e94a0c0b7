import { sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dialects, freshDatabase, insertDevice } from '../../test/harness';
import type { Db, Dialect } from '../db/database';
import { parseJson } from '../db/mapping';
import { migrateToLatest } from '../db/migrate';
import { BatchWriter, type WriteRequest } from './batchWriter';
import { commitBatchPg, pipelinePool } from './pgBatchInserts';
import {
  DEFAULT_CHECKPOINT_PAGES,
  MAIN_CHECKPOINT_PAGES,
  WRITER_CHECKPOINT_PAGES,
  type WriterThread,
} from './batchWriterThread';
import type { ProcessedPosition } from './types';

const T0 = Date.UTC(2025, 0, 1);

function position(deviceId: number, n: number): ProcessedPosition {
  return {
    deviceId,
    protocol: 'teltonika',
    serverTime: T0 + n * 1000,
    deviceTime: T0 + n * 1000,
    fixTime: T0 + n * 1000,
    valid: true,
    latitude: -8.8 - n * 1e-4,
    longitude: 13.2,
    altitude: 10,
    speed: 5,
    course: 90,
    accuracy: 0,
    address: null,
    event: null,
    attributes: { n },
    outdated: false,
  };
}

/** A request of `count` records of one device; the latest record becomes the device's position. */
function request(deviceId: number, first: number, count: number, event = false): WriteRequest {
  return {
    positions: Array.from({ length: count }, (_, i) => position(deviceId, first + i)),
    events: event
      ? [{ deviceId, positionIndex: count - 1, draft: { type: 'ignitionOn', eventTime: T0 } }]
      : [],
    devices: [{ id: deviceId, positionIndex: count - 1, lastUpdate: T0 + first }],
  };
}

/** The text of a statement pg was given (a string, or a query config of a prepared statement). */
const statementText = (query: unknown): string =>
  typeof query === 'object' && query !== null && 'text' in query ? String(query.text) : String(query);

/** Counts the statements that write the devices table (a Kysely plugin: the database itself is real). */
class DeviceWrites implements KyselyPlugin {
  count = 0;
  transformQuery({ node }: { node: RootOperationNode }): RootOperationNode {
    const text = JSON.stringify(node);
    if (node.kind === 'UpdateQueryNode' && text.includes('"devices"')) this.count++;
    if (node.kind === 'RawNode' && /UPDATE devices/i.test(text)) this.count++;
    return node;
  }
  async transformResult<T>({ result }: { result: T }): Promise<T> {
    return result;
  }
}

// SQLite: through the writer thread, and on the main thread
const paths: Array<[Dialect, boolean]> = dialects().flatMap((d): Array<[Dialect, boolean]> =>
  d === 'sqlite'
    ? [
        [d, true],
        [d, false],
      ]
    : [[d, false]],
);

describe.each(paths)('batch writer on %s (SQLite writer thread: %s)', (dialect, thread) => {
  let db: Db;
  let drop: () => Promise<void>;
  const deviceIds: number[] = [];

  beforeAll(async () => {
    const fresh = await freshDatabase(dialect);
    db = fresh.db;
    drop = fresh.drop;
    await migrateToLatest(db);
    for (let i = 0; i < 30; i++) {
      deviceIds.push(await insertDevice(db, `V${i}`, `batch-${i}`));
    }
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });

  const latestOf = async (id: number) => {
    const d = await db.kysely
      .selectFrom('devices')
      .select(['positionId', 'status', 'lastUpdate'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const p = await db.kysely
      .selectFrom('positions')
      .select(['attributes'])
      .where('id', '=', Number(d.positionId))
      .executeTakeFirstOrThrow();
    return { status: d.status, lastUpdate: Number(d.lastUpdate), n: parseJson(p.attributes).n };
  };

  it('commits a burst in transactions of at most maxRecords, answering each caller with its own ids', async () => {
    const writer = new BatchWriter(db, { sqliteThread: thread, delayMs: 2, maxRecords: 50 });
    // 30 devices x 10 records arrive together: 300 records, so six transactions of 50
    const results = await Promise.all(deviceIds.map((id, i) => writer.write(request(id, i * 100, 10, true))));
    expect(writer.stats).toMatchObject({ commits: 6, records: 300, largestBatch: 50 });

    for (const [i, result] of results.entries()) {
      expect(result.positionIds).toHaveLength(10);
      const rows = await db.kysely
        .selectFrom('positions')
        .select(['id', 'deviceId', 'attributes'])
        .where('id', 'in', result.positionIds)
        .execute();
      const byId = new Map(rows.map((r) => [Number(r.id), r]));
      // each caller's ids are its own records, in its order
      expect(result.positionIds.map((id) => parseJson(byId.get(id)!.attributes).n)).toEqual(
        Array.from({ length: 10 }, (_, k) => i * 100 + k),
      );
      expect(result.events).toHaveLength(1);
      expect(result.events[0]).toMatchObject({ deviceId: deviceIds[i], positionId: result.positionIds[9] });
      expect(await latestOf(deviceIds[i])).toEqual({
        status: 'online',
        lastUpdate: T0 + i * 100,
        n: i * 100 + 9,
      });
    }
  });

  it('gives a device written twice in one batch its latest record', async () => {
    const writer = new BatchWriter(db, { sqliteThread: thread, delayMs: 5, maxRecords: 1000 });
    const [a, b] = deviceIds;
    await Promise.all([
      writer.write(request(a, 1000, 3)),
      writer.write(request(b, 2000, 2)),
      writer.write(request(a, 1003, 2)),
    ]);
    expect(writer.stats.commits).toBe(1);
    expect((await latestOf(a)).n).toBe(1004);
    expect((await latestOf(b)).n).toBe(2001);
  });

  it('updates the device rows of a whole batch with one statement on PostgreSQL', async () => {
    const counter = new DeviceWrites();
    const counted: Db = { ...db, kysely: db.kysely.withPlugin(counter), sqlite: undefined };
    // PostgreSQL's writer sends its statements on connections of its own: their texts are read as sent
    const sent = vi.spyOn(pg.Client.prototype, 'query');
    const writer = new BatchWriter(counted, { delayMs: 5, maxRecords: 1000 });
    let texts: string[];
    try {
      await Promise.all(deviceIds.map((id, i) => writer.write(request(id, 5000 + i * 10, 2))));
    } finally {
      texts = sent.mock.calls.map(([query]) => statementText(query));
      sent.mockRestore();
    }
    expect(writer.stats.commits).toBe(1);
    // SQLite keeps one prepared UPDATE per device (cheap, in process); PostgreSQL gets one statement
    if (dialect === 'postgres') {
      expect(texts.filter((t) => /UPDATE devices/i.test(t))).toHaveLength(1);
      expect(counter.count).toBe(0);
    } else expect(counter.count).toBe(deviceIds.length);
    for (const [i, id] of deviceIds.entries()) expect((await latestOf(id)).n).toBe(5000 + i * 10 + 1);
    await writer.close();
  });

  it('stores texts and documents that need quoting exactly as given, on the path of each database', async () => {
    // the prepared-statement path (SQLite) and the statement path (PostgreSQL's arrays, or SQLite nested)
    for (const target of [db, { ...db, sqlite: undefined }]) {
      const writer = new BatchWriter(target, { sqliteThread: thread, delayMs: 1, maxRecords: 1000 });
      const tricky = {
        text: 'a "quoted", {braced} \\ back\\slash, ção, عربي, NULL',
        nested: { list: [1, '}', null, { deep: '"' }] },
        n: 77,
      };
      const odd: ProcessedPosition = {
        ...position(deviceIds[2], 3),
        protocol: 'p,"{}',
        address: 'Rua "Direita", 5 {A} \\ Luanda',
        speed: 12.345678901,
        event: 7,
        attributes: tricky,
      };
      const plain = position(deviceIds[3], 4);
      const [result] = await Promise.all([
        writer.write({
          positions: [odd, plain],
          events: [
            {
              deviceId: deviceIds[2],
              positionIndex: 0,
              draft: { type: 'alarm', eventTime: T0, geofenceId: null, attributes: { alarm: 'x"y\\z' } },
            },
          ],
          devices: [{ id: deviceIds[2], positionIndex: 0, lastUpdate: T0 }],
        }),
      ]);
      const [stored, second] = await Promise.all(
        result.positionIds.map((id) =>
          db.kysely.selectFrom('positions').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
        ),
      );
      expect(stored).toMatchObject({
        protocol: 'p,"{}',
        address: 'Rua "Direita", 5 {A} \\ Luanda',
        event: 7,
      });
      expect(Number(stored.speed)).toBe(12.345678901);
      expect(parseJson(stored.attributes)).toEqual(tricky);
      expect(parseJson(second.attributes)).toEqual({ n: 4 });
      const event = await db.kysely
        .selectFrom('events')
        .selectAll()
        .where('id', '=', result.events[0].id)
        .executeTakeFirstOrThrow();
      expect(Number(event.positionId)).toBe(result.positionIds[0]);
      expect(parseJson(event.attributes)).toEqual({ alarm: 'x"y\\z' });
    }
  });

  it('rejects every caller of a failed transaction and commits none of it', async () => {
    const writer = new BatchWriter(db, { sqliteThread: thread, delayMs: 5, maxRecords: 1000 });
    const before = await db.kysely
      .selectFrom('positions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const good = writer.write(request(deviceIds[0], 9000, 2));
    const bad = writer.write({
      ...request(deviceIds[1], 9100, 1),
      positions: [{ ...position(deviceIds[1], 1), latitude: null as unknown as number }],
    });
    await expect(good).rejects.toThrow();
    await expect(bad).rejects.toThrow();
    const after = await db.kysely
      .selectFrom('positions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  /** The hourly tallies of `ids` and a fresh count of their positions (migration 006), as sorted rows. */
  const talliesAndCount = async (ids: number[]) => {
    const kept = (
      await sql<{ deviceId: number; hour: number; positions: number; timeSum: number }>`
        SELECT device_id, hour, positions, time_sum FROM position_tallies
        WHERE device_id IN (${sql.join(ids)}) AND positions <> 0 ORDER BY device_id, hour`.execute(db.kysely)
    ).rows;
    const rows = await db.kysely
      .selectFrom('positions')
      .select(['deviceId', 'fixTime'])
      .where('deviceId', 'in', ids)
      .execute();
    const counted = new Map<string, number[]>();
    for (const r of rows) {
      const fix = Number(r.fixTime);
      const hour = Math.floor(fix / 3_600_000);
      const key = `${r.deviceId}:${hour}`;
      const c = counted.get(key) ?? [Number(r.deviceId), hour, 0, 0];
      c[2]++;
      c[3] += fix % 86_400_000;
      counted.set(key, c);
    }
    return {
      kept: kept.map((t) => [Number(t.deviceId), Number(t.hour), Number(t.positions), Number(t.timeSum)]),
      counted: [...counted.values()].sort((x, y) => x[0] - y[0] || x[1] - y[1]),
    };
  };

  it('keeps the hourly tallies of what it writes, once (on PostgreSQL the writer tallies, not the trigger)', async () => {
    const writer = new BatchWriter(db, { sqliteThread: thread, delayMs: 5, maxRecords: 1000 });
    const ids = deviceIds.slice(20, 23);
    // records an hour and a quarter apart: each request spans several hours, two vehicles share hours
    const spread = (id: number, first: number): WriteRequest => {
      const r = request(id, first, 4);
      r.positions = r.positions.map((p, k) => ({ ...p, fixTime: T0 + first * 1000 + k * 4_500_000 + 7 }));
      // the vehicles' latest positions stay as the other tests leave them
      return { ...r, devices: [] };
    };
    await Promise.all(ids.map((id, i) => writer.write(spread(id, 90_000 + i))));
    await writer.write(spread(ids[0], 90_010));
    const { kept, counted } = await talliesAndCount(ids);
    expect(kept.length).toBeGreaterThanOrEqual(12);
    expect(kept).toEqual(counted);
  });

  it('refuses a batch holding a vehicle deleted meanwhile, and commits none of it', async () => {
    const writer = new BatchWriter(db, { sqliteThread: thread, delayMs: 5, maxRecords: 1000 });
    const gone = await insertDevice(db, 'Gone', `batch-gone-${thread}`);
    await db.kysely.deleteFrom('devices').where('id', '=', gone).execute();
    const kept = deviceIds[24];
    const count = async () =>
      Number(
        (
          await db.kysely
            .selectFrom('positions')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const stored = (id: number, first: number, n: number) => ({ ...request(id, first, n), devices: [] });
    const good = writer.write(stored(kept, 95_000, 3));
    const orphan = writer.write(stored(gone, 95_100, 2));
    await expect(good).rejects.toThrow(/foreign key/i);
    await expect(orphan).rejects.toThrow(/foreign key/i);
    expect(await count()).toBe(before);
    // the vehicle that still exists is written by its next batch, tallied once
    await writer.write(stored(kept, 95_000, 3));
    expect(await count()).toBe(before + 3);
    const { kept: tallies, counted } = await talliesAndCount([kept, gone]);
    expect(tallies).toEqual(counted);
  });

  it('runs PostgreSQL transactions side by side, each vehicle ending on its last record', async () => {
    const writer = new BatchWriter(db, {
      sqliteThread: thread,
      delayMs: 2,
      maxRecords: 20,
      pgConcurrency: 3,
    });
    // 30 devices x 2 requests of 10 records: 600 records, 30 transactions of 20
    const writes = deviceIds.flatMap((id, i) => [
      writer.write(request(id, 40_000 + i * 100, 10)),
      writer.write(request(id, 40_000 + i * 100 + 10, 10)),
    ]);
    const results = await Promise.all(writes);
    expect(writer.stats.records).toBe(600);
    // SQLite writes one transaction at a time: in process, or one in its thread with the next queued there
    if (dialect === 'postgres') expect(writer.stats.mostInFlight).toBeGreaterThan(1);
    else expect(writer.stats.mostInFlight).toBe(thread ? 2 : 1);
    expect(writer.stats.threadCommits).toBe(thread ? writer.stats.commits : 0);
    expect(new Set(results.flatMap((r) => r.positionIds)).size).toBe(600);
    for (const [i, id] of deviceIds.entries()) expect((await latestOf(id)).n).toBe(40_000 + i * 100 + 19);
  });

  it('never moves a vehicle back to a record processed before its latest', async () => {
    const writer = new BatchWriter(db, { sqliteThread: thread, delayMs: 1, maxRecords: 1000 });
    const id = deviceIds[7];
    await writer.write(request(id, 60_000, 2));
    // a batch processed earlier (an older update time) that commits after a later one
    await writer.write({
      ...request(id, 61_000, 2),
      devices: [{ id, positionIndex: 1, lastUpdate: T0 + 59_000 }],
    });
    expect(await latestOf(id)).toMatchObject({ lastUpdate: T0 + 60_000, n: 60_001 });
    // the nested path (SQLite inside another transaction) keeps the same rule
    const nested = new BatchWriter({ ...db, sqlite: undefined }, { delayMs: 1, maxRecords: 1000 });
    await nested.write({
      ...request(id, 62_000, 2),
      devices: [{ id, positionIndex: 1, lastUpdate: T0 + 59_500 }],
    });
    expect(await latestOf(id)).toMatchObject({ lastUpdate: T0 + 60_000, n: 60_001 });
  });

  if (dialect === 'postgres')
    it('sends a batch’s statements without waiting for each answer: two rounds a transaction', async () => {
      const order: string[] = [];
      const query = pg.Client.prototype.query;
      const sent = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
        this: pg.Client,
        ...args: unknown[]
      ) {
        const name = statementText(args[0]).trim().split(/\s+/).slice(0, 3).join(' ');
        order.push(`sent ${name}`);
        const answer = (query as (...a: unknown[]) => unknown).apply(this, args);
        if (answer instanceof Promise)
          answer.then(() => order.push(`answered ${name}`)).catch(() => undefined);
        return answer as never;
      });
      const writer = new BatchWriter(db, { delayMs: 5, maxRecords: 1000 });
      try {
        await writer.write(request(deviceIds[20], 9000, 3, true));
      } finally {
        sent.mockRestore();
        await writer.close();
      }
      const at = (entry: string) => order.findIndex((o) => o.startsWith(entry));
      // the positions and tallies go out before the claim is answered; the rest before the events are
      expect(at('sent INSERT INTO positions')).toBeLessThan(at('answered SELECT set_config'));
      expect(at('sent INSERT INTO position_tallies')).toBeLessThan(at('answered SELECT set_config'));
      expect(at('sent INSERT INTO positions')).toBeGreaterThan(-1);
      expect(at('sent COMMIT')).toBeLessThan(at('answered INSERT INTO events'));
      expect(at('sent INSERT INTO events')).toBeGreaterThan(at('answered INSERT INTO positions'));
    });

  if (dialect === 'postgres')
    it('prepares the transaction’s statements once a connection and plans them once, generically', async () => {
      const pool = pipelinePool(db.pgPool!, 1);
      const client = await pool.connect();
      try {
        const stored: number[] = [];
        for (const first of [11_000, 11_100]) {
          const positions = request(deviceIds[21], first, 3).positions;
          const { positionIds } = await commitBatchPg(client, {
            positionsTable: 'positions',
            positions,
            attributes: positions.map((p) => JSON.stringify(p.attributes)),
            events: (ids) => [
              {
                type: 'alarm',
                eventTime: T0,
                deviceId: deviceIds[21],
                positionId: ids[0],
                geofenceId: null,
                attributes: '{}',
              },
            ],
            devices: (ids) => [{ id: deviceIds[21], positionId: ids[2], lastUpdate: T0 + first }],
            statistics: null,
          });
          stored.push(...positionIds);
        }
        const { rows } = await client.query<{ statement: string; generic: string; custom: string }>(
          `SELECT statement, generic_plans AS generic, custom_plans AS custom FROM pg_prepared_statements`,
        );
        const kinds = [
          'ARRAY(SELECT id FROM devices',
          'INSERT INTO positions',
          'INSERT INTO position_tallies',
          'INSERT INTO events',
          'UPDATE devices',
        ];
        for (const kind of kinds) {
          const found = rows.filter((r) => r.statement.includes(kind));
          expect(found, kind).toHaveLength(1);
          expect([Number(found[0].generic), Number(found[0].custom)], kind).toEqual([2, 0]);
        }
        const back = await db.kysely
          .selectFrom('positions')
          .select('attributes')
          .where('id', 'in', stored)
          .execute();
        expect(back.map((r) => parseJson(r.attributes).n).sort()).toEqual([
          11_000, 11_001, 11_002, 11_100, 11_101, 11_102,
        ]);
      } finally {
        client.release();
        await pool.end();
      }
    });

  it('drain waits for everything written so far', async () => {
    const writer = new BatchWriter(db, { sqliteThread: thread, delayMs: 50, maxRecords: 10 });
    const done: number[] = [];
    for (let i = 0; i < 5; i++)
      void writer.write(request(deviceIds[i], 20_000 + i * 10, 4)).then(() => done.push(i));
    await writer.drain();
    await Promise.resolve();
    expect(done.sort()).toEqual([0, 1, 2, 3, 4]);
    expect(writer.stats.records).toBe(20);
  });

  it('closes: what was written is committed first, and the writer then commits on the main thread', async () => {
    const writer = new BatchWriter(db, { sqliteThread: thread, delayMs: 50, maxRecords: 10 });
    const first = writer.write(request(deviceIds[9], 70_000, 3));
    await writer.close();
    expect((await first).positionIds).toHaveLength(3);
    await writer.write(request(deviceIds[9], 70_010, 2));
    expect(await latestOf(deviceIds[9])).toMatchObject({ n: 70_011 });
    expect(writer.stats.threadCommits).toBe(thread ? 1 : 0);
  });

  // only where there is a writer thread (registered there, not skipped elsewhere)
  if (dialect === 'sqlite' && thread)
    it('goes on writing on the main thread when the writer thread has ended on its own', async () => {
      const writer = new BatchWriter(db, { sqliteThread: true, delayMs: 1, maxRecords: 100 });
      await writer.write(request(deviceIds[11], 80_000, 2));
      // the thread crashes (as if killed): its exit is seen, and the next batch commits without it
      const worker = (writer as unknown as { thread: { worker: import('node:worker_threads').Worker } })
        .thread.worker;
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      await worker.terminate();
      await exited;
      await writer.write(request(deviceIds[11], 80_010, 2));
      expect(await latestOf(deviceIds[11])).toMatchObject({ n: 80_011 });
      expect(writer.stats).toMatchObject({ commits: 2, threadCommits: 1 });
      // the main connection checkpoints as before, now that it writes the batches
      expect(db.sqlite!.pragma('wal_autocheckpoint', { simple: true })).toBe(DEFAULT_CHECKPOINT_PAGES);
    });

  if (dialect === 'sqlite' && thread)
    it('lends its thread to other writers: their statements commit there, all or none, until it closes', async () => {
      // a writer of the tests before left its live thread registered (one server has one writer)
      db.sqliteWrites = undefined;
      const writer = new BatchWriter(db, { sqliteThread: true, delayMs: 1, maxRecords: 100 });
      await writer.write(request(deviceIds[13], 95_000, 2));
      const thread = (writer as unknown as { thread: WriterThread }).thread;
      expect(db.sqliteWrites).toBe(thread);
      const progress = 'INSERT INTO segment_progress (device_id, profile, seen_id) VALUES (?, ?, ?)';
      const seen = async (id: number) =>
        (
          await db.kysely.selectFrom('segmentProgress').select('seenId').where('deviceId', '=', id).execute()
        ).map((r) => Number(r.seenId));
      await db.sqliteWrites!.transaction([
        [progress, [deviceIds[13], 'vehicle:', 41]],
        [progress, [deviceIds[14], 'vehicle:', 42]],
      ]);
      // committed when it resolves: the main connection reads it
      expect([...(await seen(deviceIds[13])), ...(await seen(deviceIds[14]))]).toEqual([41, 42]);
      // a statement failing (the same device again) takes the whole transaction back, and says why
      await expect(
        db.sqliteWrites!.transaction([
          [progress, [deviceIds[15], 'vehicle:', 43]],
          [progress, [deviceIds[13], 'vehicle:', 44]],
        ]),
      ).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_PRIMARYKEY' });
      expect(await seen(deviceIds[15])).toEqual([]);
      expect(thread.statementCommits).toBe(1);
      // the batches go on after it
      await writer.write(request(deviceIds[13], 95_010, 2));
      expect(await latestOf(deviceIds[13])).toMatchObject({ n: 95_011 });
      await writer.close();
      expect(db.sqliteWrites).toBeUndefined();
    });

  if (dialect === 'sqlite' && thread)
    it('leaves checkpoints to the writer thread while it runs, and gives them back when it ends', async () => {
      const checkpoints = () => db.sqlite!.pragma('wal_autocheckpoint', { simple: true });
      const writer = new BatchWriter(db, { sqliteThread: true, delayMs: 1, maxRecords: 100 });
      await writer.write(request(deviceIds[12], 90_000, 2));
      const thread = (writer as unknown as { thread: WriterThread }).thread;
      expect(await thread.settings()).toEqual({ walAutocheckpoint: WRITER_CHECKPOINT_PAGES });
      // a request writing on the main thread meanwhile does not copy the thread's log
      expect(checkpoints()).toBe(MAIN_CHECKPOINT_PAGES);
      await writer.close();
      expect(checkpoints()).toBe(DEFAULT_CHECKPOINT_PAGES);
    });
});
