/** Issue 6: temporary links saved with their vehicles and zones in one call, and what their token opens. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, userClient, type TestServer } from '../harness';
import { buildFleet, type Fleet } from '../fixtures';

const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id).sort((a, b) => a - b);
const BASE = '/api/settings/temporary_links';

/** The wall-clock date and time of an instant in Africa/Luanda (UTC+1, no daylight saving). */
const luanda = (iso: string) => new Date(Date.parse(iso) + 3600000).toISOString().slice(0, 23);

describe.each(dialects())('temporary links on %s', (dialect) => {
  let server: TestServer;
  let f: Fleet;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    f = await buildFleet(server);
  });
  afterAll(async () => server.close());

  it('requires a name and at least one vehicle, with the form messages, creating nothing', async () => {
    const before = (await f.admin.get(BASE)).body.length;
    const noName = await f.admin.post(BASE, { name: ' ', deviceIds: [f.d1.id] });
    expect(noName.status).toBe(400);
    expect(noName.text).toBe('Deve preencher o nome do acesso temporário');
    const noVehicle = await f.admin.post(BASE, { name: 'Cliente', deviceIds: [] });
    expect(noVehicle.status).toBe(400);
    expect(noVehicle.text).toBe('Deve seleccionar pelo menos 1 veículo');
    expect((await f.admin.post(BASE, { name: 'Cliente' })).text).toBe(
      'Deve seleccionar pelo menos 1 veículo',
    );
    expect((await f.admin.get(BASE)).body.length).toBe(before);
  });

  it('generates e-mail, password and token, expires at the end of the day in 7 days, snaps history', async () => {
    const res = await f.admin.post(BASE, {
      name: 'Cliente Sonangol',
      deviceIds: [f.d1.id, f.d2.id],
      geofenceIds: [f.z1.id],
      attributes: {
        allowHistory: true,
        allowHistoryFrom: '2025-03-10T10:15:00Z',
        allowHistoryTo: '2025-03-12T08:00:00Z',
      },
    });
    expect(res.status, res.text).toBe(200);
    const link = res.body;
    expect(link.email).toMatch(/^temp_[A-Za-z0-9]{30}$/);
    expect(link.token).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(link.readonly).toBe(true);
    expect(link.deviceIds).toEqual([f.d1.id, f.d2.id].sort((a, b) => a - b));
    expect(link.geofenceIds).toEqual([f.z1.id]);
    const inSevenDays = luanda(new Date(Date.now() + 7 * 86400000).toISOString()).slice(0, 10);
    expect(luanda(link.expirationTime)).toBe(`${inSevenDays}T23:59:59.999`);
    expect(luanda(link.attributes.allowHistoryFrom)).toBe('2025-03-10T00:00:00.000');
    expect(luanda(link.attributes.allowHistoryTo)).toBe('2025-03-12T23:59:59.999');
    expect(JSON.stringify(link)).not.toMatch(/hashedPassword|salt/);
    const read = await f.admin.get(`${BASE}/${link.id}`);
    expect(read.body).toEqual(link);
  });

  it('opens a read-only session by token that sees only its vehicles and zones, until it expires', async () => {
    const link = (await f.admin.post(BASE, { name: 'Visita', deviceIds: [f.d3.id], geofenceIds: [f.z2.id] }))
      .body;
    const guest = server.client();
    expect((await guest.get(`/api/session?token=${link.token}`)).status).toBe(200);
    expect(ids((await guest.get('/api/devices')).body)).toEqual([f.d3.id]);
    expect(ids((await guest.get('/api/geofences')).body)).toEqual([f.z2.id]);
    expect((await guest.post('/api/groups', { name: 'x' })).status).toBe(403);

    const changed = await f.admin.put(`${BASE}/${link.id}`, {
      name: 'Visita 2',
      deviceIds: [f.d1.id],
      geofenceIds: [],
      expirationTime: new Date(Date.now() - 1000).toISOString(),
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ name: 'Visita 2', token: link.token, email: link.email });
    expect(changed.body.deviceIds).toEqual([f.d1.id]);
    expect((await guest.get('/api/devices')).status).toBe(401);
    expect((await server.client().get(`/api/session?token=${link.token}`)).status).not.toBe(200);
  });

  it('belongs to its creator, who needs settings.temporary_links but not user management', async () => {
    const creator = await userClient(server, f.admin, {
      email: 'links@x.ao',
      attributes: { permissions: ['map.online', 'settings.temporary_links'] },
    });
    await f.admin.post('/api/permissions', { userId: creator.id, deviceId: f.d2.id });
    const made = await creator.client.post(BASE, { name: 'Do criador', deviceIds: [f.d2.id] });
    expect(made.status, made.text).toBe(200);
    expect((await creator.client.get(BASE)).body.map((u: { id: number }) => u.id)).toEqual([made.body.id]);
    // the list says what each link shares, as far as the caller sees: a vehicle the administrator adds
    // that the creator does not see stays out of the creator's list
    await f.admin.post('/api/permissions', { userId: made.body.id, deviceId: f.d3.id });
    const listed = (await creator.client.get(BASE)).body as Array<{ id: number; deviceIds: number[] }>;
    expect(listed.map((l) => [l.id, l.deviceIds])).toEqual([[made.body.id, [f.d2.id]]]);
    const all = (await f.admin.get(BASE)).body as Array<{ id: number; deviceIds: number[] }>;
    expect(all.find((l) => l.id === made.body.id)!.deviceIds).toEqual(
      [f.d2.id, f.d3.id].sort((a, b) => a - b),
    );
    const hidden = await creator.client.post(BASE, { name: 'Alheio', deviceIds: [f.d3.id] });
    expect(hidden.status).toBe(404);
    expect((await f.bob.client.get(BASE)).status).toBe(403);
    expect((await f.alice.client.get(`${BASE}/${made.body.id}`)).status).toBe(403);
    const other = await userClient(server, f.admin, {
      email: 'outros-links@x.ao',
      attributes: { permissions: ['settings.temporary_links'] },
    });
    expect((await other.client.get(`${BASE}/${made.body.id}`)).status).toBe(404);
    expect((await other.client.del(`${BASE}/${made.body.id}`)).status).toBe(404);
    expect((await creator.client.del(`${BASE}/${made.body.id}`)).status).toBe(204);
    expect((await creator.client.get(BASE)).body).toEqual([]);
  });
});
