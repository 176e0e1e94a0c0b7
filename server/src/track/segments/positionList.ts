/**
 * The segments job's listing of the positions stored since its watermark: one row per vehicle, its
 * positions' ids and fix times as one text of integers (`id,time,id,time,…`), joined by the database
 * (`string_agg` / `group_concat`) rather than sent and parsed a row each (some 300,000 rows a pass at the
 * ingest bench's rate: the driver's row parsing was the main thread's). Kept as one typed array of pairs.
 */
import type { Db } from '../../db/database';
import { placeholders, queryArrays } from '../arrayQuery';

/** [id, fix time] pairs, flat: ids at even indexes, each one's fix time after it. */
export type PositionPairs = Float64Array;

/**
 * The integers of `text` separated by commas (`-` allowed before one), in order. Throws on anything else: the
 * listing is the database's own integers, and a wrong reading would skip a vehicle's positions.
 */
export function integerList(text: string): Float64Array {
  if (text === '') return new Float64Array(0);
  let count = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 44) count++;
  const out = new Float64Array(count);
  let at = 0;
  let value = 0;
  let sign = 1;
  let digits = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 44;
    if (c >= 48 && c <= 57) {
      value = value * 10 + (c - 48);
      digits++;
    } else if (c === 45 && digits === 0 && sign === 1) sign = -1;
    else if (c === 44 && digits > 0) {
      out[at++] = sign * value;
      value = 0;
      sign = 1;
      digits = 0;
    } else throw new Error(`not a list of integers at ${i}: ${text.slice(Math.max(0, i - 20), i + 20)}`);
  }
  return out;
}

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
