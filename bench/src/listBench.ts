/**
 * What the list benches (alert central, refill centre) share: timing, chunked inserts, a bench user with
 * its groups, and the run on a fresh SQLite file and, when a PostgreSQL address is given, a fresh schema.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { scopeFor, type Scope } from '../../server/src/auth/policy';
import { openDatabase, type Db } from '../../server/src/db/database';
import { fromBool, toJson } from '../../server/src/db/mapping';
import { userJson } from '../../server/src/db/rows';

export async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const v = await fn();
  return [performance.now() - t, v];
}

export async function insertChunks<T>(db: Db, table: string, rows: T[], size: number): Promise<void> {
  for (let i = 0; i < rows.length; i += size)
    await db.kysely
      .insertInto(table as never)
      .values(rows.slice(i, i + size) as never)
      .execute();
}

/** A user of the bench (an administrator, or one who sees `groups`) with one permission. */
export async function benchUser(
  db: Db,
  administrator: boolean,
  groups: number[],
  permission: string,
): Promise<Scope> {
  const row = await db.kysely
    .insertInto('users')
    .values({
      name: administrator ? 'bench admin' : 'bench user',
      email: `bench-${randomBytes(4).toString('hex')}@frota.local`,
      readonly: fromBool(db.dialect, false),
      administrator: fromBool(db.dialect, administrator),
      disabled: fromBool(db.dialect, false),
      userLimit: 0,
      deviceLimit: -1,
      attributes: toJson({ timezone: 'Africa/Luanda', permissions: [permission] }),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (groups.length)
    await db.kysely
      .insertInto('userGroup')
      .values(groups.map((groupId) => ({ userId: Number(row.id), groupId })))
      .execute();
  return scopeFor(db, userJson(row));
}

/**
 * Runs the bench on SQLite (`sqliteFile`, kept, or a temporary one) and, with `pgUrl`, on a fresh schema
 * of that PostgreSQL (dropped after); the results by database.
 */
export async function onDatabases(
  name: string,
  options: { sqliteFile?: string; pgUrl?: string },
  bench: (db: Db) => Promise<unknown>,
): Promise<{ sqlite: unknown; postgres?: unknown }> {
  const dir = options.sqliteFile ? '' : mkdtempSync(join(tmpdir(), `frota-bench-${name}-`));
  try {
    const sqlite = openDatabase({ kind: 'sqlite', file: options.sqliteFile ?? join(dir, 'frota.db') });
    const out: { sqlite: unknown; postgres?: unknown } = { sqlite: undefined };
    try {
      out.sqlite = await bench(sqlite);
    } finally {
      await sqlite.close();
    }
    if (options.pgUrl) {
      const schema = `bench_${name}_${randomBytes(3).toString('hex')}`;
      const c = new pg.Client({ connectionString: options.pgUrl });
      await c.connect();
      await c.query(`CREATE SCHEMA ${schema}`);
      const db = openDatabase({ kind: 'postgres', url: options.pgUrl, schema });
      try {
        out.postgres = await bench(db);
      } finally {
        await db.close();
        await c.query(`DROP SCHEMA ${schema} CASCADE`);
        await c.end();
      }
    }
    return out;
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
