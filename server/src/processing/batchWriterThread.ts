/**
 * SQLite batches committed by a thread of their own (sqliteWriter.worker.mjs), so the main thread goes on
 * decoding, processing and acknowledging while SQLite writes. The thread has its own connection to the
 * database file; the main thread is told the rows' ids once the batch is committed, and acknowledges then.
 * A database in memory cannot be shared with another connection: it keeps writing on the main thread.
 *
 * Checkpoints (copying the write-ahead log back into the database file) belong to the thread too: it
 * checkpoints every WRITER_CHECKPOINT_PAGES pages of log rather than SQLite's 1,000 (fewer, longer copies
 * in its own thread: about 1.4 µs less CPU a record), and while it runs the main connection checkpoints
 * only past MAIN_CHECKPOINT_PAGES, so a request that writes on the main thread never pays for copying the
 * thread's log (10,000 pages take 50 to 100 ms).
 */
import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';
import { SQLITE_MMAP_BYTES, type SqliteStatement, type SqliteWrites } from '../db/database';
import { DERIVED_COLUMNS, TALLY_ADD_SQL } from '../db/positionDerived';

/** SQLite's own default: the main connection's, with no thread writing. */
export const DEFAULT_CHECKPOINT_PAGES = 1000;
/** The writer thread checkpoints every this many pages of log (40 MiB at 4 KiB a page). */
export const WRITER_CHECKPOINT_PAGES = 10_000;
/**
 * While the thread runs, the main connection checkpoints only past this: a safety net for a long stretch
 * of main-thread writes with no device data (the thread checkpoints at its next commit otherwise).
 */
export const MAIN_CHECKPOINT_PAGES = 20_000;

export const SQL = {
  position:
    'INSERT INTO positions (device_id, protocol, server_time, device_time, fix_time, valid, latitude, longitude, ' +
    'altitude, speed, course, accuracy, address, event, attributes) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)',
  event:
    'INSERT INTO events (type, event_time, device_id, position_id, geofence_id, attributes) VALUES (?,?,?,?,?,?)',
  device:
    "UPDATE devices SET position_id = ?, last_update = ?, status = 'online' WHERE id = ? " +
    'AND (last_update IS NULL OR last_update <= ?)',
};

/**
 * The writer thread's statements: its connection derives nothing itself (db/positionDerived.ts), so a
 * position comes with its derived columns and the batch with its tallies.
 */
const THREAD_SQL = {
  ...SQL,
  position: SQL.position.replace(
    ') VALUES (',
    `, ${DERIVED_COLUMNS.map((c) => c.column).join(', ')}) VALUES (${'?,'.repeat(DERIVED_COLUMNS.length)}`,
  ),
  tally: TALLY_ADD_SQL,
};

/** One batch as the thread takes it: flat arrays (see the worker's header). */
export interface ThreadBatch {
  positions: unknown[];
  /** the batch's tally rows: device, hour, count, time-of-day sum (positionDerived.ts, tallyRows) */
  tallies: number[];
  events: unknown[];
  devices: number[];
  statistics: unknown[][];
}

export interface WriterSettings {
  walAutocheckpoint: number;
}

interface Answer {
  id: number;
  positionIds?: number[];
  eventIds?: number[];
  error?: { message: string; code?: string };
}

export class WriterThread implements SqliteWrites {
  private readonly worker: Worker;
  private next = 1;
  private readonly waiting = new Map<number, { resolve: (a: Answer) => void; reject: (e: Error) => void }>();
  /** transactions of other writers' statements committed (tests) */
  statementCommits = 0;
  private failed: Error | undefined;

  private readonly settingsWaiting: Array<(settings: WriterSettings) => void> = [];

  constructor(
    file: string,
    synchronous: number,
    statisticsSql: string,
    /** the main connection, whose checkpoints the thread takes over while it runs */
    private readonly main?: BetterSqlite3.Database,
  ) {
    this.worker = new Worker(new URL('./sqliteWriter.worker.mjs', import.meta.url), {
      workerData: {
        file,
        synchronous,
        mmapBytes: SQLITE_MMAP_BYTES,
        checkpointPages: WRITER_CHECKPOINT_PAGES,
        sql: { ...THREAD_SQL, statistics: statisticsSql },
      },
    });
    this.main?.pragma(`wal_autocheckpoint = ${MAIN_CHECKPOINT_PAGES}`);
    // an idle thread never keeps the process alive (the server closes it, a test's process may just end);
    // a batch waiting for its commit does, like any pending write
    this.worker.unref();
    this.worker.on('message', (answer: Answer | { settings: WriterSettings }) => {
      if ('settings' in answer) {
        this.settingsWaiting.shift()?.(answer.settings);
        return;
      }
      const waiter = this.waiting.get(answer.id);
      if (!waiter) return;
      this.waiting.delete(answer.id);
      if (this.waiting.size === 0) this.worker.unref();
      if (answer.error)
        waiter.reject(Object.assign(new Error(answer.error.message), { code: answer.error.code }));
      else waiter.resolve(answer);
    });
    const fail = (err: Error) => {
      // the batches after it commit on the main thread, which checkpoints as before
      if (!this.failed) this.restoreMainCheckpoints();
      this.failed = err;
      for (const waiter of this.waiting.values()) waiter.reject(err);
      this.waiting.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`the SQLite writer thread ended (${code})`)));
  }

  /** The thread ended on its own (it could not open the database, or crashed): nothing more goes to it. */
  get dead(): boolean {
    return this.failed !== undefined;
  }

  /** The thread for a connection's database file, or none when the database is in memory. */
  static for(sqlite: BetterSqlite3.Database, statisticsSql: string): WriterThread | undefined {
    if (sqlite.memory || !sqlite.name || sqlite.name === ':memory:') return undefined;
    const synchronous = Number(sqlite.pragma('synchronous', { simple: true }));
    return new WriterThread(sqlite.name, synchronous, statisticsSql, sqlite);
  }

  private restoreMainCheckpoints(): void {
    if (this.main?.open) this.main.pragma(`wal_autocheckpoint = ${DEFAULT_CHECKPOINT_PAGES}`);
  }

  /** The thread's connection settings, as it reads them (tests). */
  settings(): Promise<WriterSettings> {
    return new Promise((resolve) => {
      this.settingsWaiting.push(resolve);
      this.worker.postMessage('settings');
    });
  }

  /** Commits one batch; resolves with the ids of its positions and events once it is committed. */
  async commit(batch: ThreadBatch): Promise<{ positionIds: number[]; eventIds: number[] }> {
    const answer = await this.send(batch);
    return { positionIds: answer.positionIds!, eventIds: answer.eventIds! };
  }

  /** Other writers' statements, committed in one transaction in turn with the batches. */
  async transaction(statements: readonly SqliteStatement[]): Promise<void> {
    await this.send({ statements });
    this.statementCommits++;
  }

  private send(message: object): Promise<Answer> {
    if (this.failed) return Promise.reject(this.failed);
    const id = this.next++;
    return new Promise((resolve, reject) => {
      if (this.waiting.size === 0) this.worker.ref();
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...message });
    });
  }

  /** Closes the thread's connection once the batches sent before are committed. */
  async close(): Promise<void> {
    if (this.failed) return;
    const ended = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    // the process waits for the thread to end, as for a batch
    this.worker.ref();
    this.worker.postMessage('close');
    await ended;
    this.restoreMainCheckpoints();
  }
}
