/**
 * The compact position stream for reports whose figures come only from motion, time, distance and top
 * speed (trips, stops, km, hours, activity and their monthly and chart forms).
 *
 * The period is cut into fixed time buckets. In SQL, each bucket whose positions all share the same
 * ignition, motion attribute, validity and driving class (above or below 3 km/h), with an odometer on
 * each, is "uniform": nothing can start or end inside it, so its first and last positions carry every
 * figure those reports need: the time between them, the odometer difference, and (given to the first
 * one) the bucket's top valid speed. Only those two positions of a uniform bucket reach JS; every
 * position of the other buckets does (inside a coarse bucket that is not uniform, uniform 10-second
 * buckets are reduced the same way). Buckets are UTC multiples of their length and are cut again at the
 * local days read one by one, so local midnights and, with one-minute buckets, working-hour edges fall
 * between buckets, never inside one.
 * The one assumption: within a uniform bucket the odometer does not go backwards (it is our own
 * `totalDistance`, which only grows).
 * Positions are read one local day at a time, so a month never sits in memory.
 */
import type { Db } from '../db/database';
import { toBool } from '../db/mapping';
import { placeholders, queryArrays } from './arrayQuery';
import { cachedWindow, windowState } from './compactCache';
import type { Zone } from './timezone';
import { DRIVING_KMH, MOTION_KEYS, type RawPosition } from './sample';
import { KNOTS_TO_KMH } from '@frota/core';

/** Bucket length when no working hours are involved. */
export const COMPACT_BUCKET_MS = 300_000;
/** Bucket length when work/personal time is split at HH:MM edges. */
export const WORK_BUCKET_MS = 60_000;

/** Fine buckets inside a coarse bucket that is not uniform. */
export const FINE_BUCKET_MS = 10_000;

function compactQuery(db: Db, bucketMs: number, fineMs: number): string {
  const pg = db.dialect === 'postgres';
  const int = (e: string) => (pg ? `(${e})::int` : `(${e})`);
  const per = Math.max(1, Math.round(bucketMs / fineMs));
  // one value throughout, or none at all (a column null on some rows only is not the same)
  const same = (c: string) => `(count(${c}) = 0 OR (count(${c}) = count(*) AND min(${c}) = max(${c})))`;
  const driving = int(`speed * ${KNOTS_TO_KMH} > ${DRIVING_KMH}`);
  // times are whole milliseconds, but SQLite would divide a stray real one into a fraction
  const fineOf = pg ? `fix_time / ${fineMs}` : `CAST(fix_time / ${fineMs} AS INTEGER)`;
  // f: fine buckets, uniform or not, with the state they share; c: coarse buckets of uniform fine
  // buckets all in the same state (a null state never counts as the same)
  const fine =
    `SELECT ${fineOf} AS fb, min(fix_time) AS t0, max(fix_time) AS t1, ` +
    `CASE WHEN ${same('ignition')} AND ${same('motion')} ` +
    `AND min(${int('valid')}) = max(${int('valid')}) AND min(${driving}) = max(${driving}) ` +
    `AND count(total_distance) = count(*) THEN 1 ELSE 0 END AS u, ` +
    `min(ignition) AS ig, min(motion) AS mo, min(${int('valid')}) AS va, min(${driving}) AS dr, ` +
    `max(CASE WHEN valid THEN speed END) AS vmax ` +
    `FROM positions WHERE device_id = ? AND fix_time >= ? AND fix_time <= ? GROUP BY ${fineOf}`;
  // ig/mo are null for fine buckets without ignition (or motion): the same test compares them
  const coarse =
    `SELECT fb / ${per} AS cb, min(t0) AS c0, max(t1) AS c1, ` +
    `CASE WHEN min(u) = 1 AND ${same('ig')} AND ${same('mo')} AND min(va) = max(va) ` +
    `AND min(dr) = max(dr) THEN 1 ELSE 0 END AS cu, max(vmax) AS cvmax FROM f GROUP BY fb / ${per}`;
  const text =
    `WITH f AS (${fine}), c AS (${coarse}) ` +
    `SELECT p.id, p.fix_time, p.valid, p.latitude, p.longitude, p.speed, p.ignition, p.motion, ` +
    `p.total_distance, p.hours, CASE WHEN b.cu = 1 THEN b.c0 WHEN b.u = 1 THEN b.t0 END AS first, ` +
    `CASE WHEN b.cu = 1 THEN b.cvmax ELSE b.vmax END AS vmax ` +
    // buckets first, then the positions of each (PostgreSQL's OFFSET 0 keeps that order: with the months of a
    // partitioned table, migration 022, a planner unsure of the counts could read positions per bucket pair)
    `FROM (SELECT * FROM f JOIN c ON c.cb = f.fb / ${per}${pg ? ' OFFSET 0' : ''}) AS b CROSS JOIN positions p ` +
    `WHERE p.device_id = ? AND p.fix_time >= b.t0 AND p.fix_time <= b.t1 AND (` +
    `(b.cu = 1 AND (p.fix_time = b.c0 OR p.fix_time = b.c1)) OR ` +
    `(b.cu = 0 AND (b.u = 0 OR p.fix_time = b.t0 OR p.fix_time = b.t1))) ` +
    `ORDER BY p.fix_time, p.id`;
  return placeholders(db, text);
}

function toRaw(row: unknown[]): RawPosition {
  const attrs: Record<string, unknown> = {};
  for (let i = 0; i < MOTION_KEYS.length; i++) {
    const v = row[6 + i];
    if (v !== null && v !== undefined) attrs[MOTION_KEYS[i]] = v;
  }
  let speed = row[5] as number;
  // the first position of a uniform bucket stands for the bucket's top speed
  if (row[10] !== null && Number(row[1]) === Number(row[10]) && row[11] !== null)
    speed = Math.max(speed, Number(row[11]));
  return {
    id: Number(row[0]),
    fixTime: Number(row[1]),
    valid: toBool(row[2]),
    latitude: row[3] as number,
    longitude: row[4] as number,
    speed,
    attrs,
  };
}

/** Positions this dense (per fine bucket) are worth the fine level; sparser ones use coarse buckets only. */
const FINE_DENSITY = 3;

/**
 * The compact rows of one window of a vehicle (at most one local day, so both levels of buckets line up
 * with its edges). `cache` reads and keeps whole past days through compactCache.ts.
 */
export async function compactWindow(
  db: Db,
  window: { deviceId: number; start: number; end: number; bucketMs: number },
  cache: boolean,
  now = Date.now(),
): Promise<unknown[][]> {
  const [count, timeSum] = await windowState(db, window);
  if (!count) return [];
  const dense = count >= ((window.end - window.start + 1) / FINE_BUCKET_MS) * FINE_DENSITY;
  const text = compactQuery(db, window.bucketMs, dense ? FINE_BUCKET_MS : window.bucketMs);
  const read = () => queryArrays(db, text, [window.deviceId, window.start, window.end, window.deviceId]);
  return cache ? cachedWindow(db, window, { count, timeSum }, read, now) : read();
}

/**
 * Compact chunks (one per local day of `zone`) with from <= fixTime <= to, in (fixTime, id) order. Whole
 * days are cached (compactCache.ts); the partial days at the ends of a period are read directly.
 */
export async function* compactChunks(
  db: Db,
  deviceId: number,
  from: number,
  to: number,
  bucketMs: number,
  zone: Zone,
): AsyncGenerator<RawPosition[]> {
  for (let w = zone.startOfDay(from); w <= to; w = zone.nextDay(w)) {
    const end = zone.nextDay(w) - 1;
    const window = { deviceId, start: Math.max(from, w), end: Math.min(to, end), bucketMs };
    const rows = await compactWindow(db, window, w >= from && end <= to);
    if (rows.length) yield rows.map(toRaw);
  }
}
