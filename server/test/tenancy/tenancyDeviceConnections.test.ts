/**
 * Issue 33, defect 16: a second TCP connection presenting the IMEI of a connected device does not take it
 * over. The first connection keeps the device while it is alive: the second is answered 00 and closed,
 * anything it sent is not stored, commands (immobilisation) still go to the first, and the conflict is
 * counted. Once the first connection is gone the device reconnects as usual.
 */
import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, type Client, type TestServer } from '../harness';
import { FakeTeltonika, answerCommand, avlRecord, readCommand, type RecordSpec } from '../teltonikaDevice';
import { CODEC_8, encodeAvlData, encodeImeiPacket, encodeTcpFrame } from '../../src/protocols';

const IMEI = '356307042441361';
const METRICS_TOKEN = 'device-conflicts-token-0123456789';
const T0 = Date.UTC(2025, 2, 10, 7, 0, 0);
const legit = (s: number): RecordSpec => ({
  time: T0 + s * 1000,
  lat: -8.8383,
  lon: 13.2344,
  ignition: true,
});
const forged = (s: number): RecordSpec => ({
  time: T0 + s * 1000,
  lat: 38.7223,
  lon: -9.1393,
  ignition: false,
});

/** A raw connection that sends the IMEI and a frame at once, and collects what the server answers until it closes. */
function intruder(port: number, bytes: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    const chunks: Buffer[] = [];
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks)));
    socket.connect(port, '127.0.0.1', () => socket.write(bytes));
  });
}

describe.each(dialects())('a second connection for a connected IMEI (%s)', (dialect) => {
  let server: TestServer;
  let admin: Client;
  let deviceId: number;

  beforeAll(async () => {
    server = await startTestServer(dialect, { FROTA_METRICS_TOKEN: METRICS_TOKEN });
    admin = await server.admin();
    deviceId = (
      await admin.post('/api/devices', {
        name: 'Camião 1',
        uniqueId: IMEI,
        attributes: { has_immobilization: 1 },
      })
    ).body.id;
  });
  afterAll(async () => server.close());

  const storedLatitudes = async () =>
    (
      await server.services.db.kysely
        .selectFrom('positions')
        .select('latitude')
        .where('deviceId', '=', deviceId)
        .execute()
    ).map((r) => Number(r.latitude));

  it('keeps the first: the second is refused and closed, its records dropped, commands go to the first', async () => {
    const device = new FakeTeltonika(server.teltonika!.tcpPort);
    expect(await device.connect(IMEI)).toBe(1);
    expect(await device.send([legit(0)])).toBe(1);

    const frame = encodeTcpFrame(encodeAvlData(CODEC_8, [avlRecord(forged(5))]));
    const answered = await intruder(
      server.teltonika!.tcpPort,
      Buffer.concat([encodeImeiPacket(IMEI), frame]),
    );
    // 00 (refused), then closed: no ack of the forged frame
    expect([...answered]).toEqual([0x00]);

    // the device goes on reporting on its own connection
    expect(await device.send([legit(10)])).toBe(1);
    expect((await storedLatitudes()).sort()).toEqual([-8.8383, -8.8383]);

    const sent = admin.post('/api/commands/send', { deviceId, type: 'engineStop' });
    expect(await readCommand(device)).toBe('setdigout 1');
    answerCommand(device, 'DOUT1:1');
    expect((await sent).body).toMatchObject({ result: 'DOUT1:1' });

    const metrics = await fetch(`${server.base}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(await metrics.text()).toMatch(/^frota_device_connection_conflicts_total 1$/m);

    // gone: the device's next connection is accepted
    device.close();
    // polled: the listener announces no change of its in-memory state
    await expect.poll(() => server.teltonika!.stats().devices, { timeout: 10_000 }).toBe(0);
    const again = new FakeTeltonika(server.teltonika!.tcpPort);
    expect(await again.connect(IMEI)).toBe(1);
    expect(await again.send([legit(20)])).toBe(1);
    again.close();
    // three records and the command's answer (stored at the last fix), none of the intruder's
    const latitudes = await storedLatitudes();
    expect(latitudes).toHaveLength(4);
    expect(latitudes.every((lat) => lat === -8.8383)).toBe(true);
  });
});
