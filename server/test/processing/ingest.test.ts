import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, userClient, type Client, type TestServer } from '../harness';
import { openLive } from '../liveClient';
import { FakeTeltonika } from '../teltonikaDevice';

const IMEI = '356307042441013';
const ZONE = { lat: -8.8, lon: 13.23 };

describe.each(dialects())('device ingestion end to end on %s', (dialect) => {
  let server: TestServer;
  let admin: Client;
  let deviceId: number;
  let zoneId: number;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await server.admin();
    const d = await admin.post('/api/devices', {
      name: 'LD-01-01-AA',
      uniqueId: IMEI,
      attributes: { speedLimit: 50 / 1.852 },
    });
    deviceId = d.body.id;
    const z = await admin.post('/api/geofences', {
      name: 'Porto',
      area: `CIRCLE (${ZONE.lat} ${ZONE.lon}, 500)`,
    });
    zoneId = z.body.id;
    await admin.post('/api/permissions', { deviceId, geofenceId: zoneId });
    await admin.post('/api/drivers', { name: 'João Motorista', uniqueId: '00000000ABCDEF01' });
  });
  afterAll(async () => server.close());

  it('refuses an unknown IMEI with 00', async () => {
    const dev = new FakeTeltonika(server.teltonika!.tcpPort);
    expect(await dev.connect('999999999999999')).toBe(0);
    dev.close();
  });

  it('decodes, enriches, stores, raises events, acks after commit and pushes live only to allowed users', async () => {
    const adminLive = await openLive(server.base, admin.cookie);
    const other = await userClient(server, admin, {
      email: 'outro@x.ao',
      attributes: { permissions: ['map.online'] },
    });
    const otherLive = await openLive(server.base, other.client.cookie);
    const dev = new FakeTeltonika(server.teltonika!.tcpPort);
    expect(await dev.connect(IMEI)).toBe(1);
    const t0 = Date.now() - 60_000;
    const acked = await dev.send([
      { time: t0, lat: -8.83, lon: 13.23, ignition: false },
      { time: t0 + 10_000, lat: ZONE.lat, lon: ZONE.lon, ignition: true },
      {
        time: t0 + 20_000,
        lat: ZONE.lat + 0.001,
        lon: ZONE.lon,
        ignition: true,
        speedKmh: 100,
        io: [{ id: 78, size: 8, value: 0xabcdef01n }],
      },
    ]);
    expect(acked).toBe(3);

    const k = server.services.db.kysely;
    const rows = await k
      .selectFrom('positions')
      .selectAll()
      .where('deviceId', '=', deviceId)
      .orderBy('fixTime')
      .execute();
    expect(rows).toHaveLength(3);
    const attrs = rows.map((r) =>
      typeof r.attributes === 'string' ? JSON.parse(r.attributes) : r.attributes,
    );
    expect(attrs[2].ignition).toBe(true);
    expect(attrs[2].io239).toBe(1);
    expect(attrs[1].totalDistance).toBeGreaterThan(3000); // ~3.3 km from the first fix
    expect(attrs[2].totalDistance).toBeGreaterThan(attrs[1].totalDistance);
    expect(attrs[2].hours).toBe(10_000);
    expect(attrs[2].geofenceIds).toEqual([zoneId]);
    expect(attrs[2].driver).toBe('João Motorista');
    expect(attrs[1].lastignition).toBe(new Date(t0 + 10_000).toISOString());
    expect(Number(rows[2].speed)).toBeCloseTo(100 / 1.852, 3);

    const device = (await admin.get(`/api/devices/${deviceId}`)).body;
    expect(device.positionId).toBe(Number(rows[2].id));
    expect(device.status).toBe('online');

    const events = await k
      .selectFrom('events')
      .select(['type', 'geofenceId', 'positionId'])
      .where('deviceId', '=', deviceId)
      .execute();
    const types = events.map((e) => e.type).sort();
    expect(types).toEqual(
      ['deviceOnline', 'deviceOverspeed', 'driverChanged', 'geofenceEnter', 'ignitionOn'].sort(),
    );
    expect(events.find((e) => e.type === 'geofenceEnter')?.geofenceId).toBe(zoneId);

    await adminLive.until(() => adminLive.positions().some((p) => p.deviceId === deviceId), 'the position');
    expect(adminLive.positions().filter((p) => p.deviceId === deviceId).length).toBeGreaterThan(0);
    expect(adminLive.positions().at(-1).id).toBe(Number(rows[2].id));
    await adminLive.until(() => adminLive.events().length >= 5, 'the five events');
    expect(adminLive.events().length).toBe(5);
    // the hub flushed these to every socket at once: what otherLive was sent came before the pong
    await otherLive.roundTrip();
    expect(otherLive.positions()).toEqual([]);
    expect(otherLive.events()).toEqual([]);

    // The same frame again (a device that lost the ack): acknowledged, nothing stored twice.
    expect(
      await dev.send([
        {
          time: t0 + 20_000,
          lat: ZONE.lat + 0.001,
          lon: ZONE.lon,
          ignition: true,
          speedKmh: 100,
          io: [{ id: 78, size: 8, value: 0xabcdef01n }],
        },
      ]),
    ).toBe(1);
    expect(
      await k.selectFrom('positions').select('id').where('deviceId', '=', deviceId).execute(),
    ).toHaveLength(3);
    dev.close();
    adminLive.close();
    otherLive.close();
  });

  it('raises driverChanged for another driver, not for the same card put back after the ignition was off', async () => {
    const imei = '356307042441099';
    const id = (await admin.post('/api/devices', { name: 'LD-02-02-BB', uniqueId: imei })).body.id;
    const dev = new FakeTeltonika(server.teltonika!.tcpPort);
    expect(await dev.connect(imei)).toBe(1);
    const card = (value: bigint) => [{ id: 78, size: 8 as const, value }];
    const t0 = Date.now() - 120_000;
    const at = (s: number, ignition: boolean, io?: ReturnType<typeof card>) => ({
      time: t0 + s * 1000,
      lat: -8.9,
      lon: 13.3,
      ignition,
      ...(io ? { io } : {}),
    });
    expect(
      await dev.send([
        at(0, true, card(0xabcdef01n)),
        at(10, false),
        at(20, true, card(0xabcdef01n)), // the same driver again: no change
        at(30, false),
        at(40, true, card(0xabcdef02n)), // another driver
      ]),
    ).toBe(5);
    dev.close();
    const changed = await server.services.db.kysely
      .selectFrom('events')
      .select('eventTime')
      .where('deviceId', '=', id)
      .where('type', '=', 'driverChanged')
      .orderBy('eventTime')
      .execute();
    expect(changed.map((e) => Number(e.eventTime) - t0)).toEqual([0, 40_000]);
  });

  it('stores OsmAnd positions from phones over HTTP', async () => {
    await admin.post('/api/devices', { name: 'Telemóvel', uniqueId: 'phone-42' });
    const port = server.osmand!.port;
    const res = await fetch(
      `http://127.0.0.1:${port}/?id=phone-42&lat=-8.81&lon=13.24&timestamp=${Math.floor(Date.now() / 1000)}&speed=10&batt=80`,
    );
    expect(res.status).toBe(200);
    const unknown = await fetch(`http://127.0.0.1:${port}/?id=nobody&lat=-8.81&lon=13.24`);
    expect(unknown.status).toBe(400);
    const positions = (await admin.get('/api/positions')).body;
    const phone = positions.find((p: { protocol: string }) => p.protocol === 'osmand');
    expect(phone).toMatchObject({ latitude: -8.81, longitude: 13.24 });
    expect(phone.attributes.batteryLevel).toBe(80);
  });
});
