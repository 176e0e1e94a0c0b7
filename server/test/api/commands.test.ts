import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, userClient, type Client, type TestServer } from '../harness';
import { FakeTeltonika, answerCommand, readCommand } from '../teltonikaDevice';

const IMEI = '356307042449999';

describe.each(dialects())('commands on %s', (dialect) => {
  let server: TestServer;
  let admin: Client;
  let deviceId: number;
  let blocker: { client: Client; id: number };
  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await server.admin();
    deviceId = (
      await admin.post('/api/devices', {
        name: 'Imobilizável',
        uniqueId: IMEI,
        attributes: { has_immobilization: 1, has_rfid: 1 },
      })
    ).body.id;
    blocker = await userClient(server, admin, {
      email: 'bloq@x.ao',
      name: 'Operadora Bloqueio',
      attributes: { permissions: ['map.online', 'global.block', 'global.rfid_buzzer'] },
    });
    await admin.post('/api/permissions', { userId: blocker.id, deviceId });
  });
  afterAll(async () => server.close());

  it('blocks through Codec 12 on the live connection, records who, and answers block_details', async () => {
    const dev = new FakeTeltonika(server.teltonika!.tcpPort);
    expect(await dev.connect(IMEI)).toBe(1);
    expect(await dev.send([{ time: Date.now() - 1000, lat: -8.8, lon: 13.2, ignition: false }])).toBe(1);
    const pending = blocker.client.post('/report/api.php/block', { deviceId, immobilizationValue: true });
    expect(await readCommand(dev)).toBe('setdigout 1');
    answerCommand(dev, 'DOUT1:1 DOUT2:0');
    const res = await pending;
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ state: 'answered', result: 'DOUT1:1 DOUT2:0' });
    const details = await blocker.client.get(`/report/api.php/block_details/${deviceId}/1`);
    expect(details.body.user).toBe('Operadora Bloqueio');
    expect(Date.parse(details.body.eventtime)).toBeGreaterThan(Date.now() - 60_000);
    expect((await blocker.client.get(`/report/api.php/block_details/${deviceId}/0`)).body).toEqual({
      eventtime: null,
      user: null,
    });
    // The answer is kept as the position attribute `result` (immobilisation state on the map), stored
    // before the command is answered
    expect(
      (await admin.get('/api/positions')).body.find((p: any) => p.deviceId === deviceId)?.attributes.result,
    ).toBe('DOUT1:1 DOUT2:0');

    const traccar = admin.post('/api/commands/send', { deviceId, type: 'engineResume' });
    expect(await readCommand(dev)).toBe('setdigout 0');
    answerCommand(dev, 'DOUT1:0 DOUT2:0');
    expect((await traccar).body.result).toBe('DOUT1:0 DOUT2:0');

    const buzzer = blocker.client.post('/report/api.php/rfid_buzzer', { deviceId, value: true });
    expect(await readCommand(dev)).toBe('setdigout ?1');
    answerCommand(dev, 'DOUT2:1');
    expect((await buzzer).status).toBe(200);
    dev.close();
  });

  it('queues a command for a vehicle that is not connected and sends it when it reports', async () => {
    const res = await blocker.client.post('/report/api.php/block', { deviceId, immobilizationValue: false });
    expect(res.status).toBe(202);
    expect(res.body.state).toBe('queued');
    const dev = new FakeTeltonika(server.teltonika!.tcpPort);
    expect(await dev.connect(IMEI)).toBe(1);
    expect(await dev.send([{ time: Date.now(), lat: -8.8, lon: 13.21, ignition: true }])).toBe(1);
    expect(await readCommand(dev)).toBe('setdigout 0');
    answerCommand(dev, 'DOUT1:0');
    dev.close();
  });

  it('refuses without global.block, for read-only users, and without has_immobilization', async () => {
    const plain = await userClient(server, admin, {
      email: 'semperm@x.ao',
      attributes: { permissions: ['map.online'] },
    });
    await admin.post('/api/permissions', { userId: plain.id, deviceId });
    expect(
      (await plain.client.post('/report/api.php/block', { deviceId, immobilizationValue: true })).status,
    ).toBe(403);
    expect((await plain.client.post('/report/api.php/rfid_buzzer', { deviceId, value: true })).status).toBe(
      403,
    );
    const ro = await userClient(server, admin, {
      email: 'rob@x.ao',
      readonly: true,
      attributes: { permissions: ['global.block'] },
    });
    await admin.post('/api/permissions', { userId: ro.id, deviceId });
    expect(
      (await ro.client.post('/report/api.php/block', { deviceId, immobilizationValue: true })).status,
    ).toBe(403);
    const other = (await admin.post('/api/devices', { name: 'Sem imob', uniqueId: 'noimmo-1' })).body.id;
    const r = await admin.post('/report/api.php/block', { deviceId: other, immobilizationValue: true });
    expect(r.status).toBe(400);
    expect(r.text).toMatch(/imobilizador/);
    expect(
      (await admin.post('/report/api.php/block', { deviceId: 99999, immobilizationValue: true })).status,
    ).toBe(404);
    expect((await admin.post('/report/api.php/block', { deviceId, immobilizationValue: 'yes' })).status).toBe(
      400,
    );
    expect(
      (
        await plain.client.post('/api/commands/send', {
          deviceId,
          type: 'custom',
          attributes: { data: 'getver' },
        })
      ).status,
    ).toBe(403);
  });
});
