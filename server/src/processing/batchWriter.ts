/**
 * Writes pipeline output in batches: records from many devices and connections are gathered for a few
 * milliseconds and committed in one transaction (multi-row inserts), then every waiting caller is answered.
 * A caller acknowledges its device only after its promise resolves, so an acknowledged record is committed.
 */
import type { Transaction } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { fromBool, toJson } from '../db/mapping';
import { pushDerivedValues, tallyRows } from '../db/positionDerived';
import type { EventDraft, ProcessedPosition, StoredEvent } from './types';
import {
  pgStatisticsStatement,
  SQLITE_STATISTICS_UPSERT,
  sqliteStatisticsWriter,
  statisticsDeltas,
  statisticsRows,
  writeStatistics,
} from './stages/deviceStatistics';
import { SQL, WriterThread, type ThreadBatch } from './batchWriterThread';
import { stageTimes } from './stageTimes';
import type pg from 'pg';
import { commitBatchPg, pipelinePool, type EventRow } from './pgBatchInserts';
import { PositionPartitions } from './positionPartitions';

export interface WriteRequest {
  positions: ProcessedPosition[];
  /** events with the index (in `positions`) of the record that raised them */
  events: Array<{ deviceId: number; positionIndex: number; draft: EventDraft }>;
  /** devices whose latest position, update time and status change: index of their latest record */
  devices: Array<{ id: number; positionIndex: number; lastUpdate: number }>;
}

export interface WriteResult {
  positionIds: number[];
  events: StoredEvent[];
}

interface Pending {
  request: WriteRequest;
  resolve: (r: WriteResult) => void;
  reject: (e: unknown) => void;
}

export interface BatchWriterOptions {
  /** how long the first write of an idle writer waits for others to join its transaction */
  delayMs: number;
  /** records per transaction: more waits for the next one, which starts as soon as this one commits */
  maxRecords: number;
  /**
   * PostgreSQL: transactions in flight at once (SQLite writes one at a time, synchronously). A batch's
   * inserts run while the one before commits; where two batches share a vehicle, the later one waits for
   * the earlier one's commit at the tallies' rows, so a vehicle's records still commit in arrival order.
   * Every transaction takes its rows in one order (tallies, devices, statistics, each by key): no deadlock.
   */
  pgConcurrency?: number;
  /**
   * SQLite in a file: commit in a thread of its own (batchWriterThread.ts), while the main thread goes on
   * with the records that keep arriving (the default). false: every batch is one synchronous transaction
   * on the main thread.
   */
  sqliteThread?: boolean;
}

/**
 * 500 records per transaction: large enough that the commit cost is spread thin, small enough that a
 * burst of a few thousand records is committed (and acknowledged) in steps, with socket reads between
 * them, rather than in one long transaction that holds every device's acknowledgement until the end.
 */
export const DEFAULT_BATCH: BatchWriterOptions = {
  delayMs: 2,
  maxRecords: 500,
  pgConcurrency: 3,
  sqliteThread: true,
};

/** Batches handed to the SQLite writer thread at once: one committing, the next waiting in its queue. */
const THREAD_SLOTS = 2;

const CHUNK = 400; // rows per INSERT: 16 columns x 400 stays far below SQLite's variable limit

/**
 * A position's values in the order of `SQL.position`'s columns (SQLite), written onto the end of a batch's
 * flat array (no array of their own per record).
 */
function pushPositionValues(out: unknown[], p: ProcessedPosition): void {
  out.push(
    p.deviceId,
    p.protocol,
    p.serverTime,
    p.deviceTime,
    p.fixTime,
    p.valid ? 1 : 0,
    p.latitude,
    p.longitude,
    p.altitude,
    p.speed,
    p.course,
    p.accuracy,
    p.address,
    p.event,
    toJson(p.attributes),
  );
}

function positionValues(p: ProcessedPosition): unknown[] {
  const out: unknown[] = [];
  pushPositionValues(out, p);
  return out;
}

/** The device rows of a batch: the latest record of each device wins, in id order (one lock order). */
function deviceUpdates(batch: Pending[], positionIds: number[][]) {
  const latest = new Map<number, { id: number; positionId: number; lastUpdate: number }>();
  batch.forEach(({ request }, i) => {
    for (const d of request.devices)
      latest.set(d.id, { id: d.id, positionId: positionIds[i][d.positionIndex], lastUpdate: d.lastUpdate });
  });
  return [...latest.values()].sort((a, b) => a.id - b.id);
}

/** Each request's share of the batch's ids, which are in the order of the requests' positions. */
function byRequest(batch: Pending[], ids: readonly number[]): number[][] {
  let offset = 0;
  return batch.map(({ request }) => ids.slice(offset, (offset += request.positions.length)));
}

/** The batch's events as rows, their positions' ids filled in, each with its attributes as raised. */
function eventRows(batch: Pending[], positionIds: number[][]) {
  return batch.flatMap(({ request }, i) =>
    request.events.map((e) => ({
      attributes: e.draft.attributes ?? {},
      row: {
        type: e.draft.type,
        eventTime: e.draft.eventTime,
        deviceId: e.deviceId,
        positionId: positionIds[i][e.positionIndex] ?? null,
        geofenceId: e.draft.geofenceId ?? null,
        attributes: toJson(e.draft.attributes ?? {}),
      } satisfies EventRow,
    })),
  );
}

/** Every request's answer: its positions' ids and its events as stored (ids in the batch's order). */
function answers(
  batch: Pending[],
  positionIds: number[][],
  events: ReturnType<typeof eventRows>,
  eventIds: readonly number[],
): WriteResult[] {
  const stored: StoredEvent[] = events.map((e, j) => ({
    ...e.row,
    id: eventIds[j],
    attributes: e.attributes,
  }));
  let next = 0;
  return batch.map(({ request }, i) => ({
    positionIds: positionIds[i],
    events: stored.slice(next, (next += request.events.length)),
  }));
}

async function insertEventsKysely(trx: Transaction<Database>, rows: EventRow[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const inserted = await trx
      .insertInto('events')
      .values(rows.slice(i, i + CHUNK))
      .returning('id')
      .execute();
    for (const r of inserted) ids.push(Number(r.id));
  }
  return ids;
}

/** SQLite inside another transaction (the writer never nests a transaction): multi-row inserts of CHUNK rows. */
async function insertPositionsKysely(
  trx: Transaction<Database>,
  positions: ProcessedPosition[],
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < positions.length; i += CHUNK) {
    const rows = positions.slice(i, i + CHUNK).map((p) => ({
      deviceId: p.deviceId,
      protocol: p.protocol,
      serverTime: p.serverTime,
      deviceTime: p.deviceTime,
      fixTime: p.fixTime,
      valid: fromBool('sqlite', p.valid),
      latitude: p.latitude,
      longitude: p.longitude,
      altitude: p.altitude,
      speed: p.speed,
      course: p.course,
      accuracy: p.accuracy,
      address: p.address,
      event: p.event,
      attributes: toJson(p.attributes),
    }));
    // multi-row INSERT ... RETURNING answers in the order of the VALUES
    const inserted = await trx.insertInto('positions').values(rows).returning('id').execute();
    ids.push(...inserted.map((r) => Number(r.id)));
  }
  return ids;
}

export class BatchWriter {
  private queue: Pending[] = [];
  private queued = 0;
  private timer: NodeJS.Timeout | undefined;
  private immediate: NodeJS.Immediate | undefined;
  /** the commits in progress; what is queued meanwhile goes in the next transaction */
  private readonly flushing = new Set<Promise<void>>();
  /** transactions and records committed (observability, tests) */
  readonly stats = { commits: 0, records: 0, largestBatch: 0, mostInFlight: 0, threadCommits: 0 };
  /** metrics hook: told of each committed transaction, its records and how long it took */
  onCommit?: (records: number, ms: number) => void;

  constructor(
    private db: Db,
    private options: BatchWriterOptions = DEFAULT_BATCH,
  ) {}

  /** records waiting for a transaction (metrics: queue depth) */
  get depth(): number {
    return this.queued;
  }

  write(request: WriteRequest): Promise<WriteResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      this.queued += request.positions.length;
      this.schedule();
    });
  }

  /** Commits at once: pgConcurrency on PostgreSQL; two queued to SQLite's writer thread; else one. */
  private get slots(): number {
    if (this.db.dialect === 'postgres') return Math.max(1, this.options.pgConcurrency ?? 1);
    return this.writerThread() ? THREAD_SLOTS : 1;
  }

  /** undefined: not asked yet; null: none (off, or a database in memory). */
  private thread: WriterThread | null | undefined;

  private writerThread(): WriterThread | null {
    // a thread that ended on its own is not started again: the batches after it commit on the main thread
    if (this.thread?.dead) this.thread = null;
    if (this.thread === undefined) {
      this.thread =
        this.db.sqlite && this.options.sqliteThread !== false
          ? (WriterThread.for(this.db.sqlite, SQLITE_STATISTICS_UPSERT) ?? null)
          : null;
      // other writers (the segments store) commit through it too, never waiting on its lock
      if (this.thread && (!this.db.sqliteWrites || this.db.sqliteWrites.dead))
        this.db.sqliteWrites = this.thread;
    }
    return this.thread;
  }

  /** Commits what is queued, then ends the SQLite writer thread (server shutdown). */
  async close(): Promise<void> {
    await this.drain();
    const pipelines = this.pgPipelines;
    this.pgPipelines = undefined;
    await pipelines?.end();
    const thread = this.thread;
    this.thread = null;
    if (thread && this.db.sqliteWrites === thread) this.db.sqliteWrites = undefined;
    await thread?.close();
  }

  /** The batch as the writer thread takes it: flat arrays of the rows' values. */
  private async threadCommit(thread: WriterThread, batch: Pending[]): Promise<WriteResult[]> {
    const positions: unknown[] = [];
    const events: unknown[] = [];
    const offsets: number[] = [];
    const deviceIds: number[] = [];
    const fixTimes: number[] = [];
    let offset = 0;
    for (const { request } of batch) {
      offsets.push(offset);
      for (const p of request.positions) {
        pushPositionValues(positions, p);
        pushDerivedValues(positions, p.attributes);
        deviceIds.push(p.deviceId);
        fixTimes.push(p.fixTime);
      }
      for (const e of request.events)
        events.push(
          e.draft.type,
          e.draft.eventTime,
          e.deviceId,
          e.positionIndex < request.positions.length ? offset + e.positionIndex : -1,
          e.draft.geofenceId ?? null,
          toJson(e.draft.attributes ?? {}),
        );
      offset += request.positions.length;
    }
    // the device rows name their latest position by its index in the batch: the thread knows its id
    const byIndex = batch.map((_, i) =>
      Array.from({ length: batch[i].request.positions.length }, (_, j) => offsets[i] + j),
    );
    const devices = deviceUpdates(batch, byIndex).flatMap((d) => [d.positionId, d.lastUpdate, d.id]);
    const message: ThreadBatch = {
      positions,
      tallies: tallyRows(deviceIds, fixTimes),
      events,
      devices,
      statistics: statisticsRows(statisticsDeltas(batch.map((p) => p.request)), Date.now()),
    };
    const { positionIds, eventIds } = await thread.commit(message);
    this.stats.threadCommits++;
    let nextEvent = 0;
    return batch.map(({ request }, i) => {
      const own = positionIds.slice(offsets[i], offsets[i] + request.positions.length);
      const stored: StoredEvent[] = request.events.map((e) => ({
        id: eventIds[nextEvent++],
        type: e.draft.type,
        eventTime: e.draft.eventTime,
        deviceId: e.deviceId,
        positionId: own[e.positionIndex] ?? null,
        geofenceId: e.draft.geofenceId ?? null,
        attributes: e.draft.attributes ?? {},
      }));
      return { positionIds: own, events: stored };
    });
  }

  /** PostgreSQL: the pipelined connections of `commitBatchPg`, made at the first batch. */
  private pgPipelines: pg.Pool | undefined;
  /** PostgreSQL: the month partitions a batch's positions may go into directly. */
  private readonly partitions = new PositionPartitions();

  /** PostgreSQL: the batch in one pipelined transaction (pgBatchInserts.ts). */
  private async pgCommit(batch: Pending[]): Promise<WriteResult[]> {
    const pool = this.db.pgPool;
    if (!pool) throw new Error('a PostgreSQL database without its pool');
    this.pgPipelines ??= pipelinePool(pool, this.slots);
    const positions = batch.flatMap(({ request }) => request.positions);
    let events: ReturnType<typeof eventRows> = [];
    const client = await this.pgPipelines.connect();
    let failed = false;
    let ids: { positionIds: number[]; eventIds: number[] };
    try {
      ids = await commitBatchPg(client, {
        positionsTable: await this.partitions.tableFor(client, positions),
        positions,
        attributes: positions.map((p) => toJson(p.attributes)),
        events: (positionIds) => {
          events = eventRows(batch, byRequest(batch, positionIds));
          return events.map((e) => e.row);
        },
        devices: (positionIds) => deviceUpdates(batch, byRequest(batch, positionIds)),
        statistics: pgStatisticsStatement(statisticsDeltas(batch.map((p) => p.request)), Date.now()),
      });
    } catch (err) {
      failed = true;
      this.partitions.stale();
      throw err;
    } finally {
      // a connection whose transaction failed is closed, not handed to the next batch
      client.release(failed);
    }
    return answers(batch, byRequest(batch, ids.positionIds), events, ids.eventIds);
  }

  private schedule(): void {
    // a commit already due takes what is queued when it starts
    if (this.immediate) return;
    const busy = this.flushing.size;
    if (busy >= this.slots) return;
    if (this.queued >= this.options.maxRecords) {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.immediate = setImmediate(() => this.flush());
    } else if (busy === 0) {
      this.timer ??= setTimeout(() => this.flush(), this.options.delayMs);
    }
    // else less than a transaction's worth waits for a commit in progress to end (see flush)
  }

  /** Up to maxRecords records (at least one request) off the head of the queue. */
  private take(): Pending[] {
    let records = 0;
    let n = 0;
    while (n < this.queue.length && (n === 0 || records < this.options.maxRecords)) {
      records += this.queue[n].request.positions.length;
      n++;
    }
    this.queued -= records;
    return this.queue.splice(0, n);
  }

  private flush(): void {
    this.timer = undefined;
    this.immediate = undefined;
    if (!this.queue.length) return;
    const batch = this.take();
    const done: Promise<void> = this.commit(batch).finally(() => {
      this.flushing.delete(done);
      // those left over already waited for this commit: the next transaction starts after the sockets
      // had a turn (setImmediate), so acknowledgements just released are written first
      if (this.queue.length) this.immediate ??= setImmediate(() => this.flush());
    });
    this.flushing.add(done);
    this.stats.mostInFlight = Math.max(this.stats.mostInFlight, this.flushing.size);
    // a free slot takes the rest at once when a full transaction's worth is waiting
    if (this.queue.length) this.schedule();
  }

  /** Resolves when everything written so far is committed (shutdown, tests). */
  async drain(): Promise<void> {
    for (;;) {
      if (this.flushing.size) {
        await Promise.all(this.flushing);
        continue;
      }
      if (!this.queue.length) return;
      clearTimeout(this.timer);
      clearImmediate(this.immediate);
      this.flush();
    }
  }

  private sqliteWrite?: (batch: Pending[]) => WriteResult[];

  /**
   * SQLite: one synchronous transaction over cached prepared statements (no query building per batch).
   * Used only when no other transaction is open on the connection, so a batch never nests inside an API
   * transaction that could still roll back.
   */
  private sqliteCommit(): ((batch: Pending[]) => WriteResult[]) | undefined {
    const sqlite = this.db.sqlite;
    if (!sqlite) return undefined;
    const insertPosition = sqlite.prepare(SQL.position);
    const insertEvent = sqlite.prepare(SQL.event);
    const updateDevice = sqlite.prepare(SQL.device);
    const addStatistics = sqliteStatisticsWriter(sqlite);
    return sqlite.transaction((batch: Pending[]) => {
      const results = batch.map(({ request }) => {
        const positionIds = request.positions.map((p) =>
          Number(insertPosition.run(positionValues(p)).lastInsertRowid),
        );
        const events: StoredEvent[] = request.events.map((e) => {
          const positionId = positionIds[e.positionIndex] ?? null;
          const geofenceId = e.draft.geofenceId ?? null;
          const attributes = e.draft.attributes ?? {};
          const id = Number(
            insertEvent.run(
              e.draft.type,
              e.draft.eventTime,
              e.deviceId,
              positionId,
              geofenceId,
              toJson(attributes),
            ).lastInsertRowid,
          );
          return {
            id,
            type: e.draft.type,
            eventTime: e.draft.eventTime,
            deviceId: e.deviceId,
            positionId,
            geofenceId,
            attributes,
          };
        });
        return { positionIds, events };
      });
      const devices = deviceUpdates(
        batch,
        results.map((r) => r.positionIds),
      );
      for (const d of devices) updateDevice.run(d.positionId, d.lastUpdate, d.id, d.lastUpdate);
      addStatistics(statisticsDeltas(batch.map((p) => p.request)), Date.now());
      return results;
    });
  }

  private async commit(batch: Pending[]): Promise<void> {
    const records = batch.reduce((n, p) => n + p.request.positions.length, 0);
    const started = performance.now();
    let results: WriteResult[];
    try {
      const thread = this.db.sqlite ? this.writerThread() : null;
      if (thread) {
        results = await this.threadCommit(thread, batch);
      } else if (this.db.dialect === 'postgres') {
        results = await this.pgCommit(batch);
      } else if (this.db.sqlite && !this.db.sqlite.inTransaction) {
        this.sqliteWrite ??= this.sqliteCommit();
        results = this.sqliteWrite!(batch);
      } else {
        results = await this.db.kysely.transaction().execute((trx) => this.commitWith(trx, batch));
      }
    } catch (err) {
      for (const p of batch) p.reject(err);
      return;
    }
    this.stats.commits++;
    this.stats.records += records;
    this.stats.largestBatch = Math.max(this.stats.largestBatch, records);
    const took = performance.now() - started;
    this.onCommit?.(records, took);
    if (stageTimes.on) stageTimes.add('write', took);
    batch.forEach((p, i) => p.resolve(results[i]));
  }

  /**
   * SQLite inside another transaction, through Kysely: the whole batch in multi-row inserts on the
   * transaction's connection.
   */
  private async commitWith(trx: Transaction<Database>, batch: Pending[]): Promise<WriteResult[]> {
    const positions = batch.flatMap(({ request }) => request.positions);
    const positionIds = byRequest(batch, await insertPositionsKysely(trx, positions));
    const events = eventRows(batch, positionIds);
    const eventIds = await insertEventsKysely(
      trx,
      events.map((e) => e.row),
    );

    for (const d of deviceUpdates(batch, positionIds)) {
      await trx
        .updateTable('devices')
        .set({ positionId: d.positionId, lastUpdate: d.lastUpdate, status: 'online' })
        .where('id', '=', d.id)
        .where((eb) => eb.or([eb('lastUpdate', 'is', null), eb('lastUpdate', '<=', d.lastUpdate)]))
        .execute();
    }

    await writeStatistics(trx, statisticsDeltas(batch.map((p) => p.request)), Date.now());
    return answers(batch, positionIds, events, eventIds);
  }
}
