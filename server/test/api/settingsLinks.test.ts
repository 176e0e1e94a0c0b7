/** Issue 6: /api/settings/{kind} saves an item and its associations in one transaction, under the link policy. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, userClient, type TestServer } from '../harness';
import { buildFleet, type Fleet } from '../fixtures';
import type { LinkTable } from '../../src/db/schema';

const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id).sort((a, b) => a - b);

describe.each(dialects())('settings saves with associations on %s', (dialect) => {
  let server: TestServer;
  let f: Fleet;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    f = await buildFleet(server);
  });
  afterAll(async () => server.close());

  const linked = async (table: LinkTable, where: Record<string, number>, pick: string) => {
    let q = server.services.db.kysely.selectFrom(table).select(`${pick} as id` as never);
    for (const [k, v] of Object.entries(where)) q = q.where(k as never, '=', v as never);
    return ((await q.execute()) as unknown as Array<{ id: number }>)
      .map((r) => Number(r.id))
      .sort((a, b) => a - b);
  };

  it('creates a group with vehicles, zones, drivers and users; vehicles get its groupId', async () => {
    const created = await f.admin.post('/api/settings/groups', {
      name: 'Frota Norte',
      links: { devices: [f.d2.id, f.d3.id], geofences: [f.z1.id], drivers: [f.r2.id], users: [f.bob.id] },
    });
    expect(created.status, created.text).toBe(200);
    const g = created.body.id;
    expect(created.body).toMatchObject({ name: 'Frota Norte', groupId: 0 });
    expect(ids((await f.admin.get(`/api/devices?groupId=${g}`)).body)).toEqual(
      [f.d2.id, f.d3.id].sort((a, b) => a - b),
    );
    expect(await linked('groupGeofence', { groupId: g }, 'geofenceId')).toEqual([f.z1.id]);
    expect(await linked('groupDriver', { groupId: g }, 'driverId')).toEqual([f.r2.id]);
    expect(await linked('userGroup', { groupId: g }, 'userId')).toEqual([f.bob.id]);

    // Removing a vehicle from the list does not take it out of the group; the other lists are replaced.
    const changed = await f.admin.put(`/api/settings/groups/${g}`, {
      id: g,
      name: 'Frota Norte 2',
      links: { devices: [f.d2.id], geofences: [f.z2.id], drivers: [] },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.name).toBe('Frota Norte 2');
    expect(ids((await f.admin.get(`/api/devices?groupId=${g}`)).body)).toEqual(
      [f.d2.id, f.d3.id].sort((a, b) => a - b),
    );
    expect(await linked('groupGeofence', { groupId: g }, 'geofenceId')).toEqual([f.z2.id]);
    expect(await linked('groupDriver', { groupId: g }, 'driverId')).toEqual([]);
    expect(await linked('userGroup', { groupId: g }, 'userId')).toEqual([f.bob.id]);
    // The client's own call of document 1 §7 keeps working: PUT /api/devices/{id} with groupId.
    const device = (await f.admin.get(`/api/devices/${f.d3.id}`)).body;
    const moved = await f.admin.put(`/api/devices/${f.d3.id}`, { ...device, groupId: f.g2.id });
    expect(moved.body.groupId).toBe(f.g2.id);
  });

  it('saves vehicles with zones and driver, drivers with groups, users and alerts with vehicles', async () => {
    const device = (await f.admin.get(`/api/devices/${f.d1.id}`)).body;
    const d = await f.admin.put(`/api/settings/devices/${f.d1.id}`, {
      ...device,
      links: { geofences: [f.z1.id, f.z2.id], drivers: [f.r1.id] },
    });
    expect(d.status, d.text).toBe(200);
    expect(ids((await f.admin.get(`/api/geofences?deviceId=${f.d1.id}`)).body)).toEqual(
      [f.z1.id, f.z2.id].sort((a, b) => a - b),
    );
    expect(ids((await f.admin.get(`/api/drivers?deviceId=${f.d1.id}`)).body)).toEqual([f.r1.id]);

    const r = await f.admin.post('/api/settings/drivers', {
      name: 'Rui',
      links: { groups: [f.g1.id, f.g2.id] },
    });
    expect(r.body.uniqueId).toMatch(/^x\./);
    expect(ids((await f.admin.get(`/report/api.php/groups?driverId=${r.body.id}`)).body)).toEqual(
      [f.g1.id, f.g2.id].sort((a, b) => a - b),
    );

    const u = await f.admin.post('/api/settings/users', {
      name: 'Cliente',
      email: 'cliente@x.ao',
      password: 'cliente-pass-1',
      links: { devices: [f.d2.id], groups: [f.g2.id], geofences: [f.z2.id] },
    });
    expect(u.status, u.text).toBe(200);
    const client = server.client();
    await client.login('cliente@x.ao', 'cliente-pass-1');
    expect(ids((await client.get('/api/devices')).body)).toEqual([f.d2.id, f.d3.id].sort((a, b) => a - b));

    const n = await f.admin.post('/api/settings/notifications', {
      type: 'sos',
      notificators: 'web',
      always: false,
      links: { devices: [f.d1.id, f.d2.id] },
    });
    expect(
      ids((await f.admin.get(`/report/api.php/devices?notificationId=${n.body.id}&disabled=true`)).body),
    ).toEqual([f.d1.id, f.d2.id].sort((a, b) => a - b));
  });

  it('checks every linked id like /api/permissions and writes nothing when one fails', async () => {
    const alice = f.alice.client;
    const group = (await alice.get(`/api/groups/${f.g1.id}`)).body;
    // d3 belongs to bob's group: alice may not link it, and the name change is not saved either.
    const hidden = await alice.put(`/api/settings/groups/${f.g1.id}`, {
      ...group,
      name: 'Renomeado',
      links: { devices: [f.d2.id, f.d3.id] },
    });
    expect(hidden.status).toBe(404);
    expect(hidden.text).toBe(`deviceId ${f.d3.id} not found`);
    expect((await alice.get(`/api/groups/${f.g1.id}`)).body.name).toBe(group.name);
    expect((await alice.get(`/api/devices/${f.d2.id}`)).body.groupId).not.toBe(f.g1.id);

    const beforeGroups = (await f.admin.get('/api/groups')).body.length;
    const created = await alice.post('/api/settings/groups', {
      name: 'Nova',
      links: { geofences: [f.z2.id] },
    });
    expect(created.status).toBe(404);
    expect((await f.admin.get('/api/groups')).body.length).toBe(beforeGroups);

    const unknown = await f.admin.post('/api/settings/drivers', { name: 'x', links: { devices: [f.d1.id] } });
    expect(unknown.status).toBe(400);
    const badIds = await f.admin.post('/api/settings/drivers', { name: 'x', links: { groups: ['a'] } });
    expect(badIds.status).toBe(400);
  });

  it('keeps links to items the caller cannot see when it replaces its visible ones', async () => {
    // The administrator adds bob to alice's group g1; alice sees g1 but not bob.
    await f.admin.post('/api/permissions', { groupId: f.g1.id, userId: f.bob.id });
    const group = (await f.alice.client.get(`/api/groups/${f.g1.id}`)).body;
    const saved = await f.alice.client.put(`/api/settings/groups/${f.g1.id}`, {
      ...group,
      links: { users: [f.alice.id], geofences: [f.z1.id] },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(await linked('userGroup', { groupId: f.g1.id }, 'userId')).toEqual(
      [f.alice.id, f.bob.id].sort((a, b) => a - b),
    );
    await f.admin.del('/api/permissions', { groupId: f.g1.id, userId: f.bob.id });
  });

  it('refuses changes to one’s own associations but saves one’s profile without them', async () => {
    const me = (await f.mia.client.get(`/api/users/${f.mia.id}`)).body;
    const own = await f.mia.client.put(`/api/settings/users/${f.mia.id}`, {
      ...me,
      links: { devices: [f.d1.id] },
    });
    expect(own.status).toBe(403);
    expect(own.text).toBe('Não pode alterar as associações do seu próprio utilizador');
    const profile = await f.mia.client.put(`/api/settings/users/${f.mia.id}`, { ...me, name: 'Mia Costa' });
    expect(profile.status, profile.text).toBe(200);
    expect(profile.body.name).toBe('Mia Costa');
    // A group's user list may not add or drop oneself either.
    const group = (await f.alice.client.get(`/api/groups/${f.g1.id}`)).body;
    const selfInGroup = await f.alice.client.put(`/api/settings/groups/${f.g1.id}`, {
      ...group,
      links: { users: [] },
    });
    expect(selfInGroup.status).toBe(403);
  });

  it('lets a manager link its managed users and nobody else', async () => {
    const mgr = f.mia.client;
    const alice = (await mgr.get(`/api/users/${f.alice.id}`)).body;
    const ok = await mgr.put(`/api/settings/users/${f.alice.id}`, {
      ...alice,
      links: { geofences: [f.z1.id] },
    });
    expect(ok.status, ok.text).toBe(200);
    const bob = await mgr.put(`/api/settings/users/${f.bob.id}`, { name: 'b', email: 'bob@x.ao', links: {} });
    expect(bob.status).toBe(404);
    const worker = await userClient(server, f.admin, {
      email: 'semlinks@x.ao',
      attributes: { permissions: ['map.online'] },
    });
    expect(
      (await worker.client.put(`/api/settings/users/${worker.id}`, { name: 'w', email: 'semlinks@x.ao' }))
        .status,
    ).toBe(200);
  });
});
