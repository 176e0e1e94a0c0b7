import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, type TestServer } from '../harness';
import { buildFleet, insertPosition, type Fleet } from '../fixtures';
import type { LinkTable } from '../../src/db/schema';

const LINK_TABLES: LinkTable[] = [
  'userDevice',
  'userGroup',
  'userGeofence',
  'userDriver',
  'userNotification',
  'userUser',
  'groupGeofence',
  'groupDriver',
  'deviceGeofence',
  'deviceNotification',
  'deviceDriver',
];

describe.each(dialects())('permission links on %s', (dialect) => {
  let server: TestServer;
  let f: Fleet;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    f = await buildFleet(server);
  });
  afterAll(async () => server.close());

  const count = async (
    table: LinkTable | 'positions' | 'events' | 'sessions',
    where: Record<string, number>,
  ) => {
    let q = server.services.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll().as('n'));
    for (const [k, v] of Object.entries(where)) q = q.where(k as never, '=', v as never);
    return Number((await q.executeTakeFirst())?.n ?? 0);
  };

  it('links and unlinks every pair of document 1 §3 in bulk', async () => {
    const links = [
      { deviceId: f.d1.id, geofenceId: f.z1.id },
      { userId: f.bob.id, deviceId: f.d1.id },
      { userId: f.bob.id, geofenceId: f.z1.id },
      { userId: f.bob.id, groupId: f.g1.id },
      { groupId: f.g2.id, driverId: f.r1.id },
      { groupId: f.g2.id, geofenceId: f.z1.id },
      { groupId: f.g1.id, userId: f.mia.id },
      { deviceId: f.d1.id, notificationId: f.n1.id },
    ];
    expect((await f.admin.post('/api/permissions/bulk', links)).status).toBe(204);
    expect((await f.admin.post('/api/permissions/bulk', links)).status).toBe(204); // idempotent
    expect(await count('deviceGeofence', { deviceId: f.d1.id, geofenceId: f.z1.id })).toBe(1);
    expect(await count('userGroup', { userId: f.mia.id, groupId: f.g1.id })).toBe(1);
    expect(
      (await f.admin.get(`/api/geofences?deviceId=${f.d1.id}`)).body.map((z: { id: number }) => z.id),
    ).toEqual([f.z1.id]);
    expect(
      (await f.admin.get(`/report/api.php/devices?notificationId=${f.n1.id}`)).body.map(
        (d: { id: number }) => d.id,
      ),
    ).toEqual([f.d1.id]);
    expect(
      (await f.admin.get(`/report/api.php/users?groupId=${f.g1.id}`)).body
        .map((u: { id: number }) => u.id)
        .sort(),
    ).toEqual([f.alice.id, f.bob.id, f.mia.id].sort());
    expect((await f.admin.request('DELETE', '/api/permissions/bulk', links)).status).toBe(204);
    expect(await count('deviceGeofence', { deviceId: f.d1.id, geofenceId: f.z1.id })).toBe(0);
    expect(await count('userDevice', { userId: f.bob.id, deviceId: f.d1.id })).toBe(0);
  });

  it('adds one link with POST /api/permissions (driver import) and removes it with DELETE', async () => {
    const c = f.alice.client;
    const d = await c.post('/api/drivers', { name: 'Importado', attributes: { phone: '9', notes: 'n' } });
    expect((await c.post('/api/permissions', { groupId: f.g1.id, driverId: d.body.id })).status).toBe(204);
    expect((await c.get(`/api/drivers?groupId=${f.g1.id}`)).body.map((x: { id: number }) => x.id)).toContain(
      d.body.id,
    );
    expect((await c.del('/api/permissions', { groupId: f.g1.id, driverId: d.body.id })).status).toBe(204);
    expect(
      (await c.get(`/api/drivers?groupId=${f.g1.id}`)).body.map((x: { id: number }) => x.id),
    ).not.toContain(d.body.id);
  });

  it('refuses unknown pairs, unseen objects, and a user changing its own associations', async () => {
    const c = f.alice.client;
    expect((await c.post('/api/permissions', { deviceId: f.d1.id, userIdx: 3 })).status).toBe(400);
    expect(
      (await c.post('/api/permissions', { deviceId: f.d1.id, groupId: f.g1.id, geofenceId: 1 })).status,
    ).toBe(400);
    expect((await c.post('/api/permissions', { deviceId: f.d3.id, geofenceId: f.z1.id })).status).toBe(404);
    expect((await c.post('/api/permissions', { userId: f.alice.id, deviceId: f.d1.id })).status).toBe(403);
    expect(
      (await f.mia.client.post('/api/permissions', { userId: f.mia.id, deviceId: f.d1.id })).status,
    ).toBe(403);
    expect(
      (await f.mia.client.post('/api/permissions', { userId: f.alice.id, deviceId: f.d3.id })).status,
    ).toBe(404);
    const bulk = await c.post('/api/permissions/bulk', [
      { deviceId: f.d1.id, geofenceId: f.z1.id },
      { deviceId: f.d3.id, geofenceId: f.z1.id },
    ]);
    expect(bulk.status).toBe(404);
    expect(await count('deviceGeofence', { deviceId: f.d1.id, geofenceId: f.z1.id })).toBe(0); // all or nothing
  });

  it('deletes dependent rows and links with the item: no orphans', async () => {
    const a = f.admin;
    const dev = (await a.post('/api/devices', { name: 'Apagar', uniqueId: 'del-1', groupId: f.g1.id })).body;
    const zone = (await a.post('/api/geofences', { name: 'Apagar', area: 'CIRCLE (-8.8 13.2, 100)' })).body;
    const grp = (await a.post('/api/groups', { name: 'Apagar' })).body;
    const drv = (await a.post('/api/drivers', { name: 'Apagar' })).body;
    const usr = (await a.post('/api/users', { name: 'Apagar', email: 'apagar@x.ao' })).body;
    const ntf = (await a.post('/api/notifications', { type: 'sos', notificators: 'web' })).body;
    await a.post('/api/permissions/bulk', [
      { deviceId: dev.id, geofenceId: zone.id },
      { deviceId: dev.id, notificationId: ntf.id },
      { userId: usr.id, deviceId: dev.id },
      { userId: usr.id, groupId: grp.id },
      { userId: usr.id, geofenceId: zone.id },
      { userId: usr.id, driverId: drv.id },
      { userId: usr.id, notificationId: ntf.id },
      { groupId: grp.id, geofenceId: zone.id },
      { groupId: grp.id, driverId: drv.id },
      { userId: f.mia.id, managedUserId: usr.id },
    ]);
    await insertPosition(server, dev.id, Date.now());
    const k = server.services.db.kysely;
    await k
      .insertInto('events')
      .values({
        type: 'deviceOnline',
        eventTime: Date.now(),
        deviceId: dev.id,
        positionId: null,
        geofenceId: zone.id,
        attributes: '{}',
      })
      .execute();
    await a.form('/api/session', { email: 'apagar@x.ao', password: 'x' });

    for (const [kind, item] of [
      ['devices', dev],
      ['geofences', zone],
      ['groups', grp],
      ['drivers', drv],
      ['notifications', ntf],
      ['users', usr],
    ] as const) {
      expect((await a.del(`/api/${kind}/${item.id}`)).status, kind).toBe(204);
    }
    for (const table of LINK_TABLES) {
      const rows = await k.selectFrom(table).selectAll().execute();
      const ids = [dev.id, zone.id, grp.id, drv.id, usr.id, ntf.id];
      const orphan = rows.filter((r) => {
        const v = Object.entries(r as Record<string, number>);
        return (
          (table.startsWith('device') && ids.includes(v[0][1]) && v[0][1] === dev.id) ||
          (table === 'userUser' && v[1][1] === usr.id) ||
          (table.startsWith('user') && v[0][1] === usr.id)
        );
      });
      expect(orphan, table).toEqual([]);
    }
    expect(await count('groupGeofence', { geofenceId: zone.id })).toBe(0);
    expect(await count('groupDriver', { driverId: drv.id })).toBe(0);
    expect(await count('userNotification', { notificationId: ntf.id })).toBe(0);
    expect(await count('positions', { deviceId: dev.id })).toBe(0);
    expect(await count('events', { deviceId: dev.id })).toBe(0);
    expect(await count('sessions', { userId: usr.id })).toBe(0);
  });

  it('deleting a group keeps its vehicles, now without a group', async () => {
    const grp = (await f.admin.post('/api/groups', { name: 'Temporário' })).body;
    const dev = (await f.admin.post('/api/devices', { name: 'Fica', uniqueId: 'keep-1', groupId: grp.id }))
      .body;
    await f.admin.del(`/api/groups/${grp.id}`);
    const after = await f.admin.get(`/api/devices/${dev.id}`);
    expect(after.status).toBe(200);
    expect(after.body.groupId).toBe(0);
  });
});
