/**
 * A read query whose rows come back as arrays, on either database: better-sqlite3 raw mode over
 * statements prepared once per connection and text, or pg's array row mode on the pool. Only for the
 * report engine's hot reads, whose text is built from fixed column names (never from request values).
 */
import type { Statement as Statement3 } from 'better-sqlite3';
import type { Db } from '../db/database';

export type Param = number | string | null;

type SqliteHandle = NonNullable<Db['sqlite']>;
type Statement = Statement3<unknown[]>;

const statements = new WeakMap<SqliteHandle, Map<string, Statement>>();

function prepared(sqlite: SqliteHandle, text: string): Statement {
  let cache = statements.get(sqlite);
  if (!cache) statements.set(sqlite, (cache = new Map()));
  let stmt = cache.get(text);
  if (!stmt) {
    stmt = sqlite.prepare<unknown[]>(text).raw(true);
    cache.set(text, stmt);
  }
  return stmt;
}

export async function queryArrays(db: Db, text: string, params: Param[]): Promise<unknown[][]> {
  if (db.sqlite) return prepared(db.sqlite, text).all(...params) as unknown[][];
  if (!db.pgPool) throw new Error('no database handle for array reads');
  const result = await db.pgPool.query({ text, values: params, rowMode: 'array' });
  return result.rows as unknown[][];
}

const writes = new WeakMap<SqliteHandle, Map<string, Statement>>();

/** A write of the report engine (its cache), with the same placeholders as `queryArrays`. */
export async function execute(db: Db, text: string, params: Param[]): Promise<void> {
  if (db.sqlite) {
    let cache = writes.get(db.sqlite);
    if (!cache) writes.set(db.sqlite, (cache = new Map()));
    let stmt = cache.get(text);
    if (!stmt) cache.set(text, (stmt = db.sqlite.prepare<unknown[]>(text)));
    stmt.run(...params);
    return;
  }
  if (!db.pgPool) throw new Error('no database handle for writes');
  await db.pgPool.query(text, params);
}

/** `?` placeholders for SQLite, `$n` for PostgreSQL. */
export function placeholders(db: Db, text: string): string {
  if (db.dialect === 'sqlite') return text;
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
}
