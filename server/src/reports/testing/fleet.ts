/** The fleet of the report API tests: two vehicles of a group, zones, a driver, users, the seeded day. */
import { kmhToKnots } from '@frota/core';
import type { Client, TestServer } from '../../../test/harness';
import { userClient } from '../../../test/harness';
import { toJson } from '../../db/mapping';
import { at, DRIVER, seedDay, ZONE_CLIENT, ZONE_START, ZONE_START_LIMIT_KNOTS } from './seedDay';

export const REPORT_PERMISSIONS = [
  'reports.trips',
  'reports.activity',
  'reports.speeding',
  'reports.km',
  'reports.monthly_km',
  'reports.chart_km',
  'reports.hours',
  'reports.monthly_hours',
  'reports.stops',
  'reports.fuel_analysis',
  'reports.pto',
  'reports.zones',
  'reports.positions',
  'reports.alerts',
  'reports.schedules',
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- API answers are loose JSON here
const ok = async (p: Promise<{ status: number; body: any; text: string }>) => {
  const r = await p;
  if (r.status >= 300) throw new Error(`fixture call failed: ${r.status} ${r.text}`);
  return r.body;
};

export async function reportFleet(server: TestServer) {
  const admin: Client = await server.admin();
  const group = await ok(admin.post('/api/groups', { name: 'Luanda' }));
  const a = await ok(
    admin.post('/api/devices', {
      name: 'Camião 1',
      uniqueId: 'REP0001',
      groupId: group.id,
      attributes: {
        license_plate: 'LD-01-00-AA',
        speedLimit: kmhToKnots(80),
        fuel_tank_capacity: 60,
        pto_port: 2,
      },
    }),
  );
  const b = await ok(
    admin.post('/api/devices', {
      name: 'Camião 2',
      uniqueId: 'REP0002',
      groupId: group.id,
      attributes: { license_plate: 'LD-02-00-BB' },
    }),
  );
  const hidden = await ok(admin.post('/api/devices', { name: 'Outro', uniqueId: 'REP0003' }));
  const start = await ok(
    admin.post('/api/geofences', {
      name: 'Partida',
      area: ZONE_START,
      attributes: { speedLimit: ZONE_START_LIMIT_KNOTS },
    }),
  );
  const client = await ok(admin.post('/api/geofences', { name: 'Cliente', area: ZONE_CLIENT }));
  const driver = await ok(admin.post('/api/drivers', { name: 'João', uniqueId: DRIVER }));
  const manager = await userClient(server, admin, {
    email: 'gestor@x.ao',
    name: 'Gestor',
    attributes: { permissions: REPORT_PERMISSIONS, timezone: 'Africa/Luanda' },
  });
  const limited = await userClient(server, admin, {
    email: 'limitado@x.ao',
    attributes: { permissions: ['reports.km'] },
  });
  await ok(
    admin.post('/api/permissions/bulk', [
      { userId: manager.id, groupId: group.id },
      { userId: manager.id, geofenceId: start.id },
      { userId: manager.id, geofenceId: client.id },
      { groupId: group.id, driverId: driver.id },
      { userId: limited.id, groupId: group.id },
    ]),
  );
  const db = server.services.db;
  const positions = await seedDay(db, a.id);
  const event = (
    type: string,
    time: number,
    attributes: Record<string, unknown>,
    geofenceId: number | null = null,
  ) => ({
    type,
    eventTime: time,
    deviceId: a.id,
    positionId: null,
    geofenceId,
    attributes: toJson(attributes),
  });
  await db.kysely
    .insertInto('events')
    .values([
      event('deviceOverspeed', at(8, 10, 30), { speed: kmhToKnots(100), speedLimit: kmhToKnots(80) }),
      event('geofenceEnter', at(8, 30), {}, client.id),
      event('alarm', at(12), { alarm: 'sos' }),
      event('alarm', at(12, 30), { alarm: 'seatbelt' }),
      event('blockRequest', at(13), { userId: manager.id, user: 'Gestor', state: 'sent' }),
    ])
    .execute();
  return { admin, group, a, b, hidden, start, client, driver, manager, limited, positions };
}

export type ReportFleet = Awaited<ReturnType<typeof reportFleet>>;
