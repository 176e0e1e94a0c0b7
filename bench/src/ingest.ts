/**
 * `npm run bench:ingest [-- --devices 200 --seconds 20 --records 10 --db postgres://... --protocol P]`
 *
 * `--protocol` gt06, h02, gl200, gps103 or wialon: the devices speak that protocol instead (rounds of N
 * position frames, answered as the protocol answers); `all`: Teltonika and then each of them, one line
 * each, every line after the first with its server CPU per record as a multiple of Teltonika's.
 *
 * A real server in this process (SQLite in a fresh temporary directory, or a fresh schema of the given
 * PostgreSQL database), D devices created in its database, and a load generator in a child process:
 * D concurrent Teltonika connections sending Codec 8 frames of N records and waiting for each ack, plus
 * the administrator's WebSocket measuring the time from sending a frame to its position on the socket.
 * Prints one JSON line. `committed` (positions in the database at the end) must equal `records` (acked).
 *
 * `--heap-profile FILE`: a sampling profile of what the server allocates over the timed run, the objects
 * collected since included, written to FILE (DevTools, Memory panel) and by function, in bytes a record, to
 * `FILE.txt`. The sampling slows the run: its other figures do not compare with a run without it.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session, type HeapProfiler } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { FRAMED_PROTOCOLS, freeDevicePorts, loadConfig, type FramedProtocol } from '../../server/src/config';
import { openDatabase, type Db } from '../../server/src/db/database';
import { fromBool, toJson } from '../../server/src/db/mapping';
import { startServer } from '../../server/src/server';
import { stageTimes } from '../../server/src/processing/stageTimes';
import type { LoadConfig, LoadMessage, LoadResult } from './ingestLoad';
import { percentile } from './percentiles';
import { threadTicks, threadUsPerRecord } from './threadCpu';
import { heapProfileText, summarizeHeapProfile, type HeapProfile } from '../../tools/src/profileSummary';

const ADMIN_EMAIL = 'admin@frota.local';
const ADMIN_PASSWORD = 'bench';
const FIRST_ID = 356307043000000;

const { values: args } = parseArgs({
  options: {
    devices: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '20' },
    records: { type: 'string', default: '10' },
    db: { type: 'string' },
    protocol: { type: 'string', default: 'teltonika' },
    'heap-profile': { type: 'string' },
  },
});
type BenchProtocol = 'teltonika' | FramedProtocol;
const protocols: BenchProtocol[] =
  args.protocol === 'all' ? ['teltonika', ...FRAMED_PROTOCOLS] : [args.protocol as BenchProtocol];
for (const p of protocols)
  if (p !== 'teltonika' && !FRAMED_PROTOCOLS.includes(p as FramedProtocol))
    throw new Error(`--protocol takes teltonika, ${FRAMED_PROTOCOLS.join(', ')} or all`);
const devices = Number(args.devices);
const seconds = Number(args.seconds);
const recordsPerFrame = Number(args.records);
if (![devices, seconds, recordsPerFrame].every((n) => Number.isInteger(n) && n > 0))
  throw new Error('--devices, --seconds and --records take positive integers');

async function postgresSchema(url: string): Promise<{ db: Db; drop: () => Promise<void> }> {
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const db = openDatabase({ kind: 'postgres', url, schema });
  return {
    db,
    drop: async () => {
      await db.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}

async function createDevices(db: Db): Promise<string[]> {
  const uniqueIds = Array.from({ length: devices }, (_, i) => String(FIRST_ID + i));
  for (let i = 0; i < uniqueIds.length; i += 100) {
    await db.kysely
      .insertInto('devices')
      .values(
        uniqueIds.slice(i, i + 100).map((uniqueId, j) => ({
          name: `Bench ${i + j}`,
          uniqueId,
          groupId: null,
          category: 'truck',
          phone: null,
          model: 'FMB920',
          contact: null,
          disabled: fromBool(db.dialect, false),
          status: 'offline',
          lastUpdate: null,
          positionId: null,
          attributes: toJson({ speedLimit: 90 / 1.852 }),
        })),
      )
      .execute();
  }
  return uniqueIds;
}

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }).toString(),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('frota_session='));
  if (!cookie) throw new Error('login answered without a frota_session cookie');
  return cookie;
}

/** Runs the load generator; `onStart` when its timed run begins. */
function runLoadProcess(config: LoadConfig, onStart: () => void): Promise<LoadResult> {
  const child = fork(fileURLToPath(new URL('./ingestLoad.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
  });
  return new Promise((resolve, reject) => {
    child.on('message', (message: LoadMessage) => {
      if (message.type === 'started') onStart();
      else resolve(message);
    });
    child.once('exit', (code) => reject(new Error(`load generator exited with ${code}`)));
    child.send(config);
  });
}

/**
 * The server's allocations while sampling runs (this process: the server runs here), objects collected
 * since included: V8's sampler otherwise keeps only what is still alive when it stops.
 */
function heapSampler(file: string | undefined) {
  if (!file) return undefined;
  const session = new Session();
  session.connect();
  let started: Promise<void> | undefined;
  const params: HeapProfiler.StartSamplingParameterType & Record<string, unknown> = {
    samplingInterval: 32_768,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  };
  return {
    start() {
      started = session
        .post('HeapProfiler.enable')
        .then(() => session.post('HeapProfiler.startSampling', params));
    },
    /** Writes the profile and its summary, `records` the records of the sampled run. */
    async stop(records: number) {
      await started;
      const { profile } = await session.post('HeapProfiler.stopSampling');
      session.disconnect();
      writeFileSync(file, JSON.stringify(profile));
      const summary = summarizeHeapProfile(profile as HeapProfile, undefined, 40);
      writeFileSync(`${file}.txt`, heapProfileText(summary, { count: Math.max(1, records), unit: 'record' }));
    },
  };
}

async function benchOnce(protocol: BenchProtocol, teltonikaCpu?: number): Promise<number> {
  const heapFile = args['heap-profile'];
  const heap = heapSampler(protocols.length > 1 && heapFile ? `${heapFile}.${protocol}` : heapFile);
  const dir = mkdtempSync(join(tmpdir(), 'frota-bench-'));
  const pgFresh = args.db ? await postgresSchema(args.db) : undefined;
  const server = await startServer(
    loadConfig({
      FROTA_PORT: '0',
      FROTA_HOST: '127.0.0.1',
      FROTA_DATA_DIR: dir,
      ...freeDevicePorts(),
      FROTA_TELTONIKA_PORT: '0',
      FROTA_OSMAND_PORT: '0',
      FROTA_CAMERA_PORT: '0',
      FROTA_LOG_LEVEL: 'silent',
      FROTA_ADMIN_EMAIL: ADMIN_EMAIL,
      FROTA_ADMIN_PASSWORD: ADMIN_PASSWORD,
      FROTA_WEB_DIR: '/nonexistent',
    }),
    pgFresh ? { db: pgFresh.db } : {},
  );
  try {
    const { db } = server.services;
    const uniqueIds = await createDevices(db);
    const base = server.url.replace('[::1]', '127.0.0.1');
    const cookie = await login(base);

    // server CPU, event-loop delay and garbage-collection pauses over the timed run only
    const loop = monitorEventLoopDelay({ resolution: 10 });
    const gc = { total: 0, max: 0, on: false };
    const gcObserver = new PerformanceObserver((list) => {
      if (!gc.on) return;
      for (const entry of list.getEntries()) {
        gc.total += entry.duration;
        gc.max = Math.max(gc.max, entry.duration);
      }
    });
    gcObserver.observe({ entryTypes: ['gc'] });
    let cpuStart = process.cpuUsage();
    let threadsStart = threadTicks();
    const load = await runLoadProcess(
      {
        host: '127.0.0.1',
        protocol,
        tcpPort:
          protocol === 'teltonika'
            ? server.teltonika!.tcpPort
            : server.framed.find((l) => l.protocol === protocol)!.port,
        socketUrl: base.replace(/^http/, 'ws') + '/api/socket',
        cookie,
        uniqueIds,
        seconds,
        recordsPerFrame,
        firstFixTime: Date.now() - 12 * 3_600_000,
      },
      () => {
        cpuStart = process.cpuUsage();
        threadsStart = threadTicks();
        loop.enable();
        gc.on = true;
        stageTimes.reset();
        stageTimes.on = true;
        heap?.start();
      },
    );
    const cpu = process.cpuUsage(cpuStart);
    const threads = threadUsPerRecord(threadsStart, load.records);
    stageTimes.on = false;
    const stages = stageTimes.perRecord();
    loop.disable();
    gc.on = false;
    gcObserver.disconnect();
    await heap?.stop(load.records);
    await server.ingest.writer.drain();
    const counted = await db.kysely
      .selectFrom('positions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const committed = Number(counted.n);

    const cpuPerRecord = Math.round(((cpu.user + cpu.system) / Math.max(1, load.records)) * 10) / 10;
    const line = {
      bench: 'ingest',
      protocol,
      db: db.dialect,
      devices,
      recordsPerFrame,
      seconds,
      records: load.records,
      recordsPerSecond: Math.round((load.records * 1000) / load.elapsedMs),
      ackLatencyMs: { p50: percentile(load.ackLatencyMs, 50), p99: percentile(load.ackLatencyMs, 99) },
      socketLatencyMs: {
        p50: percentile(load.socketLatencyMs, 50),
        p99: percentile(load.socketLatencyMs, 99),
        samples: load.socketLatencyMs.length,
      },
      committed,
      // percent of one core over the run: the server process (one JS thread + SQLite), the load generator
      cpuPercent: {
        server: Math.round(((cpu.user + cpu.system) / 1000 / load.elapsedMs) * 100),
        load: Math.round((load.cpuMs / load.elapsedMs) * 100),
      },
      // server CPU per record: steadier than records/s when other processes share the machine
      serverCpuUsPerRecord: cpuPerRecord,
      ...(teltonikaCpu ? { cpuVsTeltonika: Math.round((cpuPerRecord / teltonikaCpu) * 100) / 100 } : {}),
      // where the server's time per record goes (wall µs of each stage; the rest of serverCpuUsPerRecord is
      // decoding, sockets, acks and the garbage collector); the timer itself costs about 0.5 µs a record
      stageUsPerRecord: stages,
      // the same CPU by thread (Linux): the JS thread, the busiest other (SQLite's writer thread when it
      // runs) and the rest (the collector's helpers, libuv's pool)
      ...(threads ? { threadCpuUsPerRecord: threads } : {}),
      eventLoopDelayMs: {
        p99: Math.round((loop.percentile(99) / 1e6) * 10) / 10,
        max: Math.round((loop.max / 1e6) * 10) / 10,
      },
      gcMs: { total: Math.round(gc.total), maxPause: Math.round(gc.max * 10) / 10 },
      ...(load.errors.length ? { errors: load.errors.slice(0, 5) } : {}),
    };
    console.log(JSON.stringify(line));
    // a framed device's first fix (its login round) is stored before the timed run
    if (committed !== load.records + (protocol === 'teltonika' ? 0 : devices)) process.exitCode = 1;
    return cpuPerRecord;
  } finally {
    await server.stop();
    await pgFresh?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

let teltonikaCpu: number | undefined;
for (const protocol of protocols) {
  const cpu = await benchOnce(protocol, protocol === 'teltonika' ? undefined : teltonikaCpu);
  if (protocol === 'teltonika') teltonikaCpu = cpu;
}
