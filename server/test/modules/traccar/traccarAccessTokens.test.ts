/** Issue 23: session tokens, share links, logging in as another user, and Traccar's device list filters. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, userClient, type Client, type TestServer } from '../../harness';
import { EDITOR_PERMISSIONS, buildFleet, type Fleet } from '../../fixtures';

const names = (rows: Array<{ name: string }>) => rows.map((r) => r.name);
const DAY = 86_400_000;

describe.each(dialects())('Traccar session tokens and share links on %s', (dialect) => {
  let server: TestServer;
  let f: Fleet;
  let carla: { client: Client; id: number };
  beforeAll(async () => {
    server = await startTestServer(dialect);
    f = await buildFleet(server);
    // carla shares: she sees group Benguela (d3) and may make temporary links
    carla = await userClient(server, f.admin, {
      email: 'carla@x.ao',
      attributes: { permissions: [...EDITOR_PERMISSIONS, 'settings.temporary_links'] },
    });
    await f.admin.post('/api/permissions', { userId: carla.id, groupId: f.g2.id });
  });
  afterAll(async () => server.close());

  it('issues a token that logs in until revoked; another user cannot revoke it', async () => {
    const expiration = new Date(Date.now() + 2 * DAY).toISOString();
    const issued = await f.alice.client.form('/api/session/token', { expiration });
    expect(issued.status).toBe(200);
    expect(issued.headers.get('content-type')).toMatch(/^text\/plain/);
    const token = issued.text;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await server.services.db.kysely.selectFrom('accessTokens').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(Number(stored[0].expiresAt)).toBe(Date.parse(expiration));
    expect(stored[0].id).not.toBe(token);

    const script = server.client();
    const login = await script.get(`/api/session?token=${token}`);
    expect(login.status).toBe(200);
    expect(login.body.email).toBe('alice@x.ao');
    expect(names((await script.get('/api/devices')).body)).toEqual([
      'LD-11-22-AA',
      'LD-11-22-AB',
      'LD-33-44-BB',
    ]);

    expect((await f.bob.client.form('/api/session/token/revoke', { token })).status).toBe(404);
    expect((await f.alice.client.form('/api/session/token/revoke', { token })).status).toBe(204);
    expect((await server.client().get(`/api/session?token=${token}`)).status).toBe(401);
    expect((await f.alice.client.form('/api/session/token/revoke', { token })).status).toBe(404);
  });

  it('refuses a past expiration and caps a token at the user’s own expiry', async () => {
    const past = await f.alice.client.form('/api/session/token', { expiration: '2020-01-01T00:00:00Z' });
    expect(past.status).toBe(400);
    const until = new Date(Date.now() + DAY).toISOString();
    const short = await userClient(server, f.admin, { email: 'short@x.ao', expirationTime: until });
    const token = (await short.client.form('/api/session/token', {})).text;
    const row = await server.services.db.kysely
      .selectFrom('accessTokens')
      .select('expiresAt')
      .where('userId', '=', short.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.expiresAt)).toBe(Date.parse(until));
    expect((await server.client().get(`/api/session?token=${token}`)).body.email).toBe('short@x.ao');
  });

  it('shares a device as a temporary link limited to it, opened by the token', async () => {
    const expiration = new Date(Date.now() + 3 * DAY).toISOString();
    const shared = await carla.client.form('/api/share/device', {
      deviceId: String(f.d3.id),
      expiration,
    });
    expect(shared.status, shared.text).toBe(200);
    const viewer = server.client();
    const opened = await viewer.get(`/api/session?token=${shared.text}`);
    expect(opened.status).toBe(200);
    expect(opened.body.email).toMatch(/^temp_/);
    expect(opened.body).toMatchObject({ name: 'BG-55-66-CC', readonly: true, expirationTime: expiration });
    expect(names((await viewer.get('/api/devices')).body)).toEqual(['BG-55-66-CC']);
    // the link is one of carla's temporary links, with its vehicle
    const links = (await carla.client.get('/api/settings/temporary_links')).body as Array<{ id: number }>;
    expect(links.map((l) => l.id)).toEqual([opened.body.id]);
    // a device carla does not see, and a share asked by a temporary user, are refused
    expect(
      (await carla.client.form('/api/share/device', { deviceId: String(f.d1.id), expiration })).status,
    ).toBe(404);
    expect((await viewer.form('/api/share/device', { deviceId: String(f.d3.id), expiration })).status).toBe(
      403,
    );
    // a share token is revoked by its sharer, not by another user
    expect((await f.alice.client.form('/api/session/token/revoke', { token: shared.text })).status).toBe(404);
    expect((await carla.client.form('/api/session/token/revoke', { token: shared.text })).status).toBe(204);
    expect((await server.client().get(`/api/session?token=${shared.text}`)).status).toBe(401);
  });

  it('shares a group: the link sees the group’s devices; sharing needs the temporary-links permission', async () => {
    const expiration = new Date(Date.now() + DAY).toISOString();
    const shared = await f.admin.form('/api/share/group', { groupId: String(f.g1.id), expiration });
    expect(shared.status, shared.text).toBe(200);
    const viewer = server.client();
    expect((await viewer.get(`/api/session?token=${shared.text}`)).body.name).toBe('Luanda');
    expect(names((await viewer.get('/api/devices')).body)).toEqual(['LD-11-22-AA', 'LD-11-22-AB']);
    const denied = await f.alice.client.form('/api/share/group', { groupId: String(f.g1.id), expiration });
    expect(denied.status).toBe(403);
  });

  it('logs an administrator or a manager in as a user they manage (GET /api/session/{id})', async () => {
    const admin = await server.admin();
    const as = await admin.get(`/api/session/${f.alice.id}`);
    expect(as.status).toBe(200);
    expect(as.body.email).toBe('alice@x.ao');
    expect((await admin.get('/api/session')).body.email).toBe('alice@x.ao');
    const mia = server.client();
    await mia.login('mia@x.ao', 'user-secret-1');
    expect((await mia.get(`/api/session/${f.bob.id}`)).status).toBe(404);
    expect((await mia.get(`/api/session/${f.alice.id}`)).body.email).toBe('alice@x.ao');
    expect((await f.bob.client.get(`/api/session/${f.alice.id}`)).status).toBe(404);
  });

  it('filters GET /api/devices by uniqueId and id (repeatable, visible devices only)', async () => {
    const one = await f.admin.get('/api/devices?uniqueId=350000000000002');
    expect(names(one.body)).toEqual(['LD-33-44-BB']);
    const two = await f.admin.get('/api/devices?uniqueId=350000000000003&uniqueId=350000000000001');
    expect(names(two.body)).toEqual(['BG-55-66-CC', 'LD-11-22-AA']);
    const byId = await f.admin.get(`/api/devices?id=${f.d1b.id}&id=${f.d2.id}`);
    expect(names(byId.body)).toEqual(['LD-11-22-AB', 'LD-33-44-BB']);
    expect((await f.alice.client.get('/api/devices?uniqueId=350000000000003')).body).toEqual([]);
    expect((await f.alice.client.get(`/api/devices?id=${f.d3.id}`)).body).toEqual([]);
    expect((await f.admin.get('/api/devices?uniqueId=nope')).body).toEqual([]);
  });

  it('applies keyword, limit, offset, excludeAttributes and Traccar’s booleans to the lists', async () => {
    expect(names((await f.admin.get('/api/devices?keyword=ld-11')).body)).toEqual([
      'LD-11-22-AA',
      'LD-11-22-AB',
    ]);
    const all = names((await f.admin.get('/api/devices')).body);
    expect(names((await f.admin.get('/api/devices?limit=2&offset=1')).body)).toEqual(all.slice(1, 3));
    const bare = (await f.admin.get('/api/devices?excludeAttributes=true&uniqueId=350000000000001')).body;
    expect(bare[0].attributes).toEqual({});
    expect(bare[0].name).toBe('LD-11-22-AA');
    expect(names((await f.alice.client.get('/api/devices?all=false&refresh=true')).body)).toEqual([
      'LD-11-22-AA',
      'LD-11-22-AB',
      'LD-33-44-BB',
    ]);
    expect(names((await f.admin.get(`/api/devices?userId=${f.alice.id}`)).body)).toEqual(['LD-33-44-BB']);
    expect(names((await f.admin.get(`/api/users?deviceId=${f.d2.id}`)).body)).toEqual(['alice']);
    expect((await f.alice.client.get(`/api/users?deviceId=${f.d2.id}`)).status).toBe(403);
    expect(names((await f.admin.get('/api/geofences?keyword=lob')).body)).toEqual(['Lobito']);
    expect(names((await f.admin.get('/api/drivers?keyword=rfid0002')).body)).toEqual(['Pedro']);
  });

  it('lists permission links (GET /api/permissions), 0 meaning any, within what the caller sees', async () => {
    await f.admin.post('/api/permissions/bulk', [
      { deviceId: f.d1.id, geofenceId: f.z1.id },
      { deviceId: f.d1.id, geofenceId: f.z2.id },
      { deviceId: f.d3.id, geofenceId: f.z2.id },
    ]);
    const byDevice = await f.admin.get(`/api/permissions?deviceId=${f.d1.id}&geofenceId=0`);
    expect(byDevice.body).toEqual([
      { deviceId: f.d1.id, geofenceId: f.z1.id },
      { deviceId: f.d1.id, geofenceId: f.z2.id },
    ]);
    const byZone = await f.admin.get(`/api/permissions?geofenceId=${f.z2.id}&deviceId=0`);
    expect(byZone.body).toEqual([
      { geofenceId: f.z2.id, deviceId: f.d1.id },
      { geofenceId: f.z2.id, deviceId: f.d3.id },
    ]);
    // alice sees d1 and z1 only
    expect((await f.alice.client.get(`/api/permissions?deviceId=${f.d1.id}&geofenceId=0`)).body).toEqual([
      { deviceId: f.d1.id, geofenceId: f.z1.id },
    ]);
    expect((await f.alice.client.get(`/api/permissions?deviceId=${f.d3.id}&geofenceId=0`)).status).toBe(404);
    expect((await f.admin.get('/api/permissions?deviceId=0&geofenceId=0')).status).toBe(400);
    expect((await f.admin.get('/api/permissions?deviceId=1')).status).toBe(400);
  });
});
