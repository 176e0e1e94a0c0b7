/**
 * Device statistics (document 2 §2.7, §3): counted by the pipeline as real records are ingested (OsmAnd
 * over HTTP), read by the dashboard for the vehicles the user sees, reset by an administrator; and the
 * migrations of the alert central and the statistics over a database that already holds data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { fromBool, toJson } from '../../../src/db/mapping';
import { migrateTo, migrateToLatest } from '../../../src/db/migrate';
import {
  dialects,
  freshDatabase,
  startTestServer,
  userClient,
  type Client,
  type TestServer,
} from '../../harness';

const LAT = -8.8137;
const LON = 13.2302;
const STATS = '/report/api.php/device_statistics';

describe.each(dialects())('device statistics (%s)', (dialect) => {
  let server: TestServer;
  let admin: Client;
  let viewer: Client;
  let truck: number;
  let van: number;
  const t0 = Math.floor(Date.now() / 1000) - 3600;
  let createdAt: number;

  const send = (uniqueId: string, at: number, extra = '') =>
    fetch(
      `http://127.0.0.1:${server.osmand!.port}/?id=${uniqueId}&lat=${LAT}&lon=${LON}&timestamp=${at}&bearing=90${extra}`,
    );
  const statsOf = async (client: Client, id: number) =>
    ((await client.get(STATS)).body as Array<Record<string, any>>).find((s) => s.deviceid === id)!;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await server.admin();
    createdAt = Date.now();
    truck = (
      await admin.post('/api/devices', {
        name: 'Camião',
        uniqueId: 'stats-truck',
        attributes: { speedLimit: 50 / 1.852 },
      })
    ).body.id;
    van = (await admin.post('/api/devices', { name: 'Carrinha', uniqueId: 'stats-van' })).body.id;
    const user = await userClient(server, admin, {
      email: 'painel@x.ao',
      attributes: { permissions: ['map.dashboard'] },
    });
    await admin.post('/api/permissions', { userId: user.id, deviceId: truck });
    viewer = user.client;
  });
  afterAll(async () => server.close());

  it('starts every vehicle at its creation with nothing counted', async () => {
    const s = await statsOf(admin, van);
    expect(s.lastignition).toBeNull();
    expect(Date.parse(s.lastreset)).toBeGreaterThanOrEqual(createdAt - 1000);
    expect(Date.parse(s.lastreset)).toBeLessThanOrEqual(Date.now());
    expect(s.last_reset).toBe(new Date(Date.parse(s.lastreset)).toISOString().slice(0, 19).replace('T', ' '));
    expect(s.alert_sos + s.alert_deviceOverspeed + s.alert_hardBraking).toBe(0);
  });

  it('counts the alerts and the ignition of ingested records', async () => {
    // ignition off, then on (lastignition), a speeding stretch, SOS, hard braking, the same SOS held
    expect((await send('stats-truck', t0, '&speed=0&ignition=false')).status).toBe(200);
    expect((await send('stats-truck', t0 + 60, '&speed=10&ignition=true')).status).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await send('stats-truck', t0 + 120 + i * 30, '&speed=60&ignition=true')).status).toBe(200);
    expect((await send('stats-truck', t0 + 300, '&speed=10&ignition=true&alarm=sos')).status).toBe(200);
    expect((await send('stats-truck', t0 + 330, '&speed=10&ignition=true&alarm=sos')).status).toBe(200);
    expect((await send('stats-truck', t0 + 360, '&speed=10&ignition=true&alarm=hardBraking')).status).toBe(
      200,
    );
    expect((await send('stats-truck', t0 + 390, '&speed=10&ignition=true&batt=5')).status).toBe(200);

    const events = await server.services.db.kysely
      .selectFrom('events')
      .select(['type', 'attributes'])
      .where('deviceId', '=', truck)
      .execute();
    const overspeeds = events.filter((e) => e.type === 'deviceOverspeed').length;
    expect(overspeeds).toBeGreaterThan(0);

    const s = await statsOf(admin, truck);
    expect(s.lastignition).toBe(new Date((t0 + 60) * 1000).toISOString());
    expect(Date.parse(s.lastignition)).toBeGreaterThan(Date.parse(s.lastreset) - 3600_000);
    expect(s.alert_deviceOverspeed).toBe(overspeeds);
    expect(s.alert_sos).toBe(1);
    expect(s.alert_hardBraking).toBe(1);
    expect(s.alert_lowBattery).toBe(1);
    expect(s.alert_hardAcceleration).toBe(0);
    expect(s.alert_hardCornering).toBe(0);
    const other = await statsOf(admin, van);
    expect(other.alert_sos).toBe(0);
  });

  it('keeps the ignition time when the ignition stays on, and moves it when it goes on again', async () => {
    expect((await send('stats-truck', t0 + 600, '&speed=0&ignition=false')).status).toBe(200);
    expect((await send('stats-truck', t0 + 660, '&speed=0&ignition=true')).status).toBe(200);
    expect((await send('stats-truck', t0 + 720, '&speed=0&ignition=true')).status).toBe(200);
    expect((await statsOf(admin, truck)).lastignition).toBe(new Date((t0 + 660) * 1000).toISOString());
  });

  it('answers only the vehicles the user sees, and needs map.dashboard', async () => {
    const list = (await viewer.get(STATS)).body as Array<{ deviceid: number }>;
    expect(list.map((s) => s.deviceid)).toEqual([truck]);
    expect((await statsOf(viewer, truck)).alert_sos).toBe(1);
    const none = await userClient(server, admin, {
      email: 'semPainel@x.ao',
      attributes: { permissions: ['map.online'] },
    });
    await admin.post('/api/permissions', { userId: none.id, deviceId: truck });
    expect((await none.client.get(STATS)).status).toBe(403);
    expect((await server.client().get(STATS)).status).toBe(401);
  });

  it('is reset by an administrator only', async () => {
    expect((await viewer.del(STATS)).status).toBe(403);
    expect((await statsOf(admin, truck)).alert_sos).toBe(1);
    const before = Date.now();
    expect((await admin.del(STATS)).body).toEqual({ success: true });
    const s = await statsOf(admin, truck);
    expect(s.alert_sos + s.alert_deviceOverspeed + s.alert_hardBraking + s.alert_lowBattery).toBe(0);
    expect(Date.parse(s.lastreset)).toBeGreaterThanOrEqual(before);
    // the ignition went on before the reset: no position since
    expect(Date.parse(s.lastignition)).toBeLessThan(Date.parse(s.lastreset));
    // counting goes on from the reset
    expect((await send('stats-truck', t0 + 800, '&speed=0&ignition=true&alarm=hardCornering')).status).toBe(
      200,
    );
    expect((await statsOf(admin, truck)).alert_hardCornering).toBe(1);
  });

  it('goes with the vehicle when it is deleted', async () => {
    expect((await admin.del(`/api/devices/${van}`)).status).toBeLessThan(300);
    const rows = await server.services.db.kysely
      .selectFrom('deviceStatistics')
      .select('deviceId')
      .where('deviceId', '=', van)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe.each(dialects())('alert central migrations over existing data (%s)', (dialect) => {
  it('start existing vehicles at the migration and give existing events their alert type and driver', async () => {
    const fresh = await freshDatabase(dialect);
    try {
      await migrateTo(fresh.db, '006_positionTallies');
      const k = fresh.db.kysely as unknown as Kysely<any>;
      const device = await k
        .insertInto('devices')
        .values({
          name: 'Antigo',
          uniqueId: 'old-1',
          status: 'offline',
          disabled: fromBool(dialect, false),
          attributes: '{}',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const deviceId = Number(device.id);
      const position = await k
        .insertInto('positions')
        .values({
          deviceId,
          serverTime: 1,
          deviceTime: 1,
          fixTime: 1,
          valid: fromBool(dialect, true),
          latitude: 0,
          longitude: 0,
          attributes: toJson({ driverUniqueId: 'CARD-OLD' }),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await k
        .insertInto('events')
        .values({
          type: 'alarm',
          eventTime: 1,
          deviceId,
          positionId: Number(position.id),
          attributes: toJson({ alarm: 'sos' }),
        })
        .execute();
      const before = Date.now();
      await migrateToLatest(fresh.db);
      const stats = await k.selectFrom('deviceStatistics').selectAll().execute();
      expect(stats).toHaveLength(1);
      expect(Number(stats[0].deviceId)).toBe(deviceId);
      expect(Number(stats[0].lastreset)).toBeGreaterThanOrEqual(before);
      expect(stats[0].lastignition).toBeNull();
      const event = await k
        .selectFrom('events')
        .select(['alertType', 'driverUniqueId', 'lastStatus'])
        .executeTakeFirstOrThrow();
      expect(event).toEqual({ alertType: 'alarmsos', driverUniqueId: 'CARD-OLD', lastStatus: 0 });
      // written after the migration, by any writer: the database fills both in
      await k
        .insertInto('events')
        .values({
          type: 'deviceOverspeed',
          eventTime: 2,
          deviceId,
          positionId: Number(position.id),
          attributes: '{}',
        })
        .execute();
      const second = await k
        .selectFrom('events')
        .select(['alertType', 'driverUniqueId'])
        .where('eventTime', '=', 2)
        .executeTakeFirstOrThrow();
      expect(second).toEqual({ alertType: 'deviceOverspeed', driverUniqueId: 'CARD-OLD' });
    } finally {
      await fresh.db.close();
      await fresh.drop();
    }
  });
});
