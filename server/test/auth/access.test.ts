import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, userClient, type TestServer } from '../harness';
import { buildFleet, EDITOR_PERMISSIONS, type Fleet } from '../fixtures';
import { randomToken } from '../../src/auth/password';

const ids = (body: Array<{ id: number }>) => body.map((x) => x.id).sort((a, b) => a - b);

describe.each(dialects())('access policy on %s', (dialect) => {
  let server: TestServer;
  let f: Fleet;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    f = await buildFleet(server);
  });
  afterAll(async () => server.close());

  it('lists only what is linked directly, through groups and their sub-groups', async () => {
    const c = f.alice.client;
    expect(ids((await c.get('/api/devices')).body)).toEqual(ids([f.d1, f.d1b, f.d2]));
    expect(ids((await c.get('/api/groups')).body)).toEqual(ids([f.g1, f.g1child]));
    expect(ids((await c.get('/api/geofences')).body)).toEqual([f.z1.id]);
    expect(ids((await c.get('/api/drivers')).body)).toEqual([f.r1.id]);
    expect(ids((await c.get('/api/notifications')).body)).toEqual([f.n1.id]);
    expect(ids((await c.get('/api/users')).body)).toEqual([f.alice.id]);
    expect(ids((await f.admin.get('/api/devices')).body)).toEqual(ids([f.d1, f.d1b, f.d2, f.d3]));
  });

  it('never shows, changes or deletes another tenant item by id: 404 for every entity', async () => {
    const c = f.alice.client;
    const foreign: Array<[string, { id: number }, Record<string, unknown>]> = [
      ['devices', f.d3, { name: 'x', uniqueId: '350000000000003' }],
      ['groups', f.g2, { name: 'x' }],
      ['geofences', f.z2, { name: 'x', area: 'CIRCLE (-8 13, 100)' }],
      ['drivers', f.r2, { name: 'x', uniqueId: 'RFID0002' }],
      ['notifications', f.n2, { type: 'sos', notificators: 'web' }],
      ['users', { id: f.bob.id }, { name: 'x', email: 'bob@x.ao' }],
    ];
    for (const [kind, item, body] of foreign) {
      expect((await c.get(`/api/${kind}/${item.id}`)).status, `GET ${kind}`).toBe(404);
      expect((await c.put(`/api/${kind}/${item.id}`, body)).status, `PUT ${kind}`).toBe(404);
      expect((await c.del(`/api/${kind}/${item.id}`)).status, `DELETE ${kind}`).toBe(404);
    }
    const still = await f.admin.get(`/api/devices/${f.d3.id}`);
    expect(still.body.name).toBe('BG-55-66-CC');
    expect((await f.admin.get(`/api/users/${f.bob.id}`)).body.email).toBe('bob@x.ao');
  });

  it('never leaks positions of unseen devices', async () => {
    const c = f.alice.client;
    const latest = await c.get('/api/positions');
    expect(latest.body.map((p: { deviceId: number }) => p.deviceId)).toEqual([f.d1.id]);
    expect((await c.get(`/api/positions?id=${f.p3}`)).body).toEqual([]);
    expect((await c.get(`/api/positions?id=${f.p1}`)).body).toHaveLength(1);
    const from = new Date(Date.now() - 3600_000).toISOString();
    const to = new Date().toISOString();
    expect((await c.get(`/api/positions?deviceId=${f.d3.id}&from=${from}&to=${to}`)).status).toBe(404);
    const own = await c.get(`/api/positions?deviceId=${f.d1.id}&from=${from}&to=${to}`);
    expect(own.body.map((p: { id: number }) => p.id)).toEqual([f.p1]);
    expect(
      ids((await f.admin.get('/api/positions')).body.map((p: { deviceId: number }) => ({ id: p.deviceId }))),
    ).toEqual(ids([f.d1, f.d3]));
  });

  it('lets a manager see what its managed users see, and those users', async () => {
    const c = f.mia.client;
    expect(ids((await c.get('/api/devices')).body)).toEqual(ids([f.d1, f.d1b, f.d2]));
    expect(ids((await c.get('/api/users')).body)).toEqual(ids([{ id: f.alice.id }, { id: f.mia.id }]));
    expect((await c.get(`/api/users/${f.bob.id}`)).status).toBe(404);
    const updated = await c.put(`/api/users/${f.alice.id}`, {
      name: 'Alice Costa',
      email: 'alice@x.ao',
      attributes: { permissions: EDITOR_PERMISSIONS },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.name).toBe('Alice Costa');
  });

  it('association look-ups answer only for visible objects', async () => {
    const c = f.alice.client;
    expect(ids((await c.get(`/api/devices?groupId=${f.g1.id}`)).body)).toEqual([f.d1.id]);
    expect(ids((await c.get(`/api/drivers?groupId=${f.g1.id}`)).body)).toEqual([f.r1.id]);
    expect((await c.get(`/api/drivers?groupId=${f.g2.id}`)).status).toBe(404);
    expect(ids((await f.admin.get(`/api/devices?userId=${f.alice.id}`)).body)).toEqual([f.d2.id]);
    expect(ids((await f.admin.get(`/api/groups?userId=${f.bob.id}`)).body)).toEqual([f.g2.id]);
    expect(ids((await f.admin.get(`/api/geofences?userId=${f.alice.id}`)).body)).toEqual([f.z1.id]);
  });

  it('refuses writes of readonly users with 403', async () => {
    const ro = await userClient(server, f.admin, {
      email: 'ro@x.ao',
      readonly: true,
      attributes: { permissions: EDITOR_PERMISSIONS },
    });
    await f.admin.post('/api/permissions', { userId: ro.id, deviceId: f.d2.id });
    expect((await ro.client.get('/api/devices')).body).toHaveLength(1);
    expect((await ro.client.post('/api/devices', { name: 'n', uniqueId: '1234' })).status).toBe(403);
    expect(
      (await ro.client.put(`/api/devices/${f.d2.id}`, { name: 'n', uniqueId: f.d2.uniqueId })).status,
    ).toBe(403);
    expect((await ro.client.del(`/api/devices/${f.d2.id}`)).status).toBe(403);
    expect(
      (await ro.client.post('/api/permissions', { deviceId: f.d2.id, geofenceId: f.z1.id })).status,
    ).toBe(403);
  });

  it('gates writes by permission prefix', async () => {
    const viewer = await userClient(server, f.admin, {
      email: 'viewer@x.ao',
      attributes: { permissions: ['map.online'] },
    });
    expect((await viewer.client.post('/api/devices', { name: 'n', uniqueId: '555' })).status).toBe(403);
    expect((await viewer.client.post('/api/groups', { name: 'n' })).status).toBe(403);
    expect((await viewer.client.post('/api/users', { name: 'n', email: 'n@x.ao' })).status).toBe(403);
    expect((await f.alice.client.post('/api/users', { name: 'n', email: 'n@x.ao' })).status).toBe(403);
    const g = await f.alice.client.post('/api/groups', { name: 'Criado pela Alice' });
    expect(g.status).toBe(200);
    expect(ids((await f.alice.client.get('/api/groups')).body)).toContain(g.body.id);
    expect(ids((await f.bob.client.get('/api/groups')).body)).not.toContain(g.body.id);
  });

  it('gives temp_ users the map only: no users, notifications, history or writes', async () => {
    const token = randomToken(40);
    const t = await f.admin.post('/api/users', {
      name: 'Link',
      email: 'temp_link1@frota.local',
      readonly: true,
      token,
      expirationTime: new Date(Date.now() + 86400_000).toISOString(),
    });
    await f.admin.post('/api/permissions', { userId: t.body.id, deviceId: f.d1.id });
    const c = server.client();
    expect((await c.get(`/api/session?token=${token}`)).status).toBe(200);
    expect(ids((await c.get('/api/devices')).body)).toEqual([f.d1.id]);
    expect((await c.get('/api/positions')).body).toHaveLength(1);
    expect((await c.get('/api/users')).status).toBe(403);
    expect((await c.get('/api/notifications')).status).toBe(403);
    expect((await c.get('/report/api.php/users')).status).toBe(403);
    const from = new Date(Date.now() - 3600_000).toISOString();
    const to = new Date().toISOString();
    expect((await c.get(`/api/positions?deviceId=${f.d1.id}&from=${from}&to=${to}`)).status).toBe(403);
    expect((await c.post('/api/geofences', { name: 'z', area: 'CIRCLE (-8 13, 100)' })).status).toBe(403);
  });

  it('lets temp_ users with allowHistory read history only inside the allowed window', async () => {
    const token = randomToken(40);
    const now = Date.now();
    const t = await f.admin.post('/api/users', {
      name: 'Link história',
      email: 'temp_link2@frota.local',
      readonly: true,
      token,
      expirationTime: new Date(now + 86400_000).toISOString(),
      attributes: {
        allowHistory: true,
        allowHistoryFrom: new Date(now - 30_000).toISOString(),
        allowHistoryTo: new Date(now).toISOString(),
      },
    });
    await f.admin.post('/api/permissions', { userId: t.body.id, deviceId: f.d1.id });
    const c = server.client();
    await c.get(`/api/session?token=${token}`);
    const from = new Date(now - 3600_000).toISOString();
    const to = new Date(now).toISOString();
    const res = await c.get(`/api/positions?deviceId=${f.d1.id}&from=${from}&to=${to}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]); // the only fix is 60 s old, outside the 30 s window
  });
});
