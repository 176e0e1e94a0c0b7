/**
 * The route of a replay read on its own, first: id, time, place, speed, course and privacy of each
 * position, in one array-mode query per chunk (keyset pages as the reports' position stream), written
 * straight from the database's rows into the PART frames of the stream. No attribute text is read with
 * the route: the privacy flag, the one attribute it needs, comes from the few positions of the chunk's
 * time span that carry one (migration 030's partial index). The markers, limits and trips come after,
 * from the report detectors' pass (readReplay).
 */
import { grown, isPrivatePosition, NO_PLACE } from '@frota/core';
import { badRequest } from '../../errors';
import type { Db } from '../../db/database';
import { privacyValue, privateColumnFilter } from '../../db/migrations/033_writtenColumns';
import { placeholders, queryArrays, type Param } from '../../track/arrayQuery';
import { tooManyMessage, type ReplayPlan } from './replay';
import { RoutePart } from './streamFrames';

/** Rows per read: seven numbers each, so a page can be larger than the detectors' pass reads. */
export const ROUTE_CHUNK = 10_000;

/** The privacy attribute of the positions that carry one, by the partial index of migrations 030 and 033. */
export function privacyQuery(db: Db): string {
  return placeholders(
    db,
    `SELECT id, ${privacyValue(db.dialect)} FROM positions WHERE device_id = ? AND fix_time >= ? AND fix_time <= ? ` +
      `AND ${privateColumnFilter(db.dialect)}`,
  );
}

/** The privacy attribute of the positions from `from` to `to` that carry one, by id. */
async function privacyValues(db: Db, text: string, deviceId: number, from: number, to: number) {
  const values = new Map<number, unknown>();
  for (const [id, value] of await queryArrays(db, text, [deviceId, from, to])) values.set(Number(id), value);
  return values;
}

/** The ids of the route read so far, in order (what the markers are placed against). */
export class RouteIds {
  ids = new Float64Array(1024);
  length = 0;
  max = 0;

  push(id: number): void {
    if (this.length === this.ids.length) {
      this.ids = grown(this.ids, this.ids.length * 2);
    }
    this.ids[this.length++] = id;
    if (id > this.max) this.max = id;
  }
}

/**
 * Reads the plan's route in parts, calling `part` with each filled part (before the next read) and
 * `between` after it; answers the ids read. Private places are blanked as the other answers blank them
 * (positionColumns.ts): no place, speed or course where the user may not see them.
 */
export async function readRoute(
  plan: ReplayPlan,
  part: (filled: RoutePart) => void,
  between: () => Promise<void>,
  chunk = ROUTE_CHUNK,
): Promise<RouteIds> {
  const db = plan.ctx.db;
  const read = new RouteIds();
  const vehicleAttributes = plan.vehicle.attributes;
  const vehiclePrivate = isPrivatePosition({ attributes: {} }, vehicleAttributes);
  const cols = 'id, fix_time, latitude, longitude, speed, course';
  const privacy = privacyQuery(db);
  const where = 'FROM positions WHERE device_id = ? AND fix_time >= ? AND fix_time <= ?';
  const head = placeholders(db, `SELECT ${cols} ${where} ORDER BY fix_time, id LIMIT ?`);
  const next = placeholders(
    db,
    `SELECT ${cols} ${where} AND (fix_time > ? OR id > ?) ORDER BY fix_time, id LIMIT ?`,
  );
  if (plan.from > plan.to) return read;
  let params: Param[] = [plan.vehicle.id, plan.from, plan.to, chunk];
  let text = head;
  for (;;) {
    const rows = await queryArrays(db, text, params);
    if (!rows.length) break;
    if (read.length + rows.length > plan.max) throw badRequest(tooManyMessage(plan.max));
    const span = [Number(rows[0][1]), Number(rows[rows.length - 1][1])] as const;
    const said = await privacyValues(db, privacy, plan.vehicle.id, ...span);
    const filled = new RoutePart(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i];
      const id = Number(row[0]);
      const value = said.size ? said.get(id) : undefined;
      const isPrivate =
        value === null || value === undefined
          ? vehiclePrivate
          : isPrivatePosition({ attributes: { privacy: value } }, vehicleAttributes);
      const blank = isPrivate && plan.hidden;
      filled.id[i] = id;
      filled.fixTime[i] = Number(row[1]);
      filled.latitude[i] = blank ? NO_PLACE : Math.round((row[2] as number) * 1e6);
      filled.longitude[i] = blank ? NO_PLACE : Math.round((row[3] as number) * 1e6);
      filled.speed[i] = blank ? NaN : Math.round((Number(row[4]) || 0) * 100) / 100;
      filled.course[i] = blank ? 0 : Number(row[5]) || 0;
      filled.privacy[i] = isPrivate ? 1 : 0;
      read.push(id);
    }
    part(filled);
    await between();
    if (rows.length < chunk) break;
    const last = rows[rows.length - 1];
    const lastTime = Number(last[1]);
    params = [plan.vehicle.id, lastTime, plan.to, lastTime, Number(last[0]), chunk];
    text = next;
  }
  return read;
}
