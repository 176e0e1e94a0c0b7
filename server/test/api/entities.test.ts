import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, userClient, type Client, type TestServer } from '../harness';
import { EDITOR_PERMISSIONS } from '../fixtures';
import { sql } from 'kysely';
import { buildTrack, insertTrack } from '../../src/reports/testing/track';
import { randomToken } from '../../src/auth/password';

describe.each(dialects())('entity API on %s', (dialect) => {
  let server: TestServer;
  let admin: Client;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await server.admin();
  });
  afterAll(async () => server.close());

  it('creates, reads, updates and deletes each entity in Traccar shapes', async () => {
    const cases: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
      [
        'devices',
        {
          name: 'Camião 1',
          uniqueId: '356307042441013',
          category: 'truck',
          attributes: { license_plate: 'LD-01-02-AA', speedLimit: 48.6 },
        },
        { name: 'Camião 1A' },
      ],
      ['groups', { name: 'Obras' }, { name: 'Obras Norte' }],
      [
        'drivers',
        { name: 'Ana', uniqueId: 'ABC123', attributes: { phone: '923000000' } },
        { name: 'Ana Silva' },
      ],
      [
        'geofences',
        {
          name: 'Estaleiro',
          area: 'POLYGON ((-8.8 13.2, -8.8 13.3, -8.9 13.3, -8.8 13.2))',
          attributes: { color: '3bb2d0' },
        },
        { name: 'Estaleiro 2' },
      ],
      [
        'notifications',
        {
          type: 'geofenceEnter',
          notificators: 'web,mail',
          always: true,
          attributes: { description: 'Entrada' },
        },
        { type: 'geofenceExit' },
      ],
      [
        'users',
        { name: 'Rui', email: 'Rui@X.ao', password: 'segredo-1', attributes: { language: 'en' } },
        { name: 'Rui Lopes' },
      ],
    ];
    for (const [kind, body, change] of cases) {
      const created = await admin.post(`/api/${kind}`, body);
      expect(created.status, `${kind}: ${created.text}`).toBe(200);
      expect(created.body.id).toBeGreaterThan(0);
      expect(created.body.attributes).toBeTypeOf('object');
      const got = await admin.get(`/api/${kind}/${created.body.id}`);
      expect(got.body).toEqual(created.body);
      const updated = await admin.put(`/api/${kind}/${created.body.id}`, {
        ...body,
        ...change,
        id: created.body.id,
      });
      expect(updated.status, `${kind}: ${updated.text}`).toBe(200);
      for (const [k, v] of Object.entries(change)) expect(updated.body[k]).toBe(v);
      expect((await admin.get(`/api/${kind}`)).body.map((x: { id: number }) => x.id)).toContain(
        created.body.id,
      );
      expect((await admin.del(`/api/${kind}/${created.body.id}`)).status).toBe(204);
      expect((await admin.get(`/api/${kind}/${created.body.id}`)).status).toBe(404);
    }
  });

  it('keeps device fields and types as sent', async () => {
    const d = await admin.post('/api/devices', {
      name: 'Jeep',
      uniqueId: '111',
      disabled: true,
      phone: '+244923',
      model: 'FMB920',
      contact: 'notas',
      attributes: { speedLimit: 43.2, has_canbus: 1, week: { weekdays: true } },
    });
    expect(d.body).toMatchObject({
      disabled: true,
      phone: '+244923',
      model: 'FMB920',
      contact: 'notas',
      status: 'offline',
      groupId: 0,
      positionId: 0,
    });
    expect(d.body.attributes).toEqual({ speedLimit: 43.2, has_canbus: 1, week: { weekdays: true } });
  });

  it('answers 400 with a message to bad bodies and duplicates, writing nothing', async () => {
    const before = (await admin.get('/api/devices')).body.length;
    const bad = [
      ['/api/devices', { name: '', uniqueId: '1' }],
      ['/api/devices', { name: 'x' }],
      ['/api/devices', { name: 'x', uniqueId: '2', groupId: 'abc' }],
      ['/api/devices', 'not json object'],
      ['/api/groups', {}],
      ['/api/geofences', { name: 'z', area: 'SQUARE(1 2)' }],
      ['/api/notifications', { type: 'sos' }],
      ['/api/notifications', { type: 'sos', notificators: 'pigeon' }],
      [
        '/api/notifications',
        { type: 'sos', notificators: 'mail', attributes: { emailTo: 'a@b.ao; not-an-email' } },
      ],
      ['/api/users', { name: 'x', email: 'not-an-email' }],
      ['/api/users', { email: 'n@x.ao' }],
      ['/api/drivers', { name: 'd', attributes: { email: 'bad' } }],
    ] as const;
    for (const [path, body] of bad) {
      const res = await admin.post(path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.text.length).toBeGreaterThan(3);
      expect(res.headers.get('content-type')).toMatch(/text\/plain/);
    }
    await admin.post('/api/devices', { name: 'único', uniqueId: 'dup-1' });
    const dup = await admin.post('/api/devices', { name: 'outro', uniqueId: 'dup-1' });
    expect(dup.status).toBe(400);
    expect((await admin.get('/api/devices')).body.length).toBe(before + 1);
    const res = await server.client().request('POST', '/api/session', undefined, { email: 'x' });
    expect(res.status).toBe(400);
  });

  it('generates driver uniqueIds as x. plus 14 characters when empty', async () => {
    const d = await admin.post('/api/drivers', { name: 'Sem cartão' });
    expect(d.body.uniqueId).toMatch(/^x\.[A-Za-z0-9]{14}$/);
    const e = await admin.post('/api/drivers', { name: 'Vazio', uniqueId: '  ' });
    expect(e.body.uniqueId).toMatch(/^x\./);
    expect(e.body.uniqueId).not.toBe(d.body.uniqueId);
  });

  it('normalises notification e-mail lists and drops empty ones', async () => {
    const n = await admin.post('/api/notifications', {
      type: 'alarm',
      notificators: 'mail, web',
      attributes: { alarms: 'sos', emailTo: 'a@b.ao; c@d.ao\te@f.ao\ng@h.ao  i@j.ao', emailCc: ' ; ' },
    });
    expect(n.status).toBe(200);
    expect(n.body.notificators).toBe('mail,web');
    expect(n.body.attributes.emailTo).toBe('a@b.ao,c@d.ao,e@f.ao,g@h.ao,i@j.ao');
    expect(n.body.attributes).not.toHaveProperty('emailCc');
    expect(n.body.attributes.alarms).toBe('sos');
  });

  it('keeps a random token sent in the body and generates 128 (users) or 40 (temporary links) characters', async () => {
    const own = randomToken(48);
    const kept = await admin.post('/api/users', { name: 'a', email: 'a1@x.ao', token: own });
    expect(kept.body.token).toBe(own);
    // issue 33: a token is a credential, a chosen one that is short or not random is refused
    const weak = await admin.post('/api/users', {
      name: 'a',
      email: 'a2@x.ao',
      token: 'my-own-token-of-some-length',
    });
    expect(weak.status).toBe(400);
    const gen = await admin.post('/api/users', { name: 'b', email: 'b1@x.ao' });
    expect(gen.body.token).toMatch(/^[A-Za-z0-9]{128}$/);
    const temp = await admin.post('/api/users', { name: 't', email: 'temp_zz@frota.local' });
    expect(temp.body.token).toMatch(/^[A-Za-z0-9]{40}$/);
    const again = await admin.put(`/api/users/${gen.body.id}`, { name: 'b2', email: 'b1@x.ao' });
    expect(again.body.token).toBe(gen.body.token);
    expect(JSON.stringify(gen.body)).not.toMatch(/hashedPassword|salt/);
  });

  it('sets userLimit 100 with settings.users and 0 otherwise', async () => {
    const m = await admin.post('/api/users', {
      name: 'm',
      email: 'm1@x.ao',
      attributes: { permissions: ['settings.users'] },
    });
    expect(m.body.userLimit).toBe(100);
    const o = await admin.post('/api/users', {
      name: 'o',
      email: 'o1@x.ao',
      attributes: { permissions: ['map.online'] },
    });
    expect(o.body.userLimit).toBe(0);
    const changed = await admin.put(`/api/users/${o.body.id}`, {
      name: 'o',
      email: 'o1@x.ao',
      attributes: { permissions: ['settings.users'] },
    });
    expect(changed.body.userLimit).toBe(100);
  });

  it('keeps the manager profile chosen on the form (userLimit 100) without settings.users', async () => {
    const body = { name: 'g', email: 'g-perfil@x.ao', attributes: { permissions: ['map.online'] } };
    const created = await admin.post('/api/users', { ...body, userLimit: 100 });
    expect(created.body.userLimit).toBe(100);
    const kept = await admin.put(`/api/users/${created.body.id}`, body);
    expect(kept.body.userLimit).toBe(100);
    const operator = await admin.put(`/api/users/${created.body.id}`, { ...body, userLimit: 0 });
    expect(operator.body.userLimit).toBe(0);
    const limited = await admin.put(`/api/users/${created.body.id}`, {
      ...body,
      readonly: true,
      userLimit: 0,
    });
    expect(limited.body).toMatchObject({ readonly: true, userLimit: 0 });
  });

  it('lets a manager create users with only the permissions it holds, linked to it', async () => {
    const mgr = await userClient(server, admin, {
      email: 'gestor@x.ao',
      attributes: { permissions: [...EDITOR_PERMISSIONS, 'settings.users'] },
    });
    const child = await mgr.client.post('/api/users', {
      name: 'Filho',
      email: 'filho@x.ao',
      attributes: { permissions: ['map.online'] },
    });
    expect(child.status).toBe(200);
    expect((await mgr.client.get('/api/users')).body.map((u: { id: number }) => u.id)).toContain(
      child.body.id,
    );
    const escalate = await mgr.client.post('/api/users', {
      name: 'x',
      email: 'x9@x.ao',
      attributes: { permissions: ['global.block'] },
    });
    expect(escalate.status).toBe(403);
    const adminTry = await mgr.client.post('/api/users', {
      name: 'x',
      email: 'x8@x.ao',
      administrator: true,
    });
    expect(adminTry.status).toBe(403);
  });

  it('lets users edit their own profile but not their own rights', async () => {
    const u = await userClient(server, admin, {
      email: 'self@x.ao',
      attributes: { permissions: ['map.online'] },
    });
    const me = await u.client.put(`/api/users/${u.id}`, {
      name: 'Eu mesmo',
      email: 'self@x.ao',
      administrator: true,
      readonly: false,
      attributes: { language: 'fr', permissions: ['settings.users'] },
    });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ name: 'Eu mesmo', administrator: false, userLimit: 0 });
    expect(me.body.attributes).toEqual({ language: 'fr', permissions: ['map.online'] });
    expect(
      (await u.client.put(`/api/users/${u.id}`, { name: 'x', email: 'self@x.ao', password: 'nova-pass' }))
        .status,
    ).toBe(200);
    expect((await server.client().login('self@x.ao', 'nova-pass')).status).toBe(200);
    expect((await u.client.del(`/api/users/${u.id}`)).status).toBe(403);
  });

  it('corrects accumulators only for users with userLimit != 0', async () => {
    const d = await admin.post('/api/devices', { name: 'Acc', uniqueId: 'acc-1' });
    const op = await userClient(server, admin, {
      email: 'op@x.ao',
      attributes: { permissions: ['map.online'] },
    });
    await admin.post('/api/permissions', { userId: op.id, deviceId: d.body.id });
    const body = { deviceId: d.body.id, totalDistance: 123000, hours: 7200000 };
    expect((await op.client.put(`/api/devices/${d.body.id}/accumulators`, body)).status).toBe(403);
    expect(
      (await admin.put(`/api/devices/${d.body.id}/accumulators`, { ...body, totalDistance: -1 })).status,
    ).toBe(400);
    // a stored latest position, and a cached report day that holds it
    const db = server.services.db;
    const [positionId] = await insertTrack(
      db,
      d.body.id,
      buildTrack({ latitude: -8.8, longitude: 13.2, totalDistance: 5000 }, [
        { time: Date.UTC(2025, 2, 10, 12), speed: 0, ignition: false },
      ]),
    );
    await db.kysely.updateTable('devices').set({ positionId }).where('id', '=', d.body.id).execute();
    await sql`INSERT INTO compact_cache (device_id, window_start, bucket_ms, version, positions, time_sum, rows)
      VALUES (${d.body.id}, ${Date.UTC(2025, 2, 9, 23)}, 300000, 1, 1, 0, '[]')`.execute(db.kysely);
    expect((await admin.put(`/api/devices/${d.body.id}/accumulators`, body)).status).toBe(204);
    const after = await admin.get(`/api/devices/${d.body.id}`);
    expect(after.body.attributes).toMatchObject({ totalDistance: 123000, hours: 7200000 });
    const position = await admin.get(`/api/positions?id=${positionId}`);
    expect(position.body[0].attributes).toMatchObject({ totalDistance: 123000 });
    // the corrected odometer reaches reports: the cached days of the vehicle are recomputed
    const cached = await sql<{ n: number }>`
      SELECT count(*) AS n FROM compact_cache WHERE device_id = ${d.body.id}`.execute(db.kysely);
    expect(Number(cached.rows[0].n)).toBe(0);
  });

  it('serves server info, the version file and the OpenAPI document', async () => {
    const info = await server.client().get('/api/server');
    expect(info.body.languages).toEqual(['pt', 'en', 'es', 'fr', 'ar']);
    expect(info.body).toMatchObject({ latitude: 10, longitude: 20, zoom: 2 });
    expect((await server.client().get('/meta.json')).body.version).toBe(info.body.version);
    const doc = await server.client().get('/api/openapi.json');
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/api/session', '/api/devices/{id}', '/api/permissions/bulk']),
    );
    const docs = await server.client().get('/api/docs/');
    expect(docs.status).toBe(200);
    expect(docs.text).toMatch(/swagger/i);
  });
});
