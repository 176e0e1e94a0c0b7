import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, type TestServer } from '../harness';
import { buildFleet, type Fleet } from '../fixtures';

describe.each(dialects())('reference lists under /report/api.php on %s', (dialect) => {
  let server: TestServer;
  let f: Fleet;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    f = await buildFleet(server);
    await f.admin.put(`/api/devices/${f.d2.id}`, { ...f.d2, disabled: true });
    await server.services.db.kysely
      .insertInto('tags')
      .values([
        { tag: 'frio', name: 'Frigorífico' },
        { tag: 'vip', name: 'VIP' },
      ])
      .execute();
  });
  afterAll(async () => server.close());

  const ids = (b: Array<{ id: number }>) => b.map((x) => x.id).sort((a, c) => a - c);

  it('lists active vehicles, and inactive ones with disabled=true, only visible ones', async () => {
    const c = f.alice.client;
    expect(ids((await c.get('/report/api.php/devices')).body)).toEqual(ids([f.d1, f.d1b]));
    expect(ids((await c.get('/report/api.php/devices?disabled=true')).body)).toEqual(
      ids([f.d1, f.d1b, f.d2]),
    );
  });

  it('lists drivers, groups by driver or zone, users by group', async () => {
    const c = f.admin;
    expect(ids((await c.get('/report/api.php/drivers')).body)).toEqual(ids([f.r1, f.r2]));
    expect(ids((await c.get(`/report/api.php/groups?driverId=${f.r1.id}`)).body)).toEqual([f.g1.id]);
    await c.post('/api/permissions', { groupId: f.g2.id, geofenceId: f.z2.id });
    expect(ids((await c.get(`/report/api.php/groups?geofenceId=${f.z2.id}`)).body)).toEqual([f.g2.id]);
    expect(ids((await c.get(`/report/api.php/users?groupId=${f.g2.id}`)).body)).toEqual([f.bob.id]);
    expect(ids((await f.alice.client.get('/report/api.php/drivers')).body)).toEqual([f.r1.id]);
  });

  it('serves tags, client details (admin can change them) and group elements', async () => {
    expect(
      (await f.alice.client.get('/report/api.php/tags')).body.map((t: { tag: string }) => t.tag).sort(),
    ).toEqual(['frio', 'vip']);
    const cd = await f.alice.client.get('/report/api.php/client_details');
    expect(cd.body).toMatchObject({ currency_symbol: 'Kz', message: '' });
    expect(Array.isArray(cd.body.driving_categories)).toBe(true);
    expect((await f.alice.client.put('/report/api.php/client_details', { message: 'x' })).status).toBe(403);
    await f.admin.put('/report/api.php/client_details', {
      message: 'Manutenção do sistema às 22h',
      sales_name: 'Frota Lda',
    });
    expect((await f.alice.client.get('/report/api.php/client_details')).body).toMatchObject({
      message: 'Manutenção do sistema às 22h',
      sales_name: 'Frota Lda',
    });
    const ge = await f.alice.client.get('/report/api.php/group_elements');
    const g1 = ge.body.find((g: { id: number }) => g.id === f.g1.id);
    expect(g1).toMatchObject({
      name: 'Luanda',
      devices: [f.d1.id],
      users: [f.alice.id],
      drivers: [f.r1.id],
      geofences: [],
    });
    expect(ge.body.map((g: { id: number }) => g.id)).not.toContain(f.g2.id);
  });

  it('requires a session', async () => {
    expect((await server.client().get('/report/api.php/devices')).status).toBe(401);
    expect((await server.client().get('/api/devices')).status).toBe(401);
  });
});
