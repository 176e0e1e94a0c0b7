import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, userClient, type TestServer } from '../../harness';
import { acquireLease } from '../../../src/jobs/lease';

const METRICS_TOKEN = 'health-details-token-0123456789abcdef';

/** The JSON details, read with the metrics token (issue 33: not without a reader's credentials). */
async function details(server: TestServer, how: 'query' | 'accept' = 'query') {
  const authorization = `Bearer ${METRICS_TOKEN}`;
  const res =
    how === 'query'
      ? await fetch(`${server.base}/api/health?details=1`, { headers: { authorization } })
      : await fetch(`${server.base}/api/health`, { headers: { accept: 'application/json', authorization } });
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return { status: res.status, body: (await res.json()) as any };
}

describe.each(dialects())('GET /api/health (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { FROTA_METRICS_TOKEN: METRICS_TOKEN });
  });
  afterAll(async () => server.close());

  it('gives the details only to administrators and the metrics token; anyone else gets the plain answer', async () => {
    const admin = await server.admin();
    const { client: user } = await userClient(server, admin, { email: 'health.user@frota.local' });
    const plain = async (headers: Record<string, string>, query = '?details=1') => {
      const res = await fetch(`${server.base}/api/health${query}`, { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      const text = await res.text();
      expect(text).toBe('OK');
      expect(text).not.toMatch(/lease|port|node/i);
    };
    await plain({});
    await plain({ accept: 'application/json' }, '');
    await plain({ authorization: 'Bearer wrong-token' });
    await plain({ cookie: user.cookie });
    await plain({ cookie: 'frota_session=forged' });
    const asAdmin = await fetch(`${server.base}/api/health?details=1`, { headers: { cookie: admin.cookie } });
    expect(asAdmin.status).toBe(200);
    expect(((await asAdmin.json()) as any).listeners.teltonikaTcp.port).toBe(server.teltonika!.tcpPort);
    expect((await details(server)).body.node).toMatch(/^[0-9a-f]{12}$/);
  });

  it('answers OK as text for Traccar clients and load balancers', async () => {
    const res = await server.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.text).toBe('OK');
  });

  it('gives the details as JSON: database, Redis, listeners on their ports, job leases', async () => {
    const node: string = (await details(server)).body.node;
    expect(node).toMatch(/^[0-9a-f]{12}$/);
    const now = Date.now();
    await acquireLease(server.services.db, 'ops-test-held', node, 60_000, now);
    await acquireLease(server.services.db, 'ops-test-expired', 'other-node', 1_000, now - 120_000);

    const { status, body } = await details(server);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      healthy: true,
      version: '0.1.0',
      node,
      database: { status: 'ok', dialect },
      redis: { status: 'not configured' },
      listeners: {
        teltonikaTcp: { status: 'listening', port: server.teltonika!.tcpPort, connections: 0 },
        teltonikaUdp: { status: 'listening', port: server.teltonika!.udpPort },
        osmand: { status: 'listening', port: server.osmand!.port, connections: 0 },
        camera: { status: 'listening', port: server.camera!.port, connections: 0 },
      },
    });
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
    const held = body.leases.find((l: any) => l.name === 'ops-test-held');
    expect(held).toMatchObject({ holder: node, heldHere: true, fresh: true });
    expect(held.expiresAt).toBe(new Date(now + 60_000).toISOString());
    expect(held.expiresInMs).toBeGreaterThan(50_000);
    expect(held.expiresInMs).toBeLessThanOrEqual(60_000);
    // an expired lease is reported, but a node that died is not this node's failure
    const expired = body.leases.find((l: any) => l.name === 'ops-test-expired');
    expect(expired).toMatchObject({ holder: 'other-node', heldHere: false, fresh: false });
    expect(expired.expiresInMs).toBeLessThan(-110_000);

    const byAccept = await details(server, 'accept');
    expect(byAccept.status).toBe(200);
    expect(byAccept.body.leases.map((l: any) => l.name)).toEqual(
      expect.arrayContaining(['ops-test-held', 'ops-test-expired']),
    );
  });

  it('answers 503 and names the listener when a device listener stops listening', async () => {
    await server.osmand!.close();
    const text = await server.client().get('/api/health');
    expect(text.status).toBe(503);
    expect(text.text).toBe('Receptores indisponíveis: osmand (device listeners down)');
    const { status, body } = await details(server);
    expect(status).toBe(503);
    expect(body.healthy).toBe(false);
    expect(body.listeners.osmand).toMatchObject({ status: 'down', port: server.osmand!.port });
    expect(body.listeners.teltonikaTcp.status).toBe('listening');
    expect(body.database.status).toBe('ok');
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('redis-server did not start')), 10_000);
    child.stdout!.on('data', (d: Buffer) => {
      if (/Ready to accept connections/i.test(String(d))) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code})`)));
  });
  return child;
}

describe('GET /api/health with Redis (own redis-server, stopped mid-test)', () => {
  let redis: ChildProcess;
  let server: TestServer;
  beforeAll(async () => {
    const port = await freePort();
    redis = await startRedis(port);
    server = await startTestServer('sqlite', {
      FROTA_REDIS_URL: `redis://127.0.0.1:${port}`,
      FROTA_METRICS_TOKEN: METRICS_TOKEN,
    });
  });
  afterAll(async () => {
    if (redis.exitCode === null) redis.kill('SIGKILL');
    await server.close();
  });

  it('answers 200 while Redis answers and 503 once it is stopped', async () => {
    const up = await details(server);
    expect(up.status).toBe(200);
    expect(up.body.redis.status).toBe('ok');
    expect(up.body.redis.latencyMs).toBeGreaterThanOrEqual(0);

    const exited = new Promise((resolve) => redis.once('exit', resolve));
    redis.kill('SIGTERM');
    await exited;

    const text = await server.client().get('/api/health');
    expect(text.status).toBe(503);
    expect(text.text).toBe('Redis indisponível (Redis unavailable)');
    const down = await details(server);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({
      healthy: false,
      redis: { status: 'down' },
      database: { status: 'ok' },
    });
    expect(down.body.redis.error).toEqual(expect.any(String));
  });
});
