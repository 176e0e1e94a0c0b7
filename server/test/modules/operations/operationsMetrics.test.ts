import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shapeDialects, startTestServer, userClient, type Client, type TestServer } from '../../harness';
import { FakeTeltonika } from '../../teltonikaDevice';
import { openLive, type LiveClient } from '../../liveClient';

const TOKEN = 'metrics-token-0123456789';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus text exposition: families from `# TYPE`, samples from the other lines. */
function parseMetrics(text: string) {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) types.set(type[1], type[2]);
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]] = l[2];
    samples.push({ name: m[1], labels, value: Number(m[3]) });
  }
  const value = (name: string, labels: Record<string, string> = {}) =>
    samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
      ?.value;
  return { types, samples, value };
}

const scrape = (server: TestServer, headers: Record<string, string> = {}) =>
  fetch(`${server.base}/metrics`, { headers });

describe.each(shapeDialects())('GET /metrics (%s)', (dialect) => {
  let server: TestServer;
  let admin: Client;
  let live: LiveClient;
  beforeAll(async () => {
    server = await startTestServer(dialect, { FROTA_METRICS_TOKEN: TOKEN });
    admin = await server.admin();
    live = await openLive(server.base, admin.cookie);
  });
  afterAll(async () => {
    live.close();
    await server.close();
  });

  it('refuses without an administrator session or the token', async () => {
    expect((await scrape(server)).status).toBe(401);
    expect((await scrape(server, { authorization: 'Bearer wrong-token-0123456789' })).status).toBe(401);
    const user = await userClient(server, admin, { email: 'ops-user@x.ao' });
    expect((await scrape(server, { cookie: user.client.cookie })).status).toBe(403);
    const withToken = await scrape(server, { authorization: `Bearer ${TOKEN}` });
    expect(withToken.status).toBe(200);
    expect(withToken.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect((await scrape(server, { cookie: admin.cookie })).status).toBe(200);
  });

  it('counts records in and out, batches, sockets, reports and HTTP latency by route', async () => {
    const device = await admin.post('/api/devices', { name: 'Métrica 1', uniqueId: '356307042449901' });
    expect(device.status, device.text).toBe(200);
    const dev = new FakeTeltonika(server.teltonika!.tcpPort);
    expect(await dev.connect('356307042449901')).toBe(1);
    const t0 = Date.UTC(2025, 2, 10, 8, 0, 0);
    const acked = await dev.send([
      { time: t0, lat: -8.83, lon: 13.23, speedKmh: 30, ignition: true },
      { time: t0 + 10_000, lat: -8.831, lon: 13.231, speedKmh: 35, ignition: true },
      { time: t0 + 20_000, lat: -8.832, lon: 13.232, speedKmh: 40, ignition: true },
    ]);
    expect(acked).toBe(3);
    await live.until(() => live.positions().length > 0, 'the live position');
    expect(live.positions().length).toBeGreaterThan(0);
    const report = await admin.post('/report/report_trips.php', {
      devices: [device.body.id],
      from: '2025-03-10 00:00:00',
      to: '2025-03-10 23:59:59',
    });
    expect(report.status, report.text).toBe(200);

    const res = await scrape(server, { authorization: `Bearer ${TOKEN}` });
    const m = parseMetrics(await res.text());
    dev.close();
    // every message the socket was sent before the scrape has arrived
    await live.roundTrip();

    expect(m.types.get('frota_records_received_total')).toBe('counter');
    expect(m.types.get('frota_records_stored_total')).toBe('counter');
    expect(m.types.get('frota_records_sent_total')).toBe('counter');
    expect(m.types.get('frota_batch_queue_depth')).toBe('gauge');
    expect(m.types.get('frota_batch_commit_seconds')).toBe('histogram');
    expect(m.types.get('frota_socket_clients')).toBe('gauge');
    expect(m.types.get('frota_report_duration_seconds')).toBe('histogram');
    expect(m.types.get('frota_http_request_duration_seconds')).toBe('histogram');

    expect(m.value('frota_records_received_total')).toBe(3);
    expect(m.value('frota_records_stored_total')).toBe(3);
    // one browser watching: every position it was sent is counted
    expect(m.value('frota_records_sent_total')).toBe(live.positions().length);
    // the socket route sends the first state itself; every message after it comes through the hub
    expect(m.value('frota_socket_messages_sent_total')).toBe(live.messages.length - 1);
    expect(m.value('frota_batch_queue_depth')).toBe(0);
    expect(m.value('frota_batch_commit_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(m.value('frota_batch_commit_seconds_sum')).toBeGreaterThan(0);
    expect(m.value('frota_socket_clients')).toBe(1);
    expect(m.value('frota_device_connections', { listener: 'teltonika' })).toBe(1);
    expect(m.value('frota_report_duration_seconds_count', { report: 'trips' })).toBe(1);
    expect(m.value('frota_report_duration_seconds_sum', { report: 'trips' })).toBeGreaterThan(0);
    expect(
      m.value('frota_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/report/report_trips.php',
        status_code: '200',
      }),
    ).toBe(1);
    expect(
      m.value('frota_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/devices',
        status_code: '200',
      }),
    ).toBe(1);
    expect(
      m.value('frota_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/metrics',
        status_code: '401',
      }),
    ).toBe(2);
    expect(m.value('process_resident_memory_bytes')).toBeGreaterThan(0);
  });
});
