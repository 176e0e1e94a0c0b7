/** The simulator's vehicle behind a Traccar server: its fixes forwarded as Traccar's JSON into the pipeline. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shapeDialects, insertDevice, startTestServer, type TestServer } from '../../../server/test/harness';
import { parseJson } from '../../../server/src/db/mapping';
import { TraccarForwardClient } from './traccarForwardClient';
import { DeviceRejectedError } from './transport';
import type { Sample } from './vehicle';

const TOKEN = 'simulated-traccar-forward-token';
const sample = (i: number): Sample => ({
  time: Date.UTC(2026, 10, 28, 11, 0, i * 10),
  latitude: -8.84 - i * 0.001,
  longitude: 13.23,
  altitude: 30,
  course: 180,
  speedKmh: 37.04,
  satellites: 11,
  ignition: true,
  motion: true,
  idling: false,
  odometer: 5_000_000,
  fuel: 60,
  powerMv: 12_700,
  batteryMv: 4_000,
  rssi: 5,
  driver: null,
  event: i === 1 ? { type: 'sos' } : null,
});

describe.each(shapeDialects())('a vehicle forwarded by Traccar (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { FROTA_FORWARD_TOKEN: TOKEN });
  });
  afterAll(async () => server?.close());

  const client = (uniqueId: string, token = TOKEN) =>
    new TraccarForwardClient({ host: '127.0.0.1', port: Number(new URL(server.base).port), uniqueId, token });

  it('stores each fix through the pipeline as protocol traccar, once answered', async () => {
    const deviceId = await insertDevice(server.services.db, 'Via Traccar', '356307042440931');
    await client('356307042440931').send([sample(0), sample(1)]);
    const rows = await server.services.db.kysely
      .selectFrom('positions')
      .select(['protocol', 'fixTime', 'speed', 'attributes'])
      .where('deviceId', '=', deviceId)
      .orderBy('fixTime')
      .execute();
    expect(rows.map((r) => [r.protocol, Number(r.fixTime)])).toEqual([
      ['traccar', sample(0).time],
      ['traccar', sample(1).time],
    ]);
    expect(rows[0].speed).toBeCloseTo(20, 5);
    expect(parseJson(rows[1].attributes)).toMatchObject({
      alarm: 'sos',
      ignition: true,
      traccarProtocol: 'teltonika',
    });
  });

  it('is refused as an unknown vehicle, or with a wrong token', async () => {
    await expect(client('356307042440999').send([sample(0)])).rejects.toBeInstanceOf(DeviceRejectedError);
    await insertDevice(server.services.db, 'Outro', '356307042440932');
    await expect(client('356307042440932', 'not-the-receiver-token').send([sample(0)])).rejects.toThrow(
      /401/,
    );
  });
});
