/**
 * Traccar's saved commands (issue 23): GET/POST /api/commands, GET/PUT/DELETE /api/commands/{id} in
 * Traccar's shape, their links through /api/permissions ({userId|deviceId|groupId, commandId}), the list a
 * vehicle is offered (GET /api/commands/send) and the types our protocols carry (GET /api/commands/types),
 * with the access policy: another user's command or vehicle answers 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, userClient, type Client, type TestServer } from '../../harness';
import { FakeTeltonika } from '../../teltonikaDevice';

const IMEI = '356307042441001';

describe.each(dialects())('Traccar saved commands on %s', (dialect) => {
  let server: TestServer;
  let admin: Client;
  let operator: { client: Client; id: number };
  let other: { client: Client; id: number };
  let truck: number;
  let otherTruck: number;
  let van: number;
  let fleet: number;
  let version: number;
  let stop: number;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await server.admin();
    fleet = (await admin.post('/api/groups', { name: 'Frota Norte' })).body.id;
    truck = (
      await admin.post('/api/devices', {
        name: 'Camião 1',
        uniqueId: IMEI,
        attributes: { has_immobilization: 1 },
      })
    ).body.id;
    van = (await admin.post('/api/devices', { name: 'Carrinha', uniqueId: 'van-1', groupId: fleet })).body.id;
    operator = await userClient(server, admin, {
      email: 'operador@x.ao',
      attributes: { permissions: ['map.online', 'global.block'] },
    });
    other = await userClient(server, admin, {
      email: 'outro@x.ao',
      attributes: { permissions: ['map.online', 'global.block', 'settings.devices'] },
    });
    otherTruck = (await other.client.post('/api/devices', { name: 'Outro', uniqueId: 'other-1' })).body.id;
    await admin.post('/api/permissions', { userId: operator.id, deviceId: truck });
    await admin.post('/api/permissions', { userId: operator.id, groupId: fleet });
  });
  afterAll(async () => server?.close());

  it('creates, reads, updates and deletes saved commands in Traccar shape', async () => {
    const created = await admin.post('/api/commands', {
      id: 0,
      description: 'Versão do firmware',
      type: 'custom',
      textChannel: false,
      attributes: { data: 'getver' },
    });
    expect(created.status, created.text).toBe(200);
    version = created.body.id;
    expect(created.body).toEqual({
      id: version,
      deviceId: 0,
      description: 'Versão do firmware',
      type: 'custom',
      textChannel: false,
      attributes: { data: 'getver' },
    });
    const own = await operator.client.post('/api/commands', {
      description: 'Parar motor',
      type: 'engineStop',
    });
    expect(own.status, own.text).toBe(200);
    stop = own.body.id;
    expect(own.body).toEqual({
      id: stop,
      deviceId: 0,
      description: 'Parar motor',
      type: 'engineStop',
      textChannel: false,
      attributes: {},
    });
    expect((await operator.client.get(`/api/commands/${stop}`)).body.description).toBe('Parar motor');
    const updated = await operator.client.put(`/api/commands/${stop}`, {
      ...own.body,
      description: 'Imobilizar',
    });
    expect(updated.body).toMatchObject({ id: stop, description: 'Imobilizar', type: 'engineStop' });

    // composed custom text needs an administrator; unknown types are refused
    expect(
      (
        await operator.client.post('/api/commands', {
          description: 'x',
          type: 'custom',
          attributes: { data: 'x' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await admin.post('/api/commands', { description: 'x', type: 'custom', attributes: {} })).status,
    ).toBe(400);
    const unknown = await admin.post('/api/commands', { description: 'x', type: 'rebootDevice' });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toBe('Command rebootDevice is not supported');

    const spare = (
      await operator.client.post('/api/commands', { description: 'Retomar', type: 'engineResume' })
    ).body.id;
    expect((await operator.client.del(`/api/commands/${spare}`)).status).toBe(204);
    expect((await operator.client.get(`/api/commands/${spare}`)).status).toBe(404);
  });

  it('lists what each user sees, with Traccar filters, sorting and paging', async () => {
    expect((await admin.get('/api/commands')).body.map((c: { id: number }) => c.id)).toEqual([stop, version]);
    expect((await operator.client.get('/api/commands')).body.map((c: { id: number }) => c.id)).toEqual([
      stop,
    ]);
    expect((await other.client.get('/api/commands')).body).toEqual([]);
    expect(
      (await admin.get(`/api/commands?userId=${operator.id}`)).body.map((c: { id: number }) => c.id),
    ).toEqual([stop]);
    expect((await admin.get('/api/commands?keyword=VERS')).body.map((c: { id: number }) => c.id)).toEqual([
      version,
    ]);
    expect((await admin.get('/api/commands?limit=1&offset=1')).body.map((c: { id: number }) => c.id)).toEqual(
      [version],
    );
    expect((await admin.get('/api/commands?keyword=vers&excludeAttributes=true')).body[0].attributes).toEqual(
      {},
    );
  });

  it("answers 404 for another user's command and vehicle", async () => {
    expect((await other.client.get(`/api/commands/${stop}`)).status).toBe(404);
    expect(
      (await other.client.put(`/api/commands/${stop}`, { description: 'x', type: 'engineStop' })).status,
    ).toBe(404);
    expect((await other.client.del(`/api/commands/${stop}`)).status).toBe(404);
    expect((await other.client.get(`/api/commands?deviceId=${truck}`)).status).toBe(404);
    expect((await other.client.get(`/api/commands/send?deviceId=${truck}`)).status).toBe(404);
    expect((await other.client.get(`/api/commands/types?deviceId=${truck}`)).status).toBe(404);
    expect(
      (await other.client.post('/api/permissions', { deviceId: otherTruck, commandId: stop })).status,
    ).toBe(404);
    expect((await admin.get(`/api/commands/${stop}`)).status).toBe(200);
  });

  it('links commands to users, vehicles and groups through /api/permissions', async () => {
    expect((await admin.post('/api/permissions', { userId: operator.id, commandId: version })).status).toBe(
      204,
    );
    expect((await operator.client.get('/api/commands')).body.map((c: { id: number }) => c.id)).toEqual([
      stop,
      version,
    ]);
    expect((await admin.post('/api/permissions', { deviceId: truck, commandId: stop })).status).toBe(204);
    expect(
      (
        await admin.post('/api/permissions/bulk', [
          { groupId: fleet, commandId: version },
          { deviceId: truck, commandId: version },
        ])
      ).status,
    ).toBe(204);
    const ids = (path: string) =>
      operator.client.get(path).then((r) => r.body.map((c: { id: number }) => c.id));
    expect(await ids(`/api/commands?deviceId=${truck}`)).toEqual([stop, version]);
    expect(await ids(`/api/commands?groupId=${fleet}`)).toEqual([version]);
    expect(await ids(`/api/commands?deviceId=${van}`)).toEqual([]);
    // a vehicle that never reported is offered custom text only (Traccar); the van through its group
    expect(await ids(`/api/commands/send?deviceId=${truck}`)).toEqual([version]);
    expect(await ids(`/api/commands/send?deviceId=${van}`)).toEqual([version]);
    // once the truck reports over Teltonika, its protocol carries engineStop too
    const dev = new FakeTeltonika(server.teltonika!.tcpPort);
    expect(await dev.connect(IMEI)).toBe(1);
    expect(await dev.send([{ time: Date.now() - 60_000, lat: -8.8, lon: 13.2, ignition: false }])).toBe(1);
    dev.close();
    // the record (and so the protocol) was committed before it was acknowledged
    expect(await ids(`/api/commands/send?deviceId=${truck}`)).toEqual([stop, version]);

    expect((await admin.del('/api/permissions', { deviceId: truck, commandId: stop })).status).toBe(204);
    expect(await ids(`/api/commands/send?deviceId=${truck}`)).toEqual([version]);
    // unlinked from the user, it is still seen through the group the user has; then through nothing
    expect((await admin.del('/api/permissions', { userId: operator.id, commandId: version })).status).toBe(
      204,
    );
    expect(await ids('/api/commands')).toEqual([stop, version]);
    expect((await admin.del('/api/permissions', { groupId: fleet, commandId: version })).status).toBe(204);
    expect(await ids('/api/commands')).toEqual([stop]);
    expect(await ids(`/api/commands/send?deviceId=${van}`)).toEqual([]);
    expect(
      (await other.client.post('/api/permissions', { deviceId: truck, commandId: version })).status,
    ).toBe(404);
  });

  it('answers the command types of our protocols', async () => {
    const types = (c: Client, query: string) =>
      c.get(`/api/commands/types${query}`).then((r) => r.body.map((t: { type: string }) => t.type));
    expect(await types(admin, '')).toEqual(['custom', 'engineStop', 'engineResume']);
    expect(await types(admin, '?protocol=teltonika')).toEqual(['custom', 'engineStop', 'engineResume']);
    expect(await types(admin, '?protocol=osmand')).toEqual([]);
    expect(await types(admin, '?textChannel=true')).toEqual([]); // no SMS gateway configured
    expect(await types(admin, `?deviceId=${truck}`)).toEqual(['custom', 'engineStop', 'engineResume']);
    // what this user may send to this vehicle: no custom text; no immobiliser on the van
    expect(await types(operator.client, `?deviceId=${truck}`)).toEqual(['engineStop', 'engineResume']);
    expect(await types(admin, `?deviceId=${van}`)).toEqual(['custom']);
    expect(await types(operator.client, `?deviceId=${van}`)).toEqual([]);
  });
});
