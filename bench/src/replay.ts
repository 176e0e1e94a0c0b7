/**
 * `npm run bench:replay [-- --pg postgres://… --repeat 3]`
 *
 * Seeds one vehicle with 7 days of 1 Hz positions (604,800, the working days of reportsSeed.ts: trips,
 * idling, parking, every FMB920 attribute) on SQLite (a fresh file) and, with --pg (or
 * FROTA_BENCH_DATABASE_URL), on a fresh schema of that PostgreSQL. Then asks a running server (real HTTP
 * on loopback, the route the web replay calls) for the replay data of one day (86,400 positions) and of
 * the week in the web's first call (format route: the columns without the attribute series): cold (the reports' compact-day cache emptied first) and warm (the best of
 * --repeat runs). Each time is from sending the request to the last byte of the brotli answer, as a
 * browser would receive it; sizes are raw JSON and brotli. Then, once each, the chart's series (format
 * series) and both in one answer (format columns). Prints one JSON line.
 */
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'kysely';
import { createVehicles, random, seed } from './reportsSeed';
import { freeDevicePorts, loadConfig } from '../../server/src/config';
import { openDatabase, type Db } from '../../server/src/db/database';
import { migrateToLatest } from '../../server/src/db/migrate';
import { startServer } from '../../server/src/server';

const { values: args } = parseArgs({
  options: { pg: { type: 'string' }, repeat: { type: 'string', default: '3' } },
});
const REPEAT = Math.max(1, Number(args.repeat));
const PG_URL = args.pg ?? process.env.FROTA_BENCH_DATABASE_URL;
const ADMIN = { email: 'bench@frota.local', password: 'bench-secret-1' };
const DAYS = 7;
const DAY = { from: '2025-03-03 00:00:00', to: '2025-03-03 23:59:59' };
const WEEK = { from: '2025-03-01 00:00:00', to: '2025-03-07 23:59:59' };

interface Reply {
  status: number;
  ms: number;
  bytes: number;
  encoding: string | undefined;
}

function post(base: string, path: string, cookie: string, body: unknown, encoding: string): Promise<Reply> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const req = request(
      base + path,
      {
        method: 'POST',
        headers: {
          cookie,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'accept-encoding': encoding,
        },
      },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: Math.round(performance.now() - t),
            bytes,
            encoding: res.headers['content-encoding'],
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(ADMIN).toString(),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('frota_session='));
  return cookie!.split(';')[0];
}

async function benchOn(db: Db, label: string, dir: string) {
  await migrateToLatest(db);
  const t0 = performance.now();
  const [id] = await createVehicles(db, 1, 'REPLAY');
  const positions = await seed(db, id, DAYS, 1000, random(1));
  const seedMs = Math.round(performance.now() - t0);
  if (db.dialect === 'postgres') await sql`VACUUM ANALYZE positions`.execute(db.kysely);
  const config = loadConfig({
    FROTA_PORT: '0',
    FROTA_HOST: '127.0.0.1',
    FROTA_DATA_DIR: dir,
    FROTA_LOG_LEVEL: 'silent',
    FROTA_ADMIN_EMAIL: ADMIN.email,
    FROTA_ADMIN_PASSWORD: ADMIN.password,
    ...freeDevicePorts(),
    FROTA_TELTONIKA_PORT: '0',
    FROTA_OSMAND_PORT: '0',
    FROTA_CAMERA_PORT: '0',
    FROTA_WEB_DIR: join(dir, 'no-web'),
  });
  const server = await startServer(config, { db });
  try {
    const base = server.url.replace('[::1]', '127.0.0.1');
    const cookie = await login(base);
    const ask = (period: typeof DAY, encoding: string, format = 'route') =>
      post(
        base,
        '/report/report_routechartdata.php',
        cookie,
        { devices: [id], ...period, mode: '', format },
        encoding,
      );
    const measure = async (period: typeof DAY) => {
      await sql`DELETE FROM compact_cache`.execute(db.kysely);
      const cold = await ask(period, 'br');
      if (cold.status !== 200 || cold.encoding !== 'br') throw new Error(`replay answered ${cold.status}`);
      let warm = await ask(period, 'br');
      for (let i = 1; i < REPEAT; i++) {
        const next = await ask(period, 'br');
        if (next.ms < warm.ms) warm = next;
      }
      const raw = await ask(period, 'identity');
      const series = await ask(period, 'br', 'series');
      const all = await ask(period, 'br', 'columns');
      return {
        coldMs: cold.ms,
        warmMs: warm.ms,
        uncompressedMs: raw.ms,
        rawMB: Math.round(raw.bytes / 10_000) / 100,
        brotliMB: Math.round(warm.bytes / 10_000) / 100,
        /** the chart's series, asked once the chart opens */
        seriesMs: series.ms,
        seriesBrotliMB: Math.round(series.bytes / 10_000) / 100,
        /** route and series in one answer (format columns) */
        columnsMs: all.ms,
      };
    };
    const day = await measure(DAY);
    const week = await measure(WEEK);
    return {
      db: label,
      positions,
      seedMs,
      day: {
        positions: 86_400,
        ...day,
        target: 'under 1000 ms',
        met: day.warmMs < 1000 && day.coldMs < 1000,
      },
      week: { positions, ...week, target: 'under 4000 ms', met: week.warmMs < 4000 && week.coldMs < 4000 },
    };
  } finally {
    await server.stop();
  }
}

async function postgresSchema(url: string): Promise<{ db: Db; drop: () => Promise<void> }> {
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`CREATE SCHEMA ${schema}`);
  await c.end();
  const db = openDatabase({ kind: 'postgres', url, schema });
  return {
    db,
    drop: async () => {
      await db.close();
      const d = new pg.Client({ connectionString: url });
      await d.connect();
      await d.query(`DROP SCHEMA ${schema} CASCADE`);
      await d.end();
    },
  };
}

const out: Record<string, unknown> = { bench: 'replay', bestOf: REPEAT };
const dir = mkdtempSync(join(tmpdir(), 'frota-bench-replay-'));
try {
  const sqlite = openDatabase({ kind: 'sqlite', file: join(dir, 'frota.db') });
  try {
    out.sqlite = await benchOn(sqlite, 'sqlite', dir);
  } finally {
    await sqlite.close();
  }
  if (PG_URL) {
    const fresh = await postgresSchema(PG_URL);
    try {
      out.postgres = await benchOn(fresh.db, 'postgres', dir);
    } finally {
      await fresh.drop();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(JSON.stringify(out));
