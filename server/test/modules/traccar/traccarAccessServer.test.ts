/** Issue 23: server helpers (geocode, timezones, settings), health, audit, device pictures and the 501s. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, userClient, type Client, type TestServer } from '../../harness';
import { buildApp } from '../../../src/app';
import { openDatabase } from '../../../src/db/database';
import { LEFT_OUT } from '../../../src/modules/traccar/access/unsupported';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function upload(client: Client, path: string, body: Buffer, type: string) {
  const res = await fetch(client.base + path, {
    method: 'POST',
    headers: { cookie: client.cookie, 'content-type': type },
    body: new Uint8Array(body),
  });
  return { status: res.status, text: await res.text() };
}

describe.each(dialects())('Traccar server helpers, health and audit on %s', (dialect) => {
  let server: TestServer;
  let admin: Client;
  let user: { client: Client; id: number };
  const started = new Date(Date.now() - 1000).toISOString();
  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await server.admin();
    user = await userClient(server, admin, {
      email: 'rui@x.ao',
      attributes: { permissions: ['map.online', 'settings.devices'] },
    });
  });
  afterAll(async () => server.close());

  it('geocodes a point to a text address and lists IANA timezones', async () => {
    const address = await user.client.get('/api/server/geocode?latitude=-8.8383&longitude=13.2344');
    expect(address.status).toBe(200);
    expect(address.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(address.text).toContain('Luanda');
    expect((await user.client.get('/api/server/geocode?latitude=95&longitude=0')).status).toBe(400);
    expect((await server.client().get('/api/server/geocode?latitude=0&longitude=0')).status).toBe(401);
    const zones = (await user.client.get('/api/server/timezones')).body as string[];
    expect(zones).toEqual(expect.arrayContaining(['Africa/Luanda', 'Europe/Lisbon', 'UTC']));
    expect(zones).toEqual([...zones].sort());
  });

  it('answers health OK, and 503 when the database is down', async () => {
    const ok = await server.client().get('/api/health');
    expect(ok.status).toBe(200);
    expect(ok.text).toBe('OK');
    // a PostgreSQL server that is not there: every query fails to connect
    const down = openDatabase({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:1/down' });
    const app = await buildApp({ ...server.services, db: down });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toBe('Base de dados indisponível (database unavailable)');
    } finally {
      await app.close();
      await down.close();
    }
  });

  it('lets administrators change the server settings (PUT /api/server)', async () => {
    const current = (await admin.get('/api/server')).body;
    const changed = await admin.put('/api/server', {
      ...current,
      latitude: -8.83,
      longitude: 13.23,
      zoom: 11,
      twelveHourFormat: true,
      announcement: 'Manutenção às 22h',
      registration: true,
      attributes: { ...current.attributes, defaultTimezone: 'Europe/Lisbon' },
    });
    expect(changed.status, changed.text).toBe(200);
    const read = (await server.client().get('/api/server')).body;
    expect(read).toMatchObject({
      latitude: -8.83,
      longitude: 13.23,
      zoom: 11,
      twelveHourFormat: true,
      announcement: 'Manutenção às 22h',
      registration: false,
    });
    expect(read.attributes.defaultTimezone).toBe('Europe/Lisbon');
    expect((await user.client.put('/api/server', { ...read, zoom: 3 })).status).toBe(403);
    expect((await admin.put('/api/server', { latitude: 200 })).status).toBe(400);
  });

  it('audits logins and entity changes, for administrators only (GET /api/audit)', async () => {
    const created = await user.client.post('/api/devices', { name: 'Auditado', uniqueId: '359000000000001' });
    const id = created.body.id as number;
    await user.client.put(`/api/devices/${id}`, { ...created.body, name: 'Auditado 2' });
    await user.client.del(`/api/devices/${id}`);
    await server.client().login('rui@x.ao', 'wrong-password');
    const to = new Date(Date.now() + 1000).toISOString();
    const res = await admin.get(`/api/audit?from=${started}&to=${to}`);
    expect(res.status).toBe(200);
    const mine = (res.body as Array<Record<string, unknown>>).filter(
      (a) => a.userId === user.id || a.actionType === 'denied',
    );
    expect(mine.map((a) => [a.actionType, a.objectType, a.objectId])).toEqual([
      ['login', null, 0],
      ['create', 'device', id],
      ['edit', 'device', id],
      ['remove', 'device', id],
      ['denied', null, 0],
    ]);
    expect(mine[1]).toMatchObject({ userEmail: 'rui@x.ao', address: '127.0.0.1', attributes: {} });
    expect(Date.parse(mine[1].actionTime as string)).toBeGreaterThanOrEqual(Date.parse(started));
    expect((await user.client.get(`/api/audit?from=${started}&to=${to}`)).status).toBe(403);
    expect((await admin.get(`/api/audit?from=${to}&to=${to}`)).body).toEqual([]);
  });

  it('stores a device picture checked by its bytes and serves it to those who see the device', async () => {
    const device = (await user.client.post('/api/devices', { name: 'Com foto', uniqueId: '359000000000002' }))
      .body;
    const stored = await upload(user.client, `/api/devices/${device.id}/image`, PNG, 'image/png');
    expect(stored).toEqual({ status: 200, text: 'device.png' });
    const fake = await upload(
      user.client,
      `/api/devices/${device.id}/image`,
      Buffer.from('not an image'),
      'image/png',
    );
    expect(fake.status).toBe(400);
    const big = await upload(
      user.client,
      `/api/devices/${device.id}/image`,
      Buffer.concat([PNG, Buffer.alloc(500_001)]),
      'image/png',
    );
    expect(big.status).toBe(413);
    const served = await fetch(`${server.base}/api/media/359000000000002/device.png`, {
      headers: { cookie: user.client.cookie },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    const other = await userClient(server, admin, {
      email: 'ana@x.ao',
      attributes: { permissions: ['map.online', 'settings.devices'] },
    });
    expect((await upload(other.client, `/api/devices/${device.id}/image`, PNG, 'image/png')).status).toBe(
      404,
    );
    expect((await other.client.get('/api/media/359000000000002/device.png')).status).toBe(404);
  });

  it('answers 501 with the reason for every operation deliberately left out', async () => {
    const paths: Record<string, string> = {
      '/api/orders/:id': '/api/orders/1',
      '/api/stream/:deviceId/:channel/live.m3u8': '/api/stream/1/1/live.m3u8',
      '/api/stream/:deviceId/:channel/:index.ts': '/api/stream/1/1/7.ts',
      '/api/server/file/:path': '/api/server/file/logo.svg',
    };
    for (const left of LEFT_OUT) {
      const res = await fetch(server.base + (paths[left.url] ?? left.url), {
        method: left.method,
        headers: { cookie: admin.cookie, 'content-type': 'application/octet-stream' },
        body: left.method === 'GET' ? undefined : 'x',
      });
      expect(res.status, `${left.method} ${left.url}`).toBe(501);
      expect(await res.text()).toBe(left.reason);
    }
    expect(LEFT_OUT).toHaveLength(14);
  });
});
