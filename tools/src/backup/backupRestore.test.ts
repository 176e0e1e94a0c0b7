import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../server/src/db/database';
import { migrateToLatest } from '../../../server/src/db/migrate';
import { fromBool, toJson } from '../../../server/src/db/mapping';
import { hasTool } from './postgresBackup';

const run = promisify(execFile);
const ROOT = new URL('../../../', import.meta.url).pathname;
const T0 = Date.UTC(2025, 2, 10, 8, 0, 0);

/** The commands as an operator runs them (npm run backup / restore), with their own environment. */
async function command(script: 'backup' | 'restore', env: Record<string, string>, file: string) {
  const { stdout } = await run('node', ['--import', 'tsx', `tools/src/backup/${script}.ts`, file], {
    cwd: ROOT,
    env: { ...process.env, FROTA_LOG_LEVEL: 'silent', ...env },
  });
  return stdout;
}

/** 3 vehicles, 40 positions each, 7 events: figures the restored copy must hold again. */
async function seed(db: Db): Promise<void> {
  await migrateToLatest(db);
  const ids: number[] = [];
  for (let d = 1; d <= 3; d++) {
    const device = await db.kysely
      .insertInto('devices')
      .values({
        name: `Backup ${d}`,
        uniqueId: `35630704244${String(d).padStart(4, '0')}`,
        status: 'offline',
        disabled: fromBool(db.dialect, false),
        attributes: toJson({ plate: `LD-0${d}` }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(Number(device.id));
    await db.kysely
      .insertInto('positions')
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          deviceId: Number(device.id),
          protocol: 'teltonika',
          serverTime: T0 + i * 10_000,
          deviceTime: T0 + i * 10_000,
          fixTime: T0 + i * 10_000,
          valid: fromBool(db.dialect, true),
          latitude: -8.83 - i * 0.001,
          longitude: 13.23 + d * 0.01,
          altitude: 50,
          speed: 20,
          course: 90,
          accuracy: 0,
          address: null,
          event: null,
          attributes: toJson({ ignition: true }),
        })),
      )
      .execute();
  }
  await db.kysely
    .insertInto('events')
    .values(
      Array.from({ length: 7 }, (_, i) => ({
        type: 'ignitionOn',
        eventTime: T0 + i * 60_000,
        deviceId: ids[i % 3],
        positionId: null,
        geofenceId: null,
        attributes: toJson({}),
      })),
    )
    .execute();
}

/** Rows in every table of the database. */
async function tableCounts(db: Db): Promise<Record<string, number>> {
  const names =
    db.dialect === 'sqlite'
      ? await sql<{
          name: string;
        }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(
          db.kysely,
        )
      : await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`.execute(db.kysely);
  const counts: Record<string, number> = {};
  for (const { name } of names.rows) {
    const r = await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${sql.table(name)}`.execute(
      db.kysely,
    );
    counts[name] = Number(r.rows[0].n);
  }
  return counts;
}

const dirs: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `o1-${name}-`));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('npm run backup / restore on SQLite', () => {
  it('backs up a data dir with rows while it is open and restores it into a fresh data dir', async () => {
    const source = tempDir('source');
    const db = openDatabase({ kind: 'sqlite', file: join(source, 'frota.db') });
    await seed(db);
    const before = await tableCounts(db);
    expect(before).toMatchObject({ devices: 3, positions: 120, events: 7 });

    // the source stays open (as a running server holds it) while the online backup copies it
    const file = join(tempDir('file'), 'copy.db');
    const out = await command('backup', { FROTA_DATA_DIR: source }, file);
    expect(out).toContain(`Backup of the sqlite database written to ${file}`);
    await db.close();

    const fresh = tempDir('fresh');
    const restored = await command('restore', { FROTA_DATA_DIR: fresh }, file);
    expect(restored).toContain(`Restored the sqlite database from ${file}`);
    expect(restored).not.toContain('moved to');
    const copy = openDatabase({ kind: 'sqlite', file: join(fresh, 'frota.db') });
    try {
      expect(await tableCounts(copy)).toEqual(before);
      const last = await copy.kysely
        .selectFrom('positions')
        .select(['fixTime', 'latitude'])
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(Number(last.fixTime)).toBe(T0 + 39 * 10_000);
      expect(Number(last.latitude)).toBeCloseTo(-8.869, 9);
    } finally {
      await copy.close();
    }
  });

  it('moves the database it replaces aside instead of deleting it', async () => {
    const dir = tempDir('existing');
    const db = openDatabase({ kind: 'sqlite', file: join(dir, 'frota.db') });
    await seed(db);
    const file = join(dir, 'backup.db');
    await command('backup', { FROTA_DATA_DIR: dir }, file);
    await db.kysely.deleteFrom('events').execute();
    await db.close();

    const out = await command('restore', { FROTA_DATA_DIR: dir }, file);
    const aside = /moved to (\S+)/.exec(out)?.[1];
    expect(aside).toMatch(/frota\.db\.before-restore-\d{8}-\d{6}$/);
    expect(existsSync(aside!)).toBe(true);
    expect(readdirSync(dir).filter((f) => f.endsWith('.restoring'))).toEqual([]);
    const previous = openDatabase({ kind: 'sqlite', file: aside! });
    const restored = openDatabase({ kind: 'sqlite', file: join(dir, 'frota.db') });
    try {
      expect((await tableCounts(previous)).events).toBe(0);
      expect(await tableCounts(restored)).toMatchObject({ devices: 3, positions: 120, events: 7 });
    } finally {
      await previous.close();
      await restored.close();
    }
  });

  it('refuses a file that is not a backup and leaves the database alone', async () => {
    const dir = tempDir('refuse');
    const err = await command('restore', { FROTA_DATA_DIR: dir }, join(dir, 'missing.db')).catch((e) => e);
    expect(err.code).toBe(1);
    expect(err.stderr).toContain(`Restore failed: no backup at ${join(dir, 'missing.db')}`);
    expect(existsSync(join(dir, 'frota.db'))).toBe(false);
  });
});

const pgUrl = process.env.FROTA_TEST_DATABASE_URL;
const pgReady = Boolean(pgUrl) && hasTool('pg_dump') && hasTool('pg_restore');
if (!pgReady)
  console.log('PostgreSQL backup test not run: needs FROTA_TEST_DATABASE_URL and pg_dump/pg_restore on PATH');

describe.runIf(pgReady)('npm run backup / restore on PostgreSQL (pg_dump)', () => {
  const names = [`o1_src_${randomBytes(4).toString('hex')}`, `o1_dst_${randomBytes(4).toString('hex')}`];
  const urlOf = (name: string) => {
    const u = new URL(pgUrl!);
    u.pathname = `/${name}`;
    return u.toString();
  };
  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };
  afterAll(async () => {
    for (const name of names) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('dumps a database with rows and restores it into a fresh database with the same counts', async () => {
    for (const name of names) await admin(`CREATE DATABASE ${name}`);
    const [source, target] = names.map(urlOf);
    const db = openDatabase({ kind: 'postgres', url: source });
    await seed(db);
    const before = await tableCounts(db);
    await db.close();
    expect(before).toMatchObject({ devices: 3, positions: 120, events: 7 });

    const file = join(tempDir('pg'), 'copy.dump');
    expect(await command('backup', { FROTA_DATABASE_URL: source }, file)).toContain(
      `Backup of the postgres database written to ${file}`,
    );
    expect(await command('restore', { FROTA_DATABASE_URL: target }, file)).toContain(
      `Restored the postgres database from ${file}`,
    );
    const copy = openDatabase({ kind: 'postgres', url: target });
    try {
      expect(await tableCounts(copy)).toEqual(before);
      // sequences come back too: the next row does not collide with a restored id
      const next = await copy.kysely
        .insertInto('events')
        .values({ type: 'ignitionOff', eventTime: T0, deviceId: 1, attributes: toJson({}) })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(Number(next.id)).toBe(8);
    } finally {
      await copy.close();
    }
  });
});
