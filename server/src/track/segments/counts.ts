/**
 * Whether stored segments and hours still hold the positions the table holds: a position stored late or
 * deleted since the job read its hour sends a period to the engine until the job (or the rewind of a
 * deletion) has computed them again. Whole hours are compared with the table's hourly tallies (migration
 * 006); the parts of an hour on either side of a resume point with a count of the positions themselves.
 */
import type { Db } from '../../db/database';
import { placeholders, queryArrays } from '../arrayQuery';
import { TALLY_HOUR_MS } from '../../db/migrations/006_positionTallies';
import { after } from './codec';
import { hourOf, HOUR_MS, type HourFigures } from './hourBook';

export type Point = { time: number; id: number };

/** Hour -> positions the tallies count in the hours of [from, to) holding any. */
async function tallies(db: Db, deviceId: number, from: number, to: number): Promise<Map<number, number>> {
  const rows = await queryArrays(
    db,
    placeholders(
      db,
      'SELECT hour, positions FROM position_tallies WHERE device_id = ? AND hour >= ? AND hour < ? AND positions > 0',
    ),
    [deviceId, from / TALLY_HOUR_MS, to / TALLY_HOUR_MS],
  );
  return new Map(rows.map(([hour, n]) => [Number(hour) * TALLY_HOUR_MS, Number(n)]));
}

const sameMaps = (a: Map<number, number>, b: Map<number, number>): boolean =>
  a.size === b.size && [...a].every(([k, n]) => b.get(k) === n);

/** Whether every hour of [from, to) holds the positions the hourly tallies count. */
export async function sameCounts(
  db: Db,
  deviceId: number,
  from: number,
  to: number,
  hours: HourFigures[],
): Promise<boolean> {
  const counted = new Map(hours.filter((h) => h.positions > 0).map((h) => [h.hour, h.positions]));
  return sameMaps(await tallies(db, deviceId, from, to), counted);
}

/** Positions in the table after `a` (or from `start`) and up to `b` (or before `end`). */
export async function countBetween(
  db: Db,
  deviceId: number,
  a: Point | { start: number },
  b: Point | { end: number },
): Promise<number> {
  const lower =
    'start' in a
      ? ['fix_time >= ?', [a.start]]
      : ['(fix_time > ? OR (fix_time = ? AND id > ?))', [a.time, a.time, a.id]];
  const upper =
    'end' in b
      ? ['fix_time < ?', [b.end]]
      : ['(fix_time < ? OR (fix_time = ? AND id <= ?))', [b.time, b.time, b.id]];
  const [[n]] = await queryArrays(
    db,
    placeholders(db, `SELECT count(*) FROM positions WHERE device_id = ? AND ${lower[0]} AND ${upper[0]}`),
    [deviceId, ...(lower[1] as number[]), ...(upper[1] as number[])],
  );
  return Number(n);
}

/**
 * Whether the segments closed after resume point `a` and up to `b` were made of the positions the table
 * holds between them now. The hour parts stored with those resume points hold exactly those positions.
 */
export async function sameBetween(db: Db, deviceId: number, a: Point, b: Point): Promise<boolean> {
  const first = hourOf(a.time);
  const last = hourOf(b.time);
  const rows = await queryArrays(
    db,
    placeholders(
      db,
      'SELECT hour, closed_time, closed_id, data FROM segment_hours WHERE device_id = ? AND hour >= ? AND hour <= ? ' +
        'AND closed_time >= ? AND closed_time <= ?',
    ),
    [deviceId, first, last, a.time, b.time],
  );
  const stored = new Map<number, number>();
  for (const [hour, time, id, data] of rows) {
    const closed = { time: Number(time), id: Number(id) };
    if (!after(closed, a.time, a.id) || after(closed, b.time, b.id)) continue;
    const n = ((typeof data === 'string' ? JSON.parse(data) : data) as HourFigures).positions;
    if (n > 0) stored.set(Number(hour), (stored.get(Number(hour)) ?? 0) + n);
  }
  const take = (hour: number) => {
    const n = stored.get(hour) ?? 0;
    stored.delete(hour);
    return n;
  };
  if (first === last) return (await countBetween(db, deviceId, a, b)) === take(first);
  if ((await countBetween(db, deviceId, a, { end: first + HOUR_MS })) !== take(first)) return false;
  if ((await countBetween(db, deviceId, { start: last }, b)) !== take(last)) return false;
  return sameMaps(await tallies(db, deviceId, first + HOUR_MS, last), stored);
}
