/**
 * A cache of compact position days: past days do not change, and a month of trips, stops and km is the
 * same thirty days read again and again. One row per vehicle, day and bucket length holds the compact
 * rows of that day with the day's position count and the sum of its fix times (modulo a day, so the sum
 * stays exact); it is used only while both still match (a late, moved or deleted position changes them),
 * and only for days already over. Both figures come from the hourly position tallies (migration 006).
 */
import type { Db } from '../db/database';
import { TALLY_HOUR_MS } from '../db/migrations/006_positionTallies';
import { execute, placeholders, queryArrays } from './arrayQuery';

/** Changes whenever the compact rows would come out differently. */
export const COMPACT_VERSION = 1;
/** Days that ended less than this ago are not cached: late records still arrive. */
export const SETTLE_MS = 3_600_000;

export interface CacheWindow {
  deviceId: number;
  start: number;
  end: number;
  bucketMs: number;
}

/**
 * The window's position count and fix-time sum: what a cached copy must still match. Windows of whole
 * UTC hours (every local day of a whole-hour timezone) add up the hourly tallies the database keeps
 * (migration 006); others count their positions.
 */
export async function windowState(db: Db, w: CacheWindow): Promise<[number, number]> {
  const aligned = w.start >= 0 && w.start % TALLY_HOUR_MS === 0 && (w.end + 1) % TALLY_HOUR_MS === 0;
  const [[count, timeSum]] = aligned
    ? await queryArrays(
        db,
        placeholders(
          db,
          'SELECT coalesce(sum(positions), 0), coalesce(sum(time_sum), 0) FROM position_tallies ' +
            'WHERE device_id = ? AND hour >= ? AND hour <= ?',
        ),
        [w.deviceId, w.start / TALLY_HOUR_MS, (w.end + 1) / TALLY_HOUR_MS - 1],
      )
    : await queryArrays(
        db,
        placeholders(
          db,
          'SELECT count(*), coalesce(sum(fix_time % 86400000), 0) FROM positions ' +
            'WHERE device_id = ? AND fix_time >= ? AND fix_time <= ?',
        ),
        [w.deviceId, w.start, w.end],
      );
  return [Number(count), Number(timeSum)];
}

export async function cachedWindow(
  db: Db,
  w: CacheWindow,
  state: { count: number; timeSum: number },
  read: () => Promise<unknown[][]>,
  now = Date.now(),
): Promise<unknown[][]> {
  if (w.end > now - SETTLE_MS) return read();
  const positions = state.count;
  const timeSum = state.timeSum;
  if (!positions) return [];
  const [hit] = await queryArrays(
    db,
    placeholders(
      db,
      'SELECT version, positions, time_sum, rows FROM compact_cache WHERE device_id = ? AND window_start = ? AND bucket_ms = ?',
    ),
    [w.deviceId, w.start, w.bucketMs],
  );
  if (hit && Number(hit[0]) === COMPACT_VERSION && Number(hit[1]) === positions && Number(hit[2]) === timeSum)
    return JSON.parse(String(hit[3])) as unknown[][];
  const rows = await read();
  // never inside another open transaction of the shared SQLite connection
  if (db.sqlite?.inTransaction) return rows;
  await execute(
    db,
    placeholders(
      db,
      'INSERT INTO compact_cache (device_id, window_start, bucket_ms, version, positions, time_sum, rows) ' +
        'VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (device_id, window_start, bucket_ms) DO UPDATE SET ' +
        'version = excluded.version, positions = excluded.positions, time_sum = excluded.time_sum, rows = excluded.rows',
    ),
    [w.deviceId, w.start, w.bucketMs, COMPACT_VERSION, positions, timeSum, JSON.stringify(rows)],
  );
  return rows;
}
