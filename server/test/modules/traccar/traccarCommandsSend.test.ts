/**
 * Traccar's POST /api/commands/send (issue 23): a saved command (`id`) or a composed one, answered 200 with
 * the command when the vehicle takes it live, queued when it is not connected (202 with the queued command,
 * as Traccar) and delivered over Teltonika when it next reports; `noQueue`, a group, and the access policy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, userClient, type Client, type TestServer } from '../../harness';
import { FakeTeltonika, answerCommand, readCommand } from '../../teltonikaDevice';
import { pendingCommands } from '../../../src/processing/pendingCommands';

const IMEI = '356307042442002';

describe.each(dialects())('Traccar command sending on %s', (dialect) => {
  let server: TestServer;
  let admin: Client;
  let operator: { client: Client; id: number };
  let other: { client: Client; id: number };
  let truck: number;
  let fleet: number;
  let info: number;

  const waiting = (deviceId: number) => pendingCommands(server.services.db, deviceId);

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await server.admin();
    fleet = (await admin.post('/api/groups', { name: 'Frota Sul' })).body.id;
    truck = (
      await admin.post('/api/devices', {
        name: 'Camião 2',
        uniqueId: IMEI,
        groupId: fleet,
        attributes: { has_immobilization: 1 },
      })
    ).body.id;
    operator = await userClient(server, admin, {
      email: 'envia@x.ao',
      attributes: { permissions: ['map.online', 'global.block'] },
    });
    other = await userClient(server, admin, {
      email: 'alheio@x.ao',
      attributes: { permissions: ['map.online', 'global.block'] },
    });
    await admin.post('/api/permissions', { userId: operator.id, deviceId: truck });
    info = (
      await admin.post('/api/commands', {
        description: 'Informação',
        type: 'custom',
        attributes: { data: 'getinfo {uniqueId}' },
      })
    ).body.id;
    await admin.post('/api/permissions', { userId: operator.id, commandId: info });
  });
  afterAll(async () => server?.close());

  it('queues a saved command for a vehicle that is not connected and delivers it when it reports', async () => {
    const res = await operator.client.post('/api/commands/send', { id: info, deviceId: truck });
    expect(res.status, res.text).toBe(202);
    const queued = await waiting(truck);
    expect(queued.map((c) => c.text)).toEqual([`getinfo ${IMEI}`]);
    expect(res.body).toMatchObject({
      id: queued[0].id,
      deviceId: truck,
      type: 'custom',
      textChannel: false,
      attributes: { data: 'getinfo {uniqueId}' },
      state: 'queued',
    });

    const dev = new FakeTeltonika(server.teltonika!.tcpPort);
    expect(await dev.connect(IMEI)).toBe(1);
    expect(await dev.send([{ time: Date.now() - 5000, lat: -8.8, lon: 13.2, ignition: true }])).toBe(1);
    expect(await readCommand(dev)).toBe(`getinfo ${IMEI}`);
    answerCommand(dev, 'RTC:2026/1/1 Init:2026/1/1');
    // marked delivered once answered: polled (rows; the device is told nothing more)
    await expect.poll(() => waiting(truck), { timeout: 10_000 }).toEqual([]);

    // connected now: a composed engineStop goes live and answers 200 with the command and the result
    const live = operator.client.post('/api/commands/send', { deviceId: truck, type: 'engineStop' });
    expect(await readCommand(dev)).toBe('setdigout 1');
    answerCommand(dev, 'DOUT1:1');
    const answered = await live;
    expect(answered.status).toBe(200);
    expect(answered.body).toEqual({
      id: 0,
      description: 'engineStop',
      deviceId: truck,
      type: 'engineStop',
      textChannel: false,
      attributes: {},
      state: 'answered',
      result: 'DOUT1:1',
    });
    dev.close();
  });

  it('refuses to queue with noQueue, and queues for each vehicle of a group', async () => {
    const refused = await admin.post('/api/commands/send', {
      deviceId: truck,
      type: 'engineResume',
      attributes: { noQueue: true },
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toBe('Veículo sem ligação: o comando não foi enviado');
    expect(await waiting(truck)).toEqual([]);

    const group = await admin.post(`/api/commands/send?groupId=${fleet}`, { type: 'engineResume' });
    expect(group.status, group.text).toBe(202);
    const queued = await waiting(truck);
    expect(queued.map((c) => c.text)).toEqual(['setdigout 0']);
    expect(group.body).toEqual([
      {
        id: queued[0].id,
        deviceId: truck,
        type: 'engineResume',
        textChannel: false,
        attributes: {},
        state: 'queued',
        message: 'Comando em espera: será enviado quando o veículo comunicar',
      },
    ]);
  });

  it("keeps our rules and answers 404 for another user's command or vehicle", async () => {
    expect((await other.client.post('/api/commands/send', { id: info, deviceId: truck })).status).toBe(404);
    expect(
      (await other.client.post('/api/commands/send', { deviceId: truck, type: 'engineStop' })).status,
    ).toBe(404);
    expect(
      (
        await operator.client.post('/api/commands/send', {
          deviceId: truck,
          type: 'custom',
          attributes: { data: 'x' },
        })
      ).status,
    ).toBe(403);
    const sms = await admin.post('/api/commands/send', {
      deviceId: truck,
      type: 'custom',
      textChannel: true,
      attributes: { data: 'x' },
    });
    expect(sms.status).toBe(400);
    expect(sms.text).toBe('SMS não configurado (FROTA_SMS_URL)');
    expect((await admin.post('/api/commands/send', { type: 'engineStop' })).status).toBe(400);
  });
});
