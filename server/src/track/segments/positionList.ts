/**
 * The segments job's listing of the positions stored since its watermark: one row per vehicle, its
 * positions' ids and fix times as one text of integers (`id,time,id,time,…`), joined by the database
 * (`string_agg` / `group_concat`) rather than sent and parsed a row each (some 300,000 rows a pass at the
 * ingest bench's rate: the driver's row parsing was the main thread's). Kept as one typed array of pairs.
 */
import type { Db } from '../../db/database';
import { integerList } from '../../db/integerList';
import { placeholders, queryArrays } from '../arrayQuery';

/** [id, fix time] pairs, flat: ids at even indexes, each one's fix time after it. */
export type PositionPairs = Float64Array;

const LISTING = {
  postgres:
    "SELECT device_id, string_agg(id::text || ',' || fix_time::text, ',') FROM positions " +
    'WHERE id > ? AND id <= ? GROUP BY device_id',
  sqlite:
    "SELECT device_id, group_concat(id || ',' || fix_time, ',') FROM positions " +
    'WHERE id > ? AND id <= ? GROUP BY device_id',
};

/** Per vehicle: the [id, fix time] pairs of its positions with ids in (start, upTo], in no set order. */
export async function listPositions(
  db: Db,
  start: number,
  upTo: number,
): Promise<Map<number, PositionPairs>> {
  const rows = await queryArrays(db, placeholders(db, LISTING[db.dialect]), [start, upTo]);
  const out = new Map<number, PositionPairs>();
  for (const [deviceId, pairs] of rows) out.set(Number(deviceId), integerList(String(pairs)));
  return out;
}

/** How many positions have ids in (start, upTo]. */
export async function countPositions(db: Db, start: number, upTo: number): Promise<number> {
  const [[count]] = await queryArrays(
    db,
    placeholders(db, 'SELECT count(*) FROM positions WHERE id > ? AND id <= ?'),
    [start, upTo],
  );
  return Number(count);
}
