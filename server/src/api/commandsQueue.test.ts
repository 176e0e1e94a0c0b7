/**
 * Commands queued for a vehicle that is not connected live in the database: a second server process
 * (sharing the database, as nodes behind a load balancer do) sends them when the device reports there.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, type Client, type TestServer } from '../../test/harness';
import { answerCommand, FakeTeltonika, readCommand } from '../../test/teltonikaDevice';
import { freeDevicePorts, loadConfig } from '../config';
import { pendingCommands } from '../processing/pendingCommands';
import { startServer, type RunningServer } from '../server';

const IMEI = '356307042448888';

describe.each(dialects())('queued commands across nodes on %s', (dialect) => {
  let a: TestServer;
  let b: RunningServer;
  let admin: Client;
  let deviceId: number;

  beforeAll(async () => {
    a = await startTestServer(dialect);
    b = await startServer(
      loadConfig({
        FROTA_PORT: '0',
        FROTA_HOST: '127.0.0.1',
        FROTA_DATA_DIR: join(a.services.config.dataDir, 'node-b'),
        FROTA_LOG_LEVEL: 'silent',
        ...freeDevicePorts(),
        FROTA_TELTONIKA_PORT: '0',
        FROTA_OSMAND_PORT: '0',
        FROTA_CAMERA_PORT: '0',
        FROTA_WEB_DIR: join(a.services.config.dataDir, 'no-web'),
      }),
      { db: a.services.db },
    );
    admin = await a.admin();
    deviceId = (
      await admin.post('/api/devices', {
        name: 'Imobilizável',
        uniqueId: IMEI,
        attributes: { has_immobilization: 1, has_rfid: 1 },
      })
    ).body.id;
  });
  afterAll(async () => {
    await b?.stop();
    await a?.close();
  });

  const waiting = () => pendingCommands(a.services.db, deviceId);

  it('queues on node A once, and node B sends it when the device reports there', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await admin.post('/report/api.php/block', { deviceId, immobilizationValue: true });
      expect(res.status).toBe(202);
      expect(res.body.state).toBe('queued');
    }
    expect((await waiting()).map((c) => c.text)).toEqual(['setdigout 1']);

    const dev = new FakeTeltonika(b.teltonika!.tcpPort);
    expect(await dev.connect(IMEI)).toBe(1);
    expect(await dev.send([{ time: Date.now() - 5000, lat: -8.8, lon: 13.2, ignition: true }])).toBe(1);
    expect(await readCommand(dev)).toBe('setdigout 1');
    answerCommand(dev, 'DOUT1:1');
    // marked delivered once answered: polled (rows; the device is told nothing more)
    await expect.poll(waiting, { timeout: 10_000 }).toEqual([]);
    // the answer is kept as the position attribute `result`, as for a command sent live (stored before
    // the command counts as answered, so before it is marked delivered)
    expect(
      (await admin.get('/api/positions')).body.find((p: any) => p.deviceId === deviceId)?.attributes.result,
    ).toBe('DOUT1:1');
    dev.close();
  });

  it('keeps a command queued when the device goes away before it was sent, and sends it next time', async () => {
    const res = await admin.post('/api/commands/send', { deviceId, type: 'engineResume' });
    expect(res.body.state).toBe('queued');
    const first = new FakeTeltonika(b.teltonika!.tcpPort);
    expect(await first.connect(IMEI)).toBe(1);
    expect(await first.send([{ time: Date.now() - 4000, lat: -8.8, lon: 13.21, ignition: true }])).toBe(1);
    expect(await readCommand(first)).toBe('setdigout 0');
    first.close(); // no answer: the device may not have it
    // polled: rows, nothing announces them
    await expect.poll(async () => (await waiting()).length, { timeout: 10_000 }).toBe(1);

    const again = new FakeTeltonika(a.teltonika!.tcpPort);
    expect(await again.connect(IMEI)).toBe(1);
    expect(await again.send([{ time: Date.now() - 3000, lat: -8.8, lon: 13.22, ignition: true }])).toBe(1);
    expect(await readCommand(again)).toBe('setdigout 0');
    answerCommand(again, 'DOUT1:0');
    await expect.poll(waiting, { timeout: 10_000 }).toEqual([]); // polled: as above
    again.close();
  });

  it('still answers at once when the node has the device connected', async () => {
    const dev = new FakeTeltonika(a.teltonika!.tcpPort);
    expect(await dev.connect(IMEI)).toBe(1);
    expect(await dev.send([{ time: Date.now() - 2000, lat: -8.8, lon: 13.23, ignition: true }])).toBe(1);
    const pending = admin.post('/report/api.php/rfid_buzzer', { deviceId, value: true });
    expect(await readCommand(dev)).toBe('setdigout ?1');
    answerCommand(dev, 'DOUT2:1');
    expect((await pending).body).toEqual({ state: 'answered', result: 'DOUT2:1' });
    expect(await waiting()).toEqual([]);
    dev.close();
  });
});
