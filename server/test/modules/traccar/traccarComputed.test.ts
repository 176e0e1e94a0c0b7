/**
 * Traccar's computed attributes (issue 23) on both databases: CRUD in Traccar's Attribute shape with the
 * access policy, links through /api/permissions, the test endpoint on the latest position, and attributes
 * evaluated on Codec 8 records sent through the real Teltonika TCP port.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, userClient, type Client, type TestServer } from '../../harness';
import { FakeTeltonika, type RecordSpec } from '../../teltonikaDevice';
import { parseJson } from '../../../src/db/mapping';

const IMEI = '356307042441301';
const OTHER = '356307042441302';
const T0 = Date.UTC(2025, 2, 10, 7, 0, 0);

const rec = (s: number, power: number, ignition: boolean): RecordSpec => ({
  time: T0 + s * 1000,
  lat: -8.8383 + s * 0.0001,
  lon: 13.2344,
  speedKmh: 36,
  ignition,
  // IO 66: external voltage in mV (decoded as `power` in volts); IO 200: sleep mode
  io: [
    { id: 66, size: 2, value: power },
    { id: 200, size: 1, value: 2 },
  ],
});

describe.each(dialects())('computed attributes on %s', (dialect) => {
  let server: TestServer;
  let admin: Client;
  let alice: Client;
  let aliceId: number;
  let bob: Client;
  let truck: number;
  let car: number;
  let group: number;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await server.admin();
    group = (await admin.post('/api/groups', { name: 'Camiões' })).body.id;
    truck = (await admin.post('/api/devices', { name: 'Camião 1', uniqueId: IMEI, groupId: group })).body.id;
    car = (await admin.post('/api/devices', { name: 'Carro 1', uniqueId: OTHER })).body.id;
    ({ client: alice, id: aliceId } = await userClient(server, admin, {
      email: 'alice@frota.local',
      attributes: { permissions: ['map.online', 'settings.devices'] },
    }));
    ({ client: bob } = await userClient(server, admin, { email: 'bob@frota.local' }));
    expect((await admin.post('/api/permissions', { userId: aliceId, deviceId: truck })).status).toBe(204);
  });
  afterAll(async () => server.close());

  it('creates, reads, lists, updates and deletes in Traccar shape; others get 404, non-admins 403', async () => {
    const body = {
      description: 'Tensão baixa',
      attribute: 'lowPower',
      expression: 'power < 12.5',
      type: 'boolean',
      priority: 3,
      attributes: { note: 'x' },
    };
    const created = await admin.post('/api/attributes/computed', body);
    expect(created.status).toBe(200);
    const id = created.body.id;
    expect(created.body).toEqual({ id, ...body });
    expect((await admin.get(`/api/attributes/computed/${id}`)).body).toEqual({ id, ...body });
    expect((await admin.get('/api/attributes/computed')).body).toEqual([{ id, ...body }]);
    expect((await admin.get('/api/attributes/computed?excludeAttributes=true')).body).toEqual([
      { id, ...body, attributes: {} },
    ]);

    // alice is not linked: 404 by id, an empty list; once linked she reads it but may not change it
    expect((await alice.get(`/api/attributes/computed/${id}`)).status).toBe(404);
    expect((await alice.get('/api/attributes/computed')).body).toEqual([]);
    expect((await admin.post('/api/permissions', { userId: aliceId, attributeId: id })).status).toBe(204);
    expect((await alice.get(`/api/attributes/computed/${id}`)).body).toEqual({ id, ...body });
    expect((await alice.get(`/api/attributes/computed?userId=${aliceId}`)).body).toEqual([{ id, ...body }]);
    expect((await alice.put(`/api/attributes/computed/${id}`, { id, ...body })).status).toBe(403);
    expect((await alice.post('/api/attributes/computed', body)).status).toBe(403);
    // bob sees nothing of it: another user's attribute is 404 for every verb
    expect((await bob.get(`/api/attributes/computed/${id}`)).status).toBe(404);
    expect((await bob.put(`/api/attributes/computed/${id}`, { id, ...body })).status).toBe(404);
    expect((await bob.del(`/api/attributes/computed/${id}`)).status).toBe(404);
    expect((await bob.get('/api/attributes/computed')).body).toEqual([]);

    const changed = await admin.put(`/api/attributes/computed/${id}`, { ...body, id, priority: 5 });
    expect(changed.body).toEqual({ id, ...body, priority: 5 });
    expect((await admin.post('/api/attributes/computed', { ...body, expression: 'speed *' })).status).toBe(
      400,
    );
    expect(
      (await admin.post('/api/attributes/computed', { ...body, expression: 'constructor.constructor' }))
        .status,
    ).toBe(400);
    expect((await admin.post('/api/attributes/computed', { ...body, type: 'date' })).status).toBe(400);

    expect((await admin.del(`/api/attributes/computed/${id}`)).status).toBe(204);
    expect((await admin.get(`/api/attributes/computed/${id}`)).status).toBe(404);
    expect((await alice.get('/api/attributes/computed')).body).toEqual([]);
  });

  it('evaluates computed attributes on records from the Teltonika port, by priority, via device and group', async () => {
    const make = async (b: Record<string, unknown>) =>
      (await admin.post('/api/attributes/computed', { description: '', attributes: {}, ...b })).body.id;
    const kmh = await make({
      attribute: 'speedKmh',
      expression: 'math:round(speed * 1.852)',
      type: 'number',
      priority: 0,
    });
    // higher priority first: `state` runs before `label`, which reads it
    const state = await make({
      attribute: 'state',
      expression: 'ignition && power >= 12 ? "em marcha" : "parado"',
      type: 'string',
      priority: 10,
    });
    const label = await make({
      attribute: 'label',
      expression: 'device.name + ": " + state',
      type: 'string',
      priority: 1,
    });
    // early (negative priority): the ignition itself, from the voltage, before the ignition stage
    const ignition = await make({
      attribute: 'ignition',
      expression: 'power > 13',
      type: 'boolean',
      priority: -1,
    });
    // fails on every record (no such IO): the record is still stored
    const broken = await make({ attribute: 'broken', expression: 'io999 * 2', type: 'number', priority: 2 });
    for (const attributeId of [kmh, state, label, broken])
      expect((await admin.post('/api/permissions', { deviceId: truck, attributeId })).status).toBe(204);
    expect((await admin.post('/api/permissions', { groupId: group, attributeId: ignition })).status).toBe(
      204,
    );
    expect(
      (await admin.get(`/api/attributes/computed?deviceId=${truck}`)).body.map((a: any) => a.id).sort(),
    ).toEqual([kmh, state, label, broken].sort());
    expect((await admin.get(`/api/attributes/computed?groupId=${group}`)).body.map((a: any) => a.id)).toEqual(
      [ignition],
    );

    const dev = new FakeTeltonika(server.teltonika!.tcpPort);
    expect(await dev.connect(IMEI)).toBe(1);
    // the device reports ignition on in both, but the voltage says otherwise in the second
    expect(await dev.send([rec(0, 13800, true), rec(10, 12400, true)])).toBe(2);
    dev.close();
    const other = new FakeTeltonika(server.teltonika!.tcpPort);
    expect(await other.connect(OTHER)).toBe(1);
    expect(await other.send([rec(0, 13800, true)])).toBe(1);
    other.close();

    const stored = async (deviceId: number) =>
      (
        await server.services.db.kysely
          .selectFrom('positions')
          .select(['fixTime', 'attributes'])
          .where('deviceId', '=', deviceId)
          .orderBy('fixTime')
          .execute()
      ).map((r) => parseJson(r.attributes));
    // each record was acknowledged after it was committed
    expect(await stored(truck)).toHaveLength(2);
    const [first, second] = await stored(truck);
    // 36 km/h = 19.438 knots, back to 36 km/h
    expect(first).toMatchObject({
      power: 13.8,
      ignition: true,
      speedKmh: 36,
      state: 'em marcha',
      label: 'Camião 1: em marcha',
    });
    expect(second).toMatchObject({
      power: 12.4,
      ignition: false,
      speedKmh: 36,
      state: 'parado',
      label: 'Camião 1: parado',
    });
    expect(first).not.toHaveProperty('broken');
    // a device with no links keeps its records as decoded
    expect(await stored(car)).toHaveLength(1);
    const [plain] = await stored(car);
    expect(plain).toMatchObject({ power: 13.8, ignition: true });
    expect(plain).not.toHaveProperty('state');

    // the test endpoint evaluates on the latest position
    const test = (deviceId: number, b: Record<string, unknown>, client = admin) =>
      client.post(`/api/attributes/computed/test?deviceId=${deviceId}`, { attribute: 'x', ...b });
    const n = await test(truck, { expression: 'power * 10', type: 'number' });
    expect(n.status).toBe(200);
    expect(n.body).toBe(124);
    expect((await test(truck, { expression: 'label', type: 'string' })).text).toBe('Camião 1: parado');
    expect((await test(truck, { expression: 'io200 == 2 && !ignition', type: 'boolean' })).body).toBe(true);
    expect((await test(truck, { expression: 'io999', type: 'number' })).status).toBe(204);
    expect((await test(truck, { expression: 'io999 * 2', type: 'number' })).status).toBe(400);
    expect((await test(truck, { expression: 'eval("1")', type: 'number' })).status).toBe(400);
    expect((await test(truck, { expression: 'power', type: 'number' }, alice)).status).toBe(403);
    const lonely = (await admin.post('/api/devices', { name: 'Sem posição', uniqueId: '356307042441303' }))
      .body.id;
    expect((await test(lonely, { expression: 'power', type: 'number' })).status).toBe(404);

    // unlinking stops the evaluation of the next records
    expect((await admin.del('/api/permissions', { deviceId: truck, attributeId: label })).status).toBe(204);
    const again = new FakeTeltonika(server.teltonika!.tcpPort);
    expect(await again.connect(IMEI)).toBe(1);
    expect(await again.send([rec(20, 14000, true)])).toBe(1);
    again.close();
    expect(await stored(truck)).toHaveLength(3);
    const third = (await stored(truck))[2];
    expect(third).toMatchObject({ state: 'em marcha', ignition: true });
    expect(third).not.toHaveProperty('label');
  });
});
