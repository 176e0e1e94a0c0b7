/**
 * `npm run bench:pgRows -- --db postgres://… [--batches 300]`
 *
 * What storing a batch of device records costs PostgreSQL itself, per row: batches of 500 Teltonika-like
 * positions (200 vehicles, some thirty attributes each) stored through the batch writer's own pipelined
 * transaction (`commitBatchPg`: the vehicles' check, the insert into the month's partition, the hourly
 * tallies; no events and no vehicle rows), one transaction each, in a fresh schema. The server processes'
 * CPU is read from /proc for every process named `postgres` (a database on this machine; null elsewhere), this process's from `process.cpuUsage`. One JSON line.
 * `bench:ingest` cannot show this figure: its throughput on PostgreSQL is bound by the server's main thread.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../../server/src/db/database';
import { toJson } from '../../server/src/db/mapping';
import { migrateToLatest } from '../../server/src/db/migrate';
import { commitBatchPg, pipelinePool } from '../../server/src/processing/pgBatchInserts';
import { PositionPartitions } from '../../server/src/processing/positionPartitions';
import type { ProcessedPosition } from '../../server/src/processing/types';

const ROWS = 500;
const VEHICLES = 200;
const WARM_UP = 20;

const { values: args } = parseArgs({
  options: { db: { type: 'string' }, batches: { type: 'string', default: '300' } },
});
if (!args.db) throw new Error('--db postgres://… is required');
const batches = Number(args.batches);
if (!Number.isInteger(batches) || batches <= 0) throw new Error('--batches takes a positive integer');

/** CPU seconds of every process named `postgres` on this machine, or null when /proc does not show them. */
function postgresCpuSeconds(): number | null {
  let ticks = 0;
  let seen = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      // fields after the command's closing parenthesis: utime and stime are the 12th and 13th
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
      seen++;
    } catch {
      // a process that ended meanwhile
    }
  }
  return seen ? ticks / 100 : null;
}

const attributes = (i: number) => ({
  priority: 0,
  sat: 12,
  event: 0,
  io239: 1,
  ignition: true,
  io240: 1,
  motion: true,
  io21: 5,
  rssi: 5,
  io200: 0,
  io69: 1,
  io181: 8,
  hdop: 0.8,
  io182: 9,
  pdop: 0.9,
  io66: 13_400 + (i % 50),
  power: 13.4,
  io24: 50,
  io205: 1234,
  io206: 77,
  io67: 4100,
  battery: 4.1,
  io68: 0,
  io16: 44_863_200 + i,
  odometer: 44_863_200 + i,
  distance: 12.5,
  totalDistance: 448_632 + i,
  hours: 3_600_000 + i,
});

const schema = `bench_${randomBytes(5).toString('hex')}`;
const admin = new pg.Client({ connectionString: args.db });
await admin.connect();
await admin.query(`CREATE SCHEMA ${schema}`);
const db = openDatabase({ kind: 'postgres', url: args.db, schema });
try {
  await migrateToLatest(db);
  const vehicles: number[] = [];
  for (let i = 0; i < VEHICLES; i++) {
    const row = await db.kysely
      .insertInto('devices')
      .values({
        name: `V${i}`,
        uniqueId: `pg-rows-${i}`,
        attributes: '{}',
        disabled: false,
        status: 'offline',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    vehicles.push(Number(row.id));
  }
  const start = Date.now() - 3_600_000;
  const batch = (b: number): ProcessedPosition[] =>
    Array.from({ length: ROWS }, (_, i) => {
      const fix = start + b * 2500 + i * 5;
      return {
        deviceId: vehicles[(b * ROWS + i) % VEHICLES],
        protocol: 'teltonika',
        serverTime: fix,
        deviceTime: fix,
        fixTime: fix,
        valid: true,
        latitude: -8.8 + i * 1e-5,
        longitude: 13.2,
        altitude: 10,
        speed: 40,
        course: 90,
        accuracy: 0,
        address: null,
        event: null,
        attributes: attributes(i),
        outdated: false,
      };
    });
  const pipelines = pipelinePool(db.pgPool!, 1);
  const partitions = new PositionPartitions();
  const store = async (positions: ProcessedPosition[]) => {
    const client = await pipelines.connect();
    try {
      await commitBatchPg(client, {
        positionsTable: await partitions.tableFor(client, positions),
        positions,
        attributes: positions.map((p) => toJson(p.attributes)),
        events: () => [],
        devices: () => [],
        statistics: null,
      });
    } finally {
      client.release();
    }
  };
  for (let b = 0; b < WARM_UP; b++) await store(batch(b));
  const prepared = Array.from({ length: batches }, (_, b) => batch(WARM_UP + b));
  const postgresBefore = postgresCpuSeconds();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (const positions of prepared) await store(positions);
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const postgresAfter = postgresCpuSeconds();
  const rows = batches * ROWS;
  const perRow = (us: number) => Math.round((us / rows) * 100) / 100;
  console.log(
    JSON.stringify({
      bench: 'pgRows',
      batches,
      rowsPerBatch: ROWS,
      vehicles: VEHICLES,
      postgresCpuUsPerRow:
        postgresBefore === null || postgresAfter === null
          ? null
          : perRow((postgresAfter - postgresBefore) * 1e6),
      serverCpuUsPerRow: perRow(cpu.user + cpu.system),
      wallUsPerRow: perRow(wallMs * 1000),
    }),
  );
  await pipelines.end();
} finally {
  await db.close();
  await admin.query(`DROP SCHEMA ${schema} CASCADE`);
  await admin.end();
}
