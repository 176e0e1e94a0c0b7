/** Reads and writes of `segments` and `segment_progress` (migration 024). */
import { CompiledQuery } from 'kysely';
import type { Db, SqliteStatement } from '../../db/database';
import { execute, placeholders, queryArrays, type Param } from '../arrayQuery';
import type { DeviceProfile, Sample } from '../sample';
import {
  decodeSample,
  decodeStop,
  decodeTrip,
  encodeClosed,
  STOP,
  TRIP,
  type Closed,
  type StoredStop,
} from './codec';
import type { Trip, TrackerState } from '../tracker';
import { mergeHour, type HourBookState, type HourFigures } from './hourBook';
import type { FuelHoursState } from './fuelHours';

/** The progress row of device 0 holds the job's watermark over position ids. */
export const WATERMARK_DEVICE = 0;

export interface Progress {
  deviceId: number;
  profile: string;
  seenId: number;
  resume: Sample | undefined;
  /** the fuel analyzer's state at `resume` (vehicles whose level gives litres) */
  resumeFuel?: FuelHoursState;
  /** where the last pass stopped reading, past `resume` (absent: carry on from `resume`) */
  state?: CarryState;
}

/** The work of a pass after its resume point, kept so the next pass reads only new positions. */
export interface CarryState {
  /** the last position read */
  last: { time: number; id: number };
  tracker: TrackerState;
  hours: HourBookState;
  /** segments closed after the resume point: stored when a stop closes after them */
  pending: Closed[];
}

/**
 * What the segments were computed with: a change of vehicle type, engine voltage or fuel level source
 * (fuel sensor calibration; a tank capacity and sensor added or removed) rebuilds them.
 */
export function profileKey(p: DeviceProfile): string {
  const motion = `${p.machine ? 'machine' : 'vehicle'}:${p.engineVoltage ?? ''}`;
  if (!p.fuel) return motion;
  return `${motion}:fuel=${p.fuel === 'reported' ? 'reported' : `${p.fuel.low}-${p.fuel.high}`}`;
}

const json = <T>(v: unknown): T | undefined =>
  v === null || v === undefined ? undefined : ((typeof v === 'string' ? JSON.parse(v) : v) as T);

export async function readProgress(db: Db, deviceIds: number[]): Promise<Map<number, Progress>> {
  const out = new Map<number, Progress>();
  for (let i = 0; i < deviceIds.length; i += 500) {
    const rows = await db.kysely
      .selectFrom('segmentProgress')
      .select(['deviceId', 'profile', 'seenId', 'resume', 'resumeFuel', 'state'])
      .where('deviceId', 'in', deviceIds.slice(i, i + 500))
      .execute();
    for (const r of rows)
      out.set(Number(r.deviceId), {
        deviceId: Number(r.deviceId),
        profile: r.profile,
        seenId: Number(r.seenId),
        resume: r.resume ? decodeSample(r.resume) : undefined,
        resumeFuel: json<FuelHoursState>(r.resumeFuel),
        state: json<CarryState>(r.state),
      });
  }
  return out;
}

/** The position id each vehicle's segments were brought to (vehicles without progress are left out). */
export async function readSeenIds(db: Db, deviceIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (let i = 0; i < deviceIds.length; i += 500) {
    const rows = await db.kysely
      .selectFrom('segmentProgress')
      .select(['deviceId', 'seenId'])
      .where('deviceId', 'in', deviceIds.slice(i, i + 500))
      .execute();
    for (const r of rows) out.set(Number(r.deviceId), Number(r.seenId));
  }
  return out;
}

const INSERT_SEGMENT =
  'INSERT INTO segments (device_id, kind, closed_time, closed_id, start_time, end_time, data) ' +
  'VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (device_id, closed_time, closed_id, kind) DO UPDATE SET ' +
  'start_time = excluded.start_time, end_time = excluded.end_time, data = excluded.data';
const INSERT_HOUR =
  'INSERT INTO segment_hours (device_id, hour, closed_time, closed_id, data) VALUES (?, ?, ?, ?, ?) ' +
  'ON CONFLICT (device_id, hour, closed_time, closed_id) DO UPDATE SET data = excluded.data';
const UPSERT_PROGRESS =
  'INSERT INTO segment_progress (device_id, profile, seen_id, resume_time, resume_id, resume, state, resume_fuel) ' +
  'VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (device_id) DO UPDATE SET profile = excluded.profile, ' +
  'seen_id = excluded.seen_id, resume_time = excluded.resume_time, resume_id = excluded.resume_id, ' +
  'resume = excluded.resume, state = excluded.state, resume_fuel = excluded.resume_fuel';

const segmentParams = (deviceId: number, c: Closed): Param[] => {
  const seg = (c.trip ?? c.stop)!;
  return [deviceId, c.kind, c.closedBy.time, c.closedBy.id, seg.startTime, seg.endTime, encodeClosed(c)];
};

/** A part of an hour's figures, stored with the resume point that closed it. */
export interface StoredHour {
  closedBy: Sample;
  figures: HourFigures;
}

const hourParams = (deviceId: number, h: StoredHour): Param[] => [
  deviceId,
  h.figures.hour,
  h.closedBy.time,
  h.closedBy.id,
  JSON.stringify(h.figures),
];

const progressParams = (p: Progress): Param[] => [
  p.deviceId,
  p.profile,
  p.seenId,
  p.resume?.time ?? null,
  p.resume?.id ?? null,
  p.resume ? JSON.stringify(p.resume) : null,
  p.state ? JSON.stringify(p.state) : null,
  p.resumeFuel ? JSON.stringify(p.resumeFuel) : null,
];

export async function writeProgress(db: Db, p: Progress): Promise<void> {
  await execute(db, placeholders(db, UPSERT_PROGRESS), progressParams(p));
}

type SqliteHandle = NonNullable<Db['sqlite']>;
const prepared = new WeakMap<SqliteHandle, Map<string, ReturnType<SqliteHandle['prepare']>>>();
/** The commit's statements, prepared once per connection and text (a pass commits once per vehicle). */
function preparedStatement(sqlite: SqliteHandle, text: string) {
  let cache = prepared.get(sqlite);
  if (!cache) prepared.set(sqlite, (cache = new Map()));
  let statement = cache.get(text);
  if (!statement) cache.set(text, (statement = sqlite.prepare(text)));
  return statement;
}

/**
 * Stores closed segments and the new progress in one transaction: a reader never sees segments past the
 * resume point, and a crash leaves the previous pair.
 */
export async function commitSegments(
  db: Db,
  deviceId: number,
  closed: Closed[],
  hours: StoredHour[],
  p: Progress,
): Promise<void> {
  if (db.pgPool) {
    // PostgreSQL: one statement, atomic by itself, one round trip (the job commits every vehicle each pass)
    const segments = lastOfEachKey(
      closed.map((c) => segmentParams(deviceId, c)),
      4,
    );
    const hourRows = lastOfEachKey(
      hours.map((h) => hourParams(deviceId, h)),
      4,
    );
    await db.pgPool.query(COMMIT_PG, [
      ...columnsOf(segments, 7),
      ...columnsOf(hourRows, 5),
      ...progressParams(p),
    ]);
    return;
  }
  const statements: SqliteStatement[] = [
    ...closed.map((c) => [INSERT_SEGMENT, segmentParams(deviceId, c)] as const),
    ...hours.map((h) => [INSERT_HOUR, hourParams(deviceId, h)] as const),
    [UPSERT_PROGRESS, progressParams(p)],
  ];
  const sqlite = db.sqlite;
  const writes = db.sqliteWrites;
  if (sqlite && !sqlite.inTransaction && writes && !writes.dead) {
    // the writer thread commits it between its batches: the main thread never waits for the lock it holds
    await writes.transaction(statements);
  } else if (sqlite && !sqlite.inTransaction) {
    // better-sqlite3: one synchronous transaction, nothing else runs in between
    sqlite.transaction(() => {
      for (const [text, params] of statements) preparedStatement(sqlite, text).run([...params]);
    })();
  } else {
    // while another transaction holds the connection: Kysely's transaction waits for it
    await db.kysely.transaction().execute(async (trx) => {
      for (const [text, params] of statements) await trx.executeQuery(CompiledQuery.raw(text, [...params]));
    });
  }
}

/**
 * One transaction's segments, hours and progress as one statement: the two upserts of many rows as
 * data-modifying parts of the progress row's upsert (each runs to completion, all or nothing).
 */
const COMMIT_PG = `WITH closed AS (
    INSERT INTO segments (device_id, kind, closed_time, closed_id, start_time, end_time, data)
    SELECT * FROM ROWS FROM (unnest($1::integer[]), unnest($2::integer[]), unnest($3::bigint[]),
      unnest($4::bigint[]), unnest($5::bigint[]), unnest($6::bigint[]), unnest($7::jsonb[]))
    ON CONFLICT (device_id, closed_time, closed_id, kind) DO UPDATE SET start_time = excluded.start_time,
      end_time = excluded.end_time, data = excluded.data
  ), hours AS (
    INSERT INTO segment_hours (device_id, hour, closed_time, closed_id, data)
    SELECT * FROM ROWS FROM (unnest($8::integer[]), unnest($9::bigint[]), unnest($10::bigint[]),
      unnest($11::bigint[]), unnest($12::jsonb[]))
    ON CONFLICT (device_id, hour, closed_time, closed_id) DO UPDATE SET data = excluded.data
  )
  INSERT INTO segment_progress (device_id, profile, seen_id, resume_time, resume_id, resume, state, resume_fuel)
  VALUES ($13, $14, $15, $16, $17, $18, $19, $20) ON CONFLICT (device_id) DO UPDATE SET
    profile = excluded.profile, seen_id = excluded.seen_id, resume_time = excluded.resume_time,
    resume_id = excluded.resume_id, resume = excluded.resume, state = excluded.state,
    resume_fuel = excluded.resume_fuel`;

/**
 * The rows whose first `keyLength` values differ, the last of each kept where it stood: one statement may
 * not upsert a row twice, and the later of two upserts is what separate statements would have left.
 */
function lastOfEachKey(rows: Param[][], keyLength: number): Param[][] {
  if (rows.length < 2) return rows;
  const last = new Map<string, number>();
  rows.forEach((row, i) => last.set(JSON.stringify(row.slice(0, keyLength)), i));
  return rows.filter((row, i) => last.get(JSON.stringify(row.slice(0, keyLength))) === i);
}

/** Rows of `width` values as `width` arrays, one a column. */
function columnsOf(rows: Param[][], width: number): Param[][] {
  return Array.from({ length: width }, (_, c) => rows.map((row) => row[c]));
}

/** Forgets a vehicle's segments and hours stored after the position (time, id), or all of them. */
export async function dropAfter(db: Db, deviceId: number, time?: number, id?: number): Promise<void> {
  for (const table of ['segments', 'segment_hours']) {
    if (time === undefined || id === undefined)
      await execute(db, placeholders(db, `DELETE FROM ${table} WHERE device_id = ?`), [deviceId]);
    else
      await execute(
        db,
        placeholders(
          db,
          `DELETE FROM ${table} WHERE device_id = ? AND (closed_time > ? OR (closed_time = ? AND closed_id > ?))`,
        ),
        [deviceId, time, time, id],
      );
  }
}

/** The stored hours of [from, to), each part merged in order: hour start -> figures. */
export async function storedHours(
  db: Db,
  deviceId: number,
  from: number,
  to: number,
): Promise<HourFigures[]> {
  const rows = await queryArrays(
    db,
    placeholders(
      db,
      'SELECT hour, data FROM segment_hours WHERE device_id = ? AND hour >= ? AND hour < ? ' +
        'ORDER BY hour, closed_time, closed_id',
    ),
    [deviceId, from, to],
  );
  const out: HourFigures[] = [];
  for (const [hour, data] of rows) {
    const figures = (typeof data === 'string' ? JSON.parse(data) : data) as HourFigures;
    const last = out.at(-1);
    if (last && last.hour === Number(hour)) mergeHour(last, figures);
    else out.push(figures);
  }
  return out;
}

/** The last stored stop ended (closed) strictly before `time`: where a rewind resumes. */
export async function lastStopBefore(
  db: Db,
  deviceId: number,
  time: number,
): Promise<StoredStop | undefined> {
  const [row] = await queryArrays(
    db,
    placeholders(
      db,
      `SELECT data FROM segments WHERE device_id = ? AND kind = ${STOP} AND closed_time < ? ` +
        'ORDER BY closed_time DESC, closed_id DESC LIMIT 1',
    ),
    [deviceId, time],
  );
  return row ? decodeStop(row[0]) : undefined;
}

/** The first stored stop that began at or after `from` and was closed by `to`. */
export async function firstStopFrom(
  db: Db,
  deviceId: number,
  from: number,
  to: number,
): Promise<StoredStop | undefined> {
  const [row] = await queryArrays(
    db,
    placeholders(
      db,
      `SELECT data FROM segments WHERE device_id = ? AND kind = ${STOP} AND closed_time >= ? AND closed_time <= ? ` +
        'AND start_time >= ? ORDER BY closed_time, closed_id LIMIT 1',
    ),
    [deviceId, from, to, from],
  );
  return row ? decodeStop(row[0]) : undefined;
}

/** The last stored stop closed by `to`. */
export async function lastStopBy(db: Db, deviceId: number, to: number): Promise<StoredStop | undefined> {
  const [row] = await queryArrays(
    db,
    placeholders(
      db,
      `SELECT data FROM segments WHERE device_id = ? AND kind = ${STOP} AND closed_time <= ? ` +
        'ORDER BY closed_time DESC, closed_id DESC LIMIT 1',
    ),
    [deviceId, to],
  );
  return row ? decodeStop(row[0]) : undefined;
}

/** Stored trips and stops closed after position `a` and up to position `b`, in closing order. */
export async function segmentsBetween(
  db: Db,
  deviceId: number,
  a: Sample,
  b: Sample,
): Promise<{ trips: Trip[]; stops: StoredStop[] }> {
  const rows = await queryArrays(
    db,
    placeholders(
      db,
      'SELECT kind, data FROM segments WHERE device_id = ? AND closed_time >= ? AND closed_time <= ? ' +
        'AND (closed_time > ? OR closed_id > ?) AND (closed_time < ? OR closed_id <= ?) ' +
        'ORDER BY closed_time, closed_id, kind',
    ),
    [deviceId, a.time, b.time, a.time, a.id, b.time, b.id],
  );
  const trips: Trip[] = [];
  const stops: StoredStop[] = [];
  for (const [kind, data] of rows) {
    if (Number(kind) === TRIP) trips.push(decodeTrip(data));
    else stops.push(decodeStop(data));
  }
  return { trips, stops };
}
