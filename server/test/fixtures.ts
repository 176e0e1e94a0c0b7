/** A small fleet with two tenants (alice, bob), a manager of alice, and positions, built through the API. */
import { insertPosition as insertRow, userClient, type Client, type TestServer } from './harness';

export const EDITOR_PERMISSIONS = [
  'map.online',
  'map.history',
  'settings.devices',
  'settings.groups',
  'settings.drivers',
  'settings.geofences',
  'settings.notifications',
];

const ok = async (p: Promise<{ status: number; body: any; text: string }>) => {
  const r = await p;
  if (r.status >= 300) throw new Error(`fixture call failed: ${r.status} ${r.text}`);
  return r.body;
};

/** A moving position (10 kn, ignition on) made the vehicle's latest, through the server's database. */
export const insertPosition = (
  server: TestServer,
  deviceId: number,
  fixTime: number,
  extra: Record<string, unknown> = {},
): Promise<number> =>
  insertRow(server.services.db, deviceId, fixTime, {
    speed: 10,
    course: 90,
    attributes: { ignition: true, ...extra },
    latest: true,
  });

export async function buildFleet(server: TestServer) {
  const admin = await server.admin();
  const g1 = await ok(admin.post('/api/groups', { name: 'Luanda' }));
  const g1child = await ok(admin.post('/api/groups', { name: 'Luanda Sul', groupId: g1.id }));
  const g2 = await ok(admin.post('/api/groups', { name: 'Benguela' }));
  const d1 = await ok(
    admin.post('/api/devices', { name: 'LD-11-22-AA', uniqueId: '350000000000001', groupId: g1.id }),
  );
  const d1b = await ok(
    admin.post('/api/devices', { name: 'LD-11-22-AB', uniqueId: '350000000000011', groupId: g1child.id }),
  );
  const d2 = await ok(admin.post('/api/devices', { name: 'LD-33-44-BB', uniqueId: '350000000000002' }));
  const d3 = await ok(
    admin.post('/api/devices', { name: 'BG-55-66-CC', uniqueId: '350000000000003', groupId: g2.id }),
  );
  const z1 = await ok(admin.post('/api/geofences', { name: 'Porto', area: 'CIRCLE (-8.80 13.23, 300)' }));
  const z2 = await ok(admin.post('/api/geofences', { name: 'Lobito', area: 'CIRCLE (-12.35 13.54, 300)' }));
  const r1 = await ok(admin.post('/api/drivers', { name: 'João', uniqueId: 'RFID0001' }));
  const r2 = await ok(admin.post('/api/drivers', { name: 'Pedro', uniqueId: 'RFID0002' }));
  const n1 = await ok(admin.post('/api/notifications', { type: 'geofenceEnter', notificators: 'web' }));
  const n2 = await ok(admin.post('/api/notifications', { type: 'geofenceExit', notificators: 'web' }));
  const alice = await userClient(server, admin, {
    email: 'alice@x.ao',
    attributes: { permissions: EDITOR_PERMISSIONS },
  });
  const bob = await userClient(server, admin, {
    email: 'bob@x.ao',
    attributes: { permissions: EDITOR_PERMISSIONS },
  });
  const mia = await userClient(server, admin, {
    email: 'mia@x.ao',
    attributes: { permissions: [...EDITOR_PERMISSIONS, 'settings.users'] },
  });
  await ok(
    admin.post('/api/permissions/bulk', [
      { userId: alice.id, groupId: g1.id },
      { userId: alice.id, deviceId: d2.id },
      { userId: alice.id, geofenceId: z1.id },
      { groupId: g1.id, driverId: r1.id },
      { userId: alice.id, notificationId: n1.id },
      { userId: bob.id, groupId: g2.id },
      { userId: bob.id, geofenceId: z2.id },
      { userId: bob.id, driverId: r2.id },
      { userId: bob.id, notificationId: n2.id },
      { userId: mia.id, managedUserId: alice.id },
    ]),
  );
  const now = Date.now();
  const p1 = await insertPosition(server, d1.id, now - 60_000);
  const p3 = await insertPosition(server, d3.id, now - 60_000);
  return { admin, alice, bob, mia, g1, g1child, g2, d1, d1b, d2, d3, z1, z2, r1, r2, n1, n2, p1, p3 };
}

export type Fleet = Awaited<ReturnType<typeof buildFleet>>;
export type { Client };
