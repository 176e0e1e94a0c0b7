/**
 * Reads a vehicle's positions in time order in chunks (keyset pagination on fixTime, id), never a whole
 * period at once. Only the columns and attribute keys a report needs are read: attributes are extracted in
 * SQL (`->>` on SQLite's JSON text and PostgreSQL's jsonb), which is much cheaper than parsing them in JS.
 * The query runs without the camel-case plugin so rows are not re-keyed one by one.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database';
import { toBool } from '../../db/mapping';
import type { RawPosition } from './sample';

export const CHUNK = 10_000;

export interface StreamSpec {
  /** attribute keys to extract */
  keys: string[];
  /** also read course and address */
  details?: boolean;
  /** read the whole attributes object (positions report) */
  allAttributes?: boolean;
  chunk?: number;
}

const SAFE_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

function attrExpr(db: Db, key: string): RawBuilder<unknown> {
  if (!SAFE_KEY.test(key)) throw new Error(`unsafe attribute key ${key}`);
  return db.dialect === 'postgres'
    ? sql`attributes ->> ${sql.lit(key)}`
    : sql`attributes ->> ${sql.lit(`$.${key}`)}`;
}

function selection(db: Db, spec: StreamSpec) {
  const cols: Array<string | ReturnType<RawBuilder<unknown>['as']>> = [
    'id',
    'fix_time',
    'valid',
    'latitude',
    'longitude',
    'speed',
  ];
  if (spec.details) cols.push('course', 'address');
  if (spec.allAttributes) cols.push('attributes');
  else spec.keys.forEach((key, i) => cols.push(attrExpr(db, key).as(`k${i}`)));
  return cols;
}

const parseAttrs = (v: unknown): Record<string, unknown> => {
  if (v && typeof v === 'object') return v as Record<string, unknown>;
  try {
    return typeof v === 'string' && v ? JSON.parse(v) : {};
  } catch {
    return {};
  }
};

function mapRow(row: Record<string, unknown>, spec: StreamSpec): RawPosition {
  let attrs: Record<string, unknown>;
  if (spec.allAttributes) attrs = parseAttrs(row.attributes);
  else {
    attrs = {};
    for (let i = 0; i < spec.keys.length; i++) {
      const v = row[`k${i}`];
      if (v !== null && v !== undefined) attrs[spec.keys[i]] = v;
    }
  }
  return {
    id: Number(row.id),
    fixTime: Number(row.fix_time),
    valid: toBool(row.valid),
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    speed: Number(row.speed),
    course: spec.details ? Number(row.course) : undefined,
    address: spec.details ? ((row.address as string | null) ?? null) : undefined,
    attrs,
  };
}

const raw = (db: Db) => db.kysely.withoutPlugins() as unknown as Kysely<Record<string, never>>;

/** Chunks of positions with from <= fixTime <= to, in (fixTime, id) order. */
export async function* positionChunks(
  db: Db,
  deviceId: number,
  from: number,
  to: number,
  spec: StreamSpec,
): AsyncGenerator<RawPosition[]> {
  const size = spec.chunk ?? CHUNK;
  const cols = selection(db, spec);
  let lastTime = from;
  let lastId = -1;
  for (;;) {
    const rows = (await raw(db)
      .selectFrom('positions' as never)
      .select(cols as never)
      .where('device_id' as never, '=', deviceId as never)
      .where('fix_time' as never, '>=', lastTime as never)
      .where('fix_time' as never, '<=', to as never)
      .where((eb) =>
        eb.or([eb('fix_time' as never, '>', lastTime as never), eb('id' as never, '>', lastId as never)]),
      )
      .orderBy('fix_time' as never)
      .orderBy('id' as never)
      .limit(size)
      .execute()) as Array<Record<string, unknown>>;
    if (!rows.length) return;
    yield rows.map((r) => mapRow(r, spec));
    if (rows.length < size) return;
    const last = rows[rows.length - 1];
    lastTime = Number(last.fix_time);
    lastId = Number(last.id);
  }
}

/** The last position before `from` (the state and odometer a period starts with). */
export async function positionBefore(
  db: Db,
  deviceId: number,
  from: number,
  spec: StreamSpec,
): Promise<RawPosition | undefined> {
  const row = (await raw(db)
    .selectFrom('positions' as never)
    .select(selection(db, spec) as never)
    .where('device_id' as never, '=', deviceId as never)
    .where('fix_time' as never, '<', from as never)
    .orderBy('fix_time' as never, 'desc')
    .orderBy('id' as never, 'desc')
    .limit(1)
    .executeTakeFirst()) as Record<string, unknown> | undefined;
  return row ? mapRow(row, spec) : undefined;
}
