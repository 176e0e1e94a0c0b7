/** Opens the configured database (SQLite file or PostgreSQL) as one Kysely instance. */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema';
import { foldText, SQLITE_FOLD_FUNCTION } from './textFold';
import { installDerivedTriggers } from './positionDerived';

export type Dialect = 'sqlite' | 'postgres';

/** A statement and its parameters, as better-sqlite3 runs them. */
export type SqliteStatement = readonly [sql: string, params: readonly unknown[]];

/**
 * SQLite's writer thread (processing/batchWriterThread.ts), open to other writers while it runs: it commits
 * statements in one transaction of its own between its batches. A write there never waits on the main
 * thread for the lock the thread holds while it commits records.
 */
export interface SqliteWrites {
  /** the thread ended: write on the main connection */
  readonly dead: boolean;
  /** Runs the statements in one transaction; resolves once it is committed (all or none). */
  transaction(statements: readonly SqliteStatement[]): Promise<void>;
}

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL schema the tables live in */
  schema?: string;
  close(): Promise<void>;
  /** the SQLite handle, for the ingestion writer's prepared statements */
  sqlite?: InstanceType<typeof SQLite>;
  /** set by the ingestion writer while its SQLite thread runs */
  sqliteWrites?: SqliteWrites;
  /** the PostgreSQL pool, for the report engine's array-mode position reads */
  pgPool?: pg.Pool;
}

export type DatabaseOptions =
  { kind: 'sqlite'; file: string; synchronous?: string } | { kind: 'postgres'; url: string; schema?: string };

// bigint (int8) columns hold epoch milliseconds and ids: safe as JS numbers.
pg.types.setTypeParser(20, (v: string) => Number(v));

/** How much of a SQLite file is read through a memory map (address space, not memory). */
export const SQLITE_MMAP_BYTES = 1 << 30;

export function openDatabase(options: DatabaseOptions): Db {
  // JSON columns keep their keys as written (license_plate, sales_name): only identifiers are mapped.
  const plugins = [new CamelCasePlugin({ maintainNestedObjectKeys: true })];
  if (options.kind === 'sqlite') {
    if (options.file !== ':memory:') mkdirSync(dirname(options.file), { recursive: true });
    const sqlite = new SQLite(options.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma(`synchronous = ${options.synchronous ?? 'NORMAL'}`);
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // Reads through a memory map instead of a copy per page: a week's route (600,000 rows) reads a fifth
    // faster. Writes still go through the write-ahead log.
    sqlite.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`);
    sqlite.function(SQLITE_FOLD_FUNCTION, { deterministic: true }, (text: unknown) =>
      typeof text === 'string' ? foldText(text) : text,
    );
    // a database already migrated: this connection derives the positions' columns (none yet: the migration does)
    installDerivedTriggers(sqlite);
    const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), plugins });
    return { kysely, dialect: 'sqlite', sqlite, close: () => kysely.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: 10,
    // JIT compiling costs more than it saves on these short queries (0.5 s on a report day's aggregate)
    options: `-c jit=off${options.schema ? ` -c search_path=${options.schema}` : ''}`,
  });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
  return {
    kysely,
    dialect: 'postgres',
    schema: options.schema ?? 'public',
    pgPool: pool,
    close: () => kysely.destroy(),
  };
}
