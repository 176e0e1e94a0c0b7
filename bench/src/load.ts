/**
 * `npm run bench:load [-- --devices 5000 --clients 500 --seconds 300 --users 4]`
 *
 * One Frota node in its own process (SQLite in a fresh data directory; PostgreSQL, in a fresh database of
 * that server, and Redis when FROTA_DATABASE_URL / FROTA_REDIS_URL are set), N Teltonika devices on TCP
 * sending one Codec 8 record every 10 s each (staggered, each waiting for its ack) from one process, and M
 * logged-in WebSocket clients spread over U users with separate fleets from another. Held D seconds, then
 * the clients leave. Prints one JSON line: records/s, ack and record-to-browser latency, positions
 * delivered against expected, the server's RSS and CPU (from /proc), errors, and RSS after the clients left.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../server/src/db/database';
import type { BrowserRunResult } from './load/browserLoad';
import { ask, openFileLimit, startNode, waitFor } from './load/childProcess';
import type { DeviceRunResult } from './load/deviceLoad';
import { seedFleet, USER_PASSWORD } from './load/fleetSeed';
import { Histogram } from './load/histogram';
import { freshPostgresDatabase } from './load/postgresDatabase';
import { cpuPercent, ProcSampler, runQueuePercent, type ProcSample } from './load/procStats';
import { loggedProblems, login, startServerNode } from './load/serverProcess';

const { values: args } = parseArgs({
  options: {
    devices: { type: 'string', default: '5000' },
    clients: { type: 'string', default: '500' },
    seconds: { type: 'string', default: '300' },
    users: { type: 'string', default: '4' },
    interval: { type: 'string', default: '10' },
    settle: { type: 'string', default: '30' },
    rounds: { type: 'string', default: '1' },
  },
});
const devices = Number(args.devices);
const clients = Number(args.clients);
const seconds = Number(args.seconds);
const users = Number(args.users);
const intervalMs = Number(args.interval) * 1000;
const settleSeconds = Number(args.settle);
const rounds = Number(args.rounds);
if (
  ![devices, clients, seconds, users, intervalMs, settleSeconds, rounds].every(
    (n) => Number.isInteger(n) && n > 0,
  )
)
  throw new Error(
    '--devices, --clients, --seconds, --users, --interval, --settle and --rounds take positive integers',
  );
if (users > devices || users > clients) throw new Error('--users must not exceed --devices or --clients');

// the server holds every device and client socket plus its database and listeners
const fdLimit = openFileLimit('self');
if (devices + clients + 200 > fdLimit)
  throw new Error(
    `${devices} devices and ${clients} clients need about ${devices + clients + 200} open files; ` +
      `the limit here is ${fdLimit} (ulimit -n; raise the hard limit to go further)`,
  );

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const rss = (s: ProcSample | undefined) => s?.rssMb ?? 0;

const dir = mkdtempSync(join(tmpdir(), 'frota-load-'));
const pgDatabase = process.env.FROTA_DATABASE_URL
  ? await freshPostgresDatabase(process.env.FROTA_DATABASE_URL)
  : undefined;
const redisUrl = process.env.FROTA_REDIS_URL;
const seedDb = openDatabase(
  pgDatabase ? { kind: 'postgres', url: pgDatabase.url } : { kind: 'sqlite', file: join(dir, 'frota.db') },
);
const fleet = await seedFleet(seedDb, devices, users);
await seedDb.close();

const server = await startServerNode(dir, { databaseUrl: pgDatabase?.url, redisUrl });
const deviceProcess = startNode(here('./load/deviceLoad.ts'), { ipc: true });
const browserProcess = startNode(here('./load/browserLoad.ts'), { ipc: true });
const sampler = new ProcSampler(server.pid);
try {
  const [deviceReady, browserReady] = await Promise.all([
    waitFor<{ fdLimit: number }>(deviceProcess, 'ready'),
    waitFor<{ fdLimit: number }>(browserProcess, 'ready'),
  ]);
  const cookies: string[] = [];
  for (const u of fleet.users) cookies.push(await login(server.base, u.email, USER_PASSWORD));
  await sleep(2000);
  const idle = sampler.sample();
  const idleMemory = await server.memory();
  const idleGcMemory = await server.memory({ gc: true });

  /** Devices and clients connect, hold, leave; the server settles. */
  const oneRound = async () => {
    const connected = await ask<{ ms: number; errors: number }>(
      deviceProcess,
      { type: 'connect', host: '127.0.0.1', port: server.teltonikaPort, uniqueIds: fleet.uniqueIds, users },
      'connected',
    );
    const opened = await ask<{ sockets: number; ms: number }>(
      browserProcess,
      { type: 'open', socketUrl: server.base.replace(/^http/, 'ws') + '/api/socket', cookies, clients },
      'opened',
    );
    const loaded = sampler.sample();

    await ask(browserProcess, { type: 'measure' }, 'measuring');
    const holdStart = performance.now();
    const ran = await ask<DeviceRunResult>(deviceProcess, { type: 'run', seconds, intervalMs }, 'ran');
    const holdEnd = sampler.sample();
    const holdEndMemory = await server.memory();
    // positions acked at the very end are still on their way to the sockets
    await sleep(3000);
    const watched = await ask<BrowserRunResult>(browserProcess, { type: 'stop' }, 'stopped');

    await ask(browserProcess, { type: 'close' }, 'closed');
    await ask(deviceProcess, { type: 'close' }, 'closed');
    const leftAt = performance.now();
    await sleep(settleSeconds * 1000);
    const after = sampler.sample();
    const afterMemory = await server.memory();
    // what the node keeps: after a full garbage collection
    const gcMemory = await server.memory({ gc: true });
    await sleep(1000);
    const afterGc = sampler.sample();

    // each user's positions reach every socket of that user once
    const socketsOf = (u: number) =>
      Math.floor(opened.sockets / users) + (u < opened.sockets % users ? 1 : 0);
    const expected = ran.recordsByUser.reduce((sum, n, u) => sum + n * socketsOf(u), 0);
    const received = watched.positionsByUser.reduce((a, b) => a + b, 0);
    const hold = sampler.since(holdStart).filter((s) => s.at <= holdEnd.at);
    const steady = hold.find((s) => s.at >= holdStart + intervalMs) ?? hold[0];
    const ack = Histogram.from(ran.ack);
    const frame = Histogram.from(watched.frame);
    return {
      holdEndMemory,
      afterMemory,
      gcMemory,
      afterGc,
      connected,
      opened,
      loaded,
      ran,
      watched,
      leftAt,
      after,
      expected,
      received,
      hold,
      holdEnd,
      steady,
      ack,
      frame,
    };
  };
  const {
    holdEndMemory,
    afterMemory,
    gcMemory,
    afterGc,
    connected,
    opened,
    loaded,
    ran,
    watched,
    leftAt,
    after,
    expected,
    received,
    hold,
    holdEnd,
    steady,
    ack,
    frame,
  } = await oneRound();
  // the same load again: memory that grows round after round is a leak, one step up once is the heap's size
  const later = [];
  for (let r = 1; r < rounds; r++) {
    const again = await oneRound();
    later.push({
      records: again.ran.records,
      ackP99Ms: again.ack.percentile(99),
      frameToBrowserP99Ms: again.frame.percentile(99),
      positionsMissing: again.expected - again.received,
      rssHoldEndMb: rss(again.holdEnd),
      rssAfterLeaveMb: rss(again.after),
      heapUsedAfterLeaveMb: again.afterMemory.heapUsedMb,
      heapUsedAfterGcMb: again.gcMemory.heapUsedMb,
      rssAfterGcMb: rss(again.afterGc),
      errors: again.ran.errors + again.watched.errors,
    });
  }
  const problems = loggedProblems(server.logFile);
  const line = {
    bench: 'load',
    db: pgDatabase ? 'postgres' : 'sqlite',
    redis: Boolean(redisUrl),
    devices,
    clients,
    users,
    seconds,
    recordIntervalS: intervalMs / 1000,
    connected: {
      devices: devices - connected.errors,
      devicesMs: connected.ms,
      clients: opened.sockets,
      clientsMs: opened.ms,
    },
    records: ran.records,
    recordsPerSecond: Math.round((ran.records * 10_000) / ran.elapsedMs) / 10,
    ackMs: { p50: ack.percentile(50), p99: ack.percentile(99), max: Math.round(ack.max) },
    frameToBrowserMs: {
      p50: frame.percentile(50),
      p99: frame.percentile(99),
      max: Math.round(frame.max),
      samples: frame.count,
    },
    positions: { received, expected, messages: watched.messages },
    serverRssMb: {
      idle: rss(idle),
      connected: rss(loaded),
      holdSteady: rss(steady),
      holdEnd: rss(holdEnd),
      peak: Math.max(...hold.map((s) => s.rssMb)),
      afterLeave: rss(after),
      afterLeaveS: Math.round((after.at - leftAt) / 1000),
      afterGc: rss(afterGc),
    },
    // the JavaScript heap: back near idle after the clients leave means nothing they used is kept
    serverHeapUsedMb: {
      idle: idleMemory.heapUsedMb,
      holdEnd: holdEndMemory.heapUsedMb,
      afterLeave: afterMemory.heapUsedMb,
      idleAfterGc: idleGcMemory.heapUsedMb,
      afterGc: gcMemory.heapUsedMb,
    },
    serverExternalMb: { idle: idleMemory.externalMb, afterLeave: afterMemory.externalMb },
    serverCpuPercent: {
      hold: hold.length > 1 ? cpuPercent(hold[0], hold[hold.length - 1]) : 0,
      afterLeave: cpuPercent(sampler.since(leftAt)[0] ?? after, after),
    },
    // the server's main thread waiting for a core over the hold: the machine, not the server, was short
    serverRunQueueWaitPercent: hold.length > 1 ? runQueuePercent(hold[0], hold[hold.length - 1]) : 0,
    loadCpuPercent: {
      devices: Math.round((ran.cpuMs / ran.elapsedMs) * 1000) / 10,
      browsers: Math.round((watched.cpuMs / ran.elapsedMs) * 1000) / 10,
    },
    // how late the load processes themselves ran: a high figure means the latencies include their lag
    loadEventLoopP99Ms: { devices: ran.eventLoopP99Ms, browsers: watched.eventLoopP99Ms },
    fdLimit: {
      server: openFileLimit(server.pid),
      devices: deviceReady.fdLimit,
      browsers: browserReady.fdLimit,
    },
    ...(later.length ? { laterRounds: later } : {}),
    errors: {
      devices: ran.errors,
      browsers: watched.errors,
      serverLogWarnings: problems.count,
      ...(ran.firstErrors.length ? { firstDevice: ran.firstErrors.slice(0, 3) } : {}),
      ...(watched.firstErrors.length ? { firstBrowser: watched.firstErrors.slice(0, 3) } : {}),
      ...(problems.first.length ? { firstServer: problems.first } : {}),
    },
  };
  console.log(JSON.stringify(line));
  if (
    ran.errors ||
    watched.errors ||
    received < expected ||
    later.some((r) => r.errors || r.positionsMissing)
  )
    process.exitCode = 1;
} finally {
  sampler.stop();
  deviceProcess.kill();
  browserProcess.kill();
  await server.stop();
  await pgDatabase?.drop();
  rmSync(dir, { recursive: true, force: true });
}
