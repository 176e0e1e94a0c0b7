/**
 * Every framed protocol end to end: the simulator's tracker of that protocol, through the server's real TCP
 * port and pipeline, puts its vehicle's positions in the database, marked with the protocol, and the
 * vehicle's latest position is the last one sent; an unknown tracker is refused and stores nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRAMED_PROTOCOLS } from '../../../server/src/config';
import { SIMULATED_DEVICES } from '../../../server/src/protocols';
import { dialects, insertDevice, startTestServer, type TestServer } from '../../../server/test/harness';
import { FramedClient } from './framedClient';
import { DeviceRejectedError } from './transport';
import type { Sample } from './vehicle';

const start = Date.UTC(2026, 10, 28, 10, 0, 0);
const sample = (i: number): Sample => ({
  time: start + i * 10_000,
  latitude: -8.8383 - i * 0.001,
  longitude: 13.2344 + i * 0.001,
  altitude: 40,
  course: 45,
  speedKmh: 36 + i,
  satellites: 9,
  ignition: true,
  motion: true,
  idling: false,
  odometer: 12_000_000 + i * 100,
  fuel: 50,
  powerMv: 12_600,
  batteryMv: 4_100,
  rssi: 4,
  driver: null,
  event: null,
});

describe.each(dialects())('framed protocols through the server (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => server?.close());

  const portOf = (protocol: string) => server.framed.find((l) => l.protocol === protocol)!.port;

  it.each(FRAMED_PROTOCOLS)('stores a %s tracker positions once they are answered', async (protocol) => {
    const uniqueId = String(860000000000000 + FRAMED_PROTOCOLS.indexOf(protocol));
    const deviceId = await insertDevice(server.services.db, `Veículo ${protocol}`, uniqueId);
    const client = new FramedClient({
      host: '127.0.0.1',
      port: portOf(protocol),
      uniqueId,
      device: SIMULATED_DEVICES[protocol],
    });
    const samples = [0, 1, 2].map(sample);
    try {
      await client.send(samples);
    } finally {
      client.close();
    }
    // answered: committed, so readable at once
    const k = server.services.db.kysely;
    const rows = await k
      .selectFrom('positions')
      .select(['protocol', 'fixTime', 'latitude', 'longitude', 'speed', 'id'])
      .where('deviceId', '=', deviceId)
      .orderBy('fixTime')
      .execute();
    expect(rows.map((r) => r.protocol)).toEqual([protocol, protocol, protocol]);
    expect(rows.map((r) => Number(r.fixTime))).toEqual(samples.map((s) => s.time));
    rows.forEach((row, i) => {
      expect(row.latitude).toBeCloseTo(samples[i].latitude, 4);
      expect(row.longitude).toBeCloseTo(samples[i].longitude, 4);
      expect(row.speed * 1.852).toBeCloseTo(samples[i].speedKmh, 0);
    });
    const device = await k
      .selectFrom('devices')
      .select('positionId')
      .where('id', '=', deviceId)
      .executeTakeFirst();
    expect(Number(device?.positionId)).toBe(Number(rows[2].id));
  });

  it.each(FRAMED_PROTOCOLS)('refuses an unknown %s tracker and stores nothing', async (protocol) => {
    const before = await server.services.db.kysely
      .selectFrom('positions')
      .select((e) => e.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const client = new FramedClient({
      host: '127.0.0.1',
      port: portOf(protocol),
      uniqueId: '869999999999999',
      device: SIMULATED_DEVICES[protocol],
      timeoutMs: 5_000,
    });
    await expect(client.send([sample(0)])).rejects.toBeInstanceOf(DeviceRejectedError);
    client.close();
    const after = await server.services.db.kysely
      .selectFrom('positions')
      .select((e) => e.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
