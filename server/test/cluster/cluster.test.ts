/**
 * Two nodes behind HAProxy, one killed (issue 24 point 3): 200 Teltonika devices report through the proxy
 * and 20 logged-in WebSocket clients watch while node 1 (the holder of every job lease) gets SIGKILL.
 * Devices reconnect through the proxy; every acknowledged record is stored exactly once; the sockets on
 * node 2 keep receiving every device; the scheduled report goes out once and node 2 takes the jobs over
 * within a minute. Needs PostgreSQL, Redis and HAProxy (skipped with a printed reason otherwise; under
 * CI=true a missing HAProxy is a failure, as CI installs it).
 */
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../../tools/src/cluster/cluster';
import { NODE_HEADER } from '../../../tools/src/cluster/haproxyConfig';
import { findHaproxy } from '../../../tools/src/cluster/processes';
import { TeltonikaClient } from '../../../tools/src/simulator/teltonikaClient';
import type { Sample } from '../../../tools/src/simulator/vehicle';
import { Client } from '../harness';
import { startSmtpCapture } from '../smtpCapture';
import { Signal } from '../../src/protocols/testing/memorySink';

const pgUrl = process.env.FROTA_TEST_DATABASE_URL;
const redisUrl = process.env.FROTA_TEST_REDIS_URL;
const haproxy = findHaproxy();
if (process.env.CI === 'true' && pgUrl && redisUrl && !haproxy)
  throw new Error('the cluster test needs HAProxy in CI (apt-get install haproxy)');
const reason =
  !pgUrl || !redisUrl
    ? 'cluster test needs FROTA_TEST_DATABASE_URL and FROTA_TEST_REDIS_URL'
    : !haproxy
      ? 'cluster test needs HAProxy (Debian package haproxy)'
      : '';
if (reason) console.warn(`skipped: ${reason}`);

const DEVICES = 200;
const SOCKETS = 20;
const BEFORE_KILL_MS = 15_000;
/** records each device has had acknowledged before the kill (about BEFORE_KILL_MS at one a second) */
const BEFORE_KILL_RECORDS = BEFORE_KILL_MS / 1000;
const AFTER_KILL_MS = 30_000;
const JOB_INTERVAL_S = 5;
const LEASES = ['report-scheduler', 'maintenance-notifications', 'traccar-scheduled-reports'];
const SCHEDULES = '/report/api.php/report_scheduler';
const admin = { email: 'admin@frota.local', password: 'cluster-kill-pass' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Device {
  id: number;
  imei: string;
  client: TeltonikaClient;
  /** fix times the server acknowledged, with when */
  acked: Array<{ time: number; at: number }>;
  failures: number;
  /** connections opened after the first */
  reconnects: number;
}

interface Watcher {
  node: string;
  ws: WebSocket;
  closedAt?: number;
  /** `${deviceId}:${fixTime}` of every position received */
  seen: Set<string>;
  /** notified at every message */
  heard: Signal;
}

function sample(index: number, time: number, step: number): Sample {
  return {
    time,
    latitude: -8.8 - index * 0.001 - step * 0.0001,
    longitude: 13.2 + index * 0.001,
    altitude: 80,
    course: 180,
    speedKmh: 40,
    satellites: 9,
    ignition: true,
    motion: true,
    idling: false,
    odometer: 1000 + step * 11,
    fuel: 60,
    powerMv: 12600,
    batteryMv: 4100,
    rssi: 4,
    driver: null,
    event: null,
  };
}

/**
 * One record a second until `run.until` (read at each record: the test sets it once the kill is done); a
 * failed send is retried (same record) on a new connection. `acked` is notified at every acknowledgement.
 */
async function report(d: Device, index: number, run: { until: number }, acked: Signal): Promise<void> {
  // clock: the fleet's own pace (a load profile, not a wait): starts spread over a second
  await sleep(Math.random() * 1000);
  let last = 0;
  for (let step = 0; Date.now() < run.until; step++) {
    const time = Math.max(last + 1000, Math.floor(Date.now() / 1000) * 1000);
    last = time;
    for (;;) {
      try {
        if (step > 0 && !d.client.connected) d.reconnects++;
        await d.client.send([sample(index, time, step)]);
        d.acked.push({ time, at: Date.now() });
        acked.notify();
        break;
      } catch {
        d.failures++;
        if (Date.now() > run.until + 30_000) throw new Error(`device ${d.imei} could not report`);
        // clock: a device's back-off before it reconnects (as a tracker does), not a wait for an event
        await sleep(250);
      }
    }
    // clock: the fleet's own pace, one record a second
    await sleep(Math.max(0, time + 1000 - Date.now()));
  }
  d.client.close();
}

async function watch(web: string, socketUrl: string): Promise<Watcher> {
  const c = new Client(web);
  const login = await c.login(admin.email, admin.password);
  if (login.status !== 200) throw new Error(`login through the proxy: ${login.status}`);
  const ws = new WebSocket(socketUrl, { headers: { cookie: c.cookie } });
  const w: Watcher = { node: '', ws, seen: new Set(), heard: new Signal() };
  ws.on('upgrade', (res) => (w.node = String(res.headers[NODE_HEADER] ?? '')));
  ws.on('message', (data) => {
    const m = JSON.parse(String(data)) as { positions?: Array<{ deviceId: number; fixTime: string }> };
    for (const p of m.positions ?? []) w.seen.add(`${p.deviceId}:${Date.parse(p.fixTime)}`);
    w.heard.notify();
  });
  ws.on('close', () => (w.closedAt ??= Date.now()));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return w;
}

describe.skipIf(Boolean(reason))('two nodes behind HAProxy, one killed mid-run', () => {
  const dbName = `frota_cluster_${Date.now()}_${process.pid}`;
  const url = pgUrl ? pgUrl.replace(/\/[^/]*$/, `/${dbName}`) : '';
  let db: pg.Client;
  let cluster: Cluster | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  const firstHolders = new Map<string, string>();

  const leases = async () =>
    new Map(
      (await db.query<{ name: string; holder: string; expires_at: string }>('SELECT * FROM leases')).rows.map(
        (r) => [r.name, { holder: r.holder, expiresAt: Number(r.expires_at) }],
      ),
    );

  beforeAll(async () => {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`CREATE DATABASE ${dbName}`);
    await c.end();
    smtp = await startSmtpCapture();
    cluster = await startCluster({
      databaseUrl: url,
      redisUrl: redisUrl!,
      dir: `/tmp/c1-cluster-${process.pid}-${Date.now()}`,
      jobIntervalSeconds: JOB_INTERVAL_S,
      env: {
        FROTA_ADMIN_PASSWORD: admin.password,
        FROTA_SMTP_URL: smtp.url,
        FROTA_WEB_DIR: '/nonexistent',
        FROTA_LOG_LEVEL: 'warn',
      },
      // node 1 takes every job lease before node 2 starts: killing node 1 then proves the takeover
      afterNode: async (index) => {
        if (index > 0) return;
        db = new pg.Client({ connectionString: url });
        await db.connect();
        for (let i = 0; i < 200; i++) {
          const now = await leases();
          if (LEASES.every((n) => now.has(n))) {
            for (const n of LEASES) firstHolders.set(n, now.get(n)!.holder);
            return;
          }
          // clock: a bounded poll of the lease rows of another process, which announces nothing
          await sleep(200);
        }
        throw new Error('node 1 took no job lease');
      },
    });
  }, 180_000);

  afterAll(async () => {
    await cluster?.stop();
    await db?.end();
    await smtp?.close();
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.end();
  }, 60_000);

  it('keeps every acknowledged record once, the sockets on the survivor fed and the jobs running', async () => {
    const cl = cluster!;
    const [node1, node2] = cl.nodes;
    const api = new Client(cl.urls.web);
    expect((await api.login(admin.email, admin.password)).status).toBe(200);

    // 200 devices, created through the proxy (so on both nodes)
    const devices: Device[] = [];
    for (let i = 0; i < DEVICES; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(20, DEVICES - i) }, async (_, k) => {
          const imei = String(356307042500000 + i + k);
          const r = await api.post('/api/devices', { name: `Viatura ${i + k + 1}`, uniqueId: imei });
          expect(r.status, r.text).toBe(200);
          return r.body.id as number;
        }),
      );
      batch.forEach((id, k) => {
        const imei = String(356307042500000 + i + k);
        const [host, port] = cl.urls.teltonika.split(':');
        devices.push({
          id,
          imei,
          client: new TeltonikaClient({ host, port: Number(port), imei, timeoutMs: 10_000 }),
          acked: [],
          failures: 0,
          reconnects: 0,
        });
      });
    }

    // a daily report schedule that is due now: node 1 (the lease holder) sends it
    const schedule = async (to: string) => {
      const r = await api.post(SCHEDULES, {
        report_name: `Viagens ${to}`,
        report_type: 'trips',
        report_ids: `${devices[0].id}`,
        report_ids_type: 'V',
        report_periodicity: 'D',
        report_day: 1,
        report_format: 'csv',
        report_destination: to,
      });
      expect(r.status, r.text).toBe(200);
      await db.query('UPDATE report_scheduler SET created_at = $1 WHERE id = $2', [
        Date.now() - 3 * 86_400_000,
        r.body.id,
      ]);
    };
    const mailsTo = (to: string) => smtp.mails.filter((m) => m.to.includes(to));
    await schedule('antes@x.ao');
    await smtp.until(() => mailsTo('antes@x.ao').length >= 1, 'the report scheduled before', 30_000);
    expect(mailsTo('antes@x.ao')).toHaveLength(1);

    const watchers: Watcher[] = [];
    for (let i = 0; i < SOCKETS; i++) watchers.push(await watch(cl.urls.web, cl.urls.socket));
    const onNode = (name: string) => watchers.filter((w) => w.node === name);
    expect(onNode(node1.name).length + onNode(node2.name).length).toBe(SOCKETS);
    expect(onNode(node2.name).length).toBeGreaterThan(0);
    expect(onNode(node1.name).length).toBeGreaterThan(0);

    const started = Date.now();
    // the run ends AFTER_KILL_MS after the kill (set then); meanwhile a guard
    const run = { until: started + 4 * (BEFORE_KILL_MS + AFTER_KILL_MS) };
    const ackedAny = new Signal();
    const running = devices.map((d, i) => report(d, i, run, ackedAny));
    // the fleet runs steadily before the kill: every device has had BEFORE_KILL_RECORDS acknowledged
    await ackedAny.until(
      () => devices.every((d) => d.acked.length >= BEFORE_KILL_RECORDS),
      `${BEFORE_KILL_RECORDS} records acknowledged for every device`,
      4 * BEFORE_KILL_MS,
    );
    const ackedBefore = devices.reduce((n, d) => n + d.acked.length, 0);
    const teltonikaOn = async (name: string) =>
      (await cl.backends()).find((b) => b.backend === 'teltonika_nodes' && b.server === name)!.current;
    const devicesOnNode1 = await teltonikaOn(node1.name);
    expect(devicesOnNode1).toBeGreaterThan(DEVICES / 4);
    const killedAt = Date.now();
    run.until = killedAt + AFTER_KILL_MS;
    node1.proc.child.kill('SIGKILL');
    await node1.proc.exited;
    await schedule('depois@x.ao');
    await cl.waitNode(node1, 'DOWN', 10_000);
    const markedDownMs = Date.now() - killedAt;

    // the jobs: every lease node 1 held moves to node 2, and the schedule made after the kill goes out
    const takeover = new Map<string, number>();
    while (takeover.size < LEASES.length && Date.now() - killedAt < 60_000) {
      const now = await leases();
      for (const n of LEASES) {
        const l = now.get(n);
        if (!takeover.has(n) && l && l.holder !== firstHolders.get(n)) takeover.set(n, Date.now() - killedAt);
      }
      // clock: a bounded poll of the lease rows (another process's), which announce nothing; it measures
      // how long each takeover took
      await sleep(250);
    }
    expect([...takeover.keys()].sort()).toEqual([...LEASES].sort());
    await smtp.until(
      () => mailsTo('depois@x.ao').length >= 1,
      'the report scheduled after the kill',
      Math.max(1, 60_000 - (Date.now() - killedAt)),
    );
    expect(mailsTo('depois@x.ao')).toHaveLength(1);
    const reportAfterMs = Date.now() - killedAt;

    await Promise.all(running);
    const acked = devices.flatMap((d) => d.acked.map((a) => ({ key: `${d.id}:${a.time}`, at: a.at })));
    // the last broadcasts: every record acknowledged after the kill reaches the survivor's sockets
    const afterKillKeys = acked.filter((a) => a.at > killedAt).map((a) => a.key);
    for (const w of onNode(node2.name))
      await w.heard
        .until(() => afterKillKeys.every((k) => w.seen.has(k)), 'the last broadcasts', 30_000)
        .catch(() => undefined); // the assertions below say what is missing

    // stored exactly once: count by device and time
    const rows = (
      await db.query<{ key: string; n: string }>(
        `SELECT device_id || ':' || fix_time AS key, count(*) AS n FROM positions GROUP BY 1`,
      )
    ).rows;
    const stored = new Map(rows.map((r) => [r.key, Number(r.n)]));
    const missing = acked.filter((a) => !stored.has(a.key));
    const twice = rows.filter((r) => Number(r.n) !== 1);
    expect(missing).toEqual([]);
    expect(twice).toEqual([]);

    // devices reconnected: node 2 holds them all, and every device has records acknowledged after the kill
    expect(await teltonikaOn(node2.name)).toBe(0); // they closed at the end of the run
    expect(devices.reduce((n, d) => n + d.reconnects, 0)).toBeGreaterThanOrEqual(devicesOnNode1);
    const lateDevices = devices.filter((d) => !d.acked.some((a) => a.at > killedAt + 5000));
    expect(lateDevices.map((d) => d.imei)).toEqual([]);

    // the survivor's sockets stayed open and saw every record acknowledged after the kill, of every device
    const survivors = onNode(node2.name);
    const afterKill = acked.filter((a) => a.at > killedAt);
    for (const w of survivors) {
      expect(w.closedAt).toBeUndefined();
      const unseen = afterKill.filter((a) => !w.seen.has(a.key));
      expect(unseen.length, `a socket on ${node2.name} missed ${unseen.length} positions`).toBe(0);
      const devicesSeen = new Set([...w.seen].map((k) => k.split(':')[0]));
      expect(devicesSeen.size).toBe(DEVICES);
    }
    // the sockets on the killed node were cut
    for (const w of onNode(node1.name)) expect(w.closedAt).toBeGreaterThanOrEqual(killedAt);
    // the schedules went out once each
    expect(mailsTo('antes@x.ao')).toHaveLength(1);
    expect(mailsTo('depois@x.ao')).toHaveLength(1);

    for (const w of watchers) w.ws.close();
    console.log(
      JSON.stringify({
        cluster: 'kill',
        devices: DEVICES,
        sockets: SOCKETS,
        socketsOnSurvivor: survivors.length,
        ackedBeforeKill: ackedBefore,
        acked: acked.length,
        storedRows: rows.length,
        storedNotAcked: rows.length - acked.length,
        duplicates: twice.length,
        missing: missing.length,
        devicesOnKilledNode: devicesOnNode1,
        reconnects: devices.reduce((n, d) => n + d.reconnects, 0),
        sendFailures: devices.reduce((n, d) => n + d.failures, 0),
        markedDownMs,
        leaseTakeoverMs: Object.fromEntries(takeover),
        reportAfterKillMs: reportAfterMs,
        runMs: Date.now() - started,
      }),
    );
  }, 240_000);
});
