/**
 * Reads a vehicle's positions in time order in chunks (keyset pagination on fixTime, id), never a whole
 * period at once. Only the columns and attribute keys a report needs are read: the hot attributes are
 * plain generated columns (migration 003), others are extracted in SQL (`->>` on SQLite's JSON text and
 * PostgreSQL's jsonb), which is much cheaper than parsing the whole attributes in JS.
 * Rows come back as arrays straight from the driver (better-sqlite3 raw mode with cached statements,
 * pg array row mode): a month of 1 Hz positions is millions of rows, and keyed row objects cost more than
 * the work done on them.
 */
import type { Db } from '../db/database';
import { toBool } from '../db/mapping';
import { HOT_ATTRIBUTES } from '../db/migrations/003_positionColumns';
import type { RawPosition } from './sample';
import { placeholders, queryArrays, type Param } from './arrayQuery';

export const CHUNK = 10_000;

export interface StreamSpec {
  /** attribute keys to extract */
  keys: string[];
  /** also read course and address */
  details?: boolean;
  /** read the whole attributes object (positions report) */
  allAttributes?: boolean;
  chunk?: number;
  /** only positions stored up to this id (what a reader has already seen) */
  maxId?: number;
}

const SAFE_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

function attrColumn(db: Db, key: string): string {
  const hot = (HOT_ATTRIBUTES as Record<string, string>)[key];
  if (hot) return hot;
  if (!SAFE_KEY.test(key)) throw new Error(`unsafe attribute key ${key}`);
  return db.dialect === 'postgres' ? `attributes ->> '${key}'` : `attributes ->> '$.${key}'`;
}

/** The select list: id, fix_time, valid, latitude, longitude, speed, [course, address], attributes… */
function selection(db: Db, spec: StreamSpec): string {
  const cols = ['id', 'fix_time', 'valid', 'latitude', 'longitude', 'speed'];
  if (spec.details) cols.push('course', 'address');
  if (spec.allAttributes) cols.push('attributes');
  else for (const key of spec.keys) cols.push(attrColumn(db, key));
  return cols.join(', ');
}

const parseAttrs = (v: unknown): Record<string, unknown> => {
  if (v && typeof v === 'object') return v as Record<string, unknown>;
  try {
    return typeof v === 'string' && v ? JSON.parse(v) : {};
  } catch {
    return {};
  }
};

function mapper(spec: StreamSpec): (row: unknown[]) => RawPosition {
  const first = spec.details ? 8 : 6;
  const keys = spec.keys;
  return (row) => {
    let attrs: Record<string, unknown>;
    if (spec.allAttributes) attrs = parseAttrs(row[first]);
    else {
      attrs = {};
      for (let i = 0; i < keys.length; i++) {
        const v = row[first + i];
        if (v !== null && v !== undefined) attrs[keys[i]] = v;
      }
    }
    return {
      id: Number(row[0]),
      fixTime: Number(row[1]),
      valid: toBool(row[2]),
      latitude: row[3] as number,
      longitude: row[4] as number,
      speed: row[5] as number,
      course: spec.details ? Number(row[6]) : undefined,
      address: spec.details ? ((row[7] as string | null) ?? null) : undefined,
      attrs,
    };
  };
}

/** Chunks of positions with from <= fixTime <= to, in (fixTime, id) order. */
export async function* positionChunks(
  db: Db,
  deviceId: number,
  from: number,
  to: number,
  spec: StreamSpec,
): AsyncGenerator<RawPosition[]> {
  const size = spec.chunk ?? CHUNK;
  const map = mapper(spec);
  const cols = selection(db, spec);
  // a bound parameter, not text: statements are prepared once per text
  const upTo = spec.maxId === undefined ? '' : 'AND id <= ? ';
  const bound: Param[] = spec.maxId === undefined ? [] : [spec.maxId];
  const head = placeholders(
    db,
    `SELECT ${cols} FROM positions WHERE device_id = ? AND fix_time >= ? AND fix_time <= ? ${upTo}` +
      `ORDER BY fix_time, id LIMIT ?`,
  );
  const next = placeholders(
    db,
    `SELECT ${cols} FROM positions WHERE device_id = ? AND fix_time >= ? AND fix_time <= ? ${upTo}` +
      `AND (fix_time > ? OR id > ?) ORDER BY fix_time, id LIMIT ?`,
  );
  let params: Param[] = [deviceId, from, to, ...bound, size];
  let text = head;
  for (;;) {
    const rows = await queryArrays(db, text, params);
    if (!rows.length) return;
    yield rows.map(map);
    if (rows.length < size) return;
    const last = rows[rows.length - 1];
    const lastTime = Number(last[1]);
    params = [deviceId, lastTime, to, ...bound, lastTime, Number(last[0]), size];
    text = next;
  }
}

/** The last position before `from` (the state and odometer a period starts with). */
export async function positionBefore(
  db: Db,
  deviceId: number,
  from: number,
  spec: StreamSpec,
): Promise<RawPosition | undefined> {
  const text = placeholders(
    db,
    `SELECT ${selection(db, spec)} FROM positions WHERE device_id = ? AND fix_time < ? ` +
      `ORDER BY fix_time DESC, id DESC LIMIT 1`,
  );
  const [row] = await queryArrays(db, text, [deviceId, from]);
  return row ? mapper(spec)(row) : undefined;
}
