/**
 * The demo's drivers are found from either protocol: the seed's driver keys are what the simulated
 * RFID readers send, through Teltonika's IO 78 (16 hex digits) as through OsmAnd's driverUniqueId.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODEC_8, encodeAvlData, encodeImeiPacket, encodeTcpFrame } from '../../server/src/protocols';
import { FakeDevice } from '../../server/src/protocols/testing/fakeDevice';
import { dialects, startTestServer, type TestServer } from '../../server/test/harness';
import { DEMO_DRIVER_COUNT, demoDriverKey } from './demoDrivers';
import { seedDemo } from './seedDemo';
import { createProfile } from './simulator/profile';
import { toAvlRecord, toOsmandQuery } from './simulator/records';
import type { Sample } from './simulator/vehicle';

const FIRST_IMEI = 356307042440000;

function sample(time: number, driver: string | null): Sample {
  return {
    time,
    latitude: -8.8383,
    longitude: 13.2343,
    altitude: 40,
    course: 90,
    speedKmh: driver ? 30 : 0,
    satellites: 10,
    ignition: driver !== null,
    motion: driver !== null,
    idling: false,
    odometer: 1000,
    fuel: 50,
    powerMv: 13_800,
    batteryMv: 4_100,
    rssi: 4,
    driver,
    event: null,
  };
}

describe('demo driver keys', () => {
  it('are 16 uppercase hex digits, one per seeded driver, and the profiles use them', () => {
    const keys = Array.from({ length: DEMO_DRIVER_COUNT }, (_, i) => demoDriverKey(i));
    expect(keys.every((k) => /^[0-9A-F]{16}$/.test(k))).toBe(true);
    expect(new Set(keys).size).toBe(DEMO_DRIVER_COUNT);
    expect(createProfile(5, 'x').driver).toBe(demoDriverKey(5));
    expect(createProfile(5 + DEMO_DRIVER_COUNT, 'x').driver).toBe(demoDriverKey(5));
  });
});

describe.each(dialects())('simulated RFID drivers against the demo seed on %s', (dialect) => {
  let server: TestServer;
  const now = Date.now();

  beforeAll(async () => {
    server = await startTestServer(dialect);
    // seeded an hour ago, so the simulated records are the newest of each vehicle
    expect(await seedDemo(server.services.db, now - 3_600_000)).toBe(true);
  });
  afterAll(async () => server.close());

  const k = () => server.services.db.kysely;
  const attrs = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown>;
  const driverOf = async (index: number) =>
    k()
      .selectFrom('drivers')
      .select(['id', 'name'])
      .where('uniqueId', '=', demoDriverKey(index))
      .executeTakeFirstOrThrow();

  async function latest(uniqueId: string) {
    const device = await k()
      .selectFrom('devices')
      .select(['id'])
      .where('uniqueId', '=', uniqueId)
      .executeTakeFirstOrThrow();
    const positions = await k()
      .selectFrom('positions')
      .select(['attributes', 'fixTime'])
      .where('deviceId', '=', device.id)
      .orderBy('fixTime', 'desc')
      .limit(1)
      .execute();
    const events = await k()
      .selectFrom('events')
      .select(['attributes'])
      .where('deviceId', '=', device.id)
      .where('type', '=', 'driverChanged')
      .execute();
    return { position: attrs(positions[0].attributes), events: events.map((e) => attrs(e.attributes)) };
  }

  it('resolves a Teltonika iButton key (IO 78) to the seeded driver, with a driverChanged event', async () => {
    const index = 0;
    const uniqueId = String(FIRST_IMEI + index);
    const key = createProfile(index, uniqueId).driver;
    const driver = await driverOf(index);
    const device = await FakeDevice.connect(server.teltonika!.tcpPort);
    await device.write(encodeImeiPacket(uniqueId));
    expect(await device.read(1)).toEqual(Buffer.from([1]));
    const records = [sample(now - 20_000, null), sample(now - 10_000, key)].map(toAvlRecord);
    await device.write(encodeTcpFrame(encodeAvlData(CODEC_8, records)));
    expect((await device.read(4)).readUInt32BE(0)).toBe(2);
    device.destroy();

    const { position, events } = await latest(uniqueId);
    expect(position).toMatchObject({ driverUniqueId: key, driver: driver.name, driverId: Number(driver.id) });
    expect(events).toEqual([{ driverUniqueId: key, driver: driver.name }]);
  });

  it('resolves the same key sent by a phone as driverUniqueId', async () => {
    const index = 2;
    const uniqueId = String(FIRST_IMEI + index);
    const key = createProfile(index, uniqueId).driver;
    const driver = await driverOf(index);
    for (const s of [sample(now - 20_000, null), sample(now - 10_000, key)]) {
      const res = await fetch(`http://127.0.0.1:${server.osmand!.port}/?${toOsmandQuery(uniqueId, s)}`);
      expect(res.status).toBe(200);
    }
    const { position, events } = await latest(uniqueId);
    expect(position).toMatchObject({ driverUniqueId: key, driver: driver.name, driverId: Number(driver.id) });
    expect(events).toEqual([{ driverUniqueId: key, driver: driver.name }]);
  });
});
