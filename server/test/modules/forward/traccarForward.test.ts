/**
 * Traccar as a front end (issue 37, point 1): a real server with FROTA_FORWARD_TOKEN, Traccar's JSON posted
 * to /api/forward/traccar/{positions,events}, the results read back through the API and the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { dialects, startTestServer, type Client, type TestServer } from '../../harness';
import { receiverOf } from '../../../src/modules/forward/receiver';
import type { DecodedPosition } from '../../../src/protocols/types';

const TOKEN = 'forward-test-token-0123456789';
const BASE = '/api/forward/traccar';

/** Traccar's Jackson date format. */
const traccarTime = (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00');

/** A position as Traccar's PositionForwarderJson writes it (org.traccar.model.Position). */
function traccarPosition(fixTime: number, attributes: Record<string, unknown> = {}, more = {}) {
  return {
    id: 1001,
    attributes,
    deviceId: 7,
    protocol: 'gt06',
    serverTime: traccarTime(fixTime + 1000),
    deviceTime: traccarTime(fixTime),
    fixTime: traccarTime(fixTime),
    outdated: false,
    valid: true,
    latitude: -8.8383,
    longitude: 13.2344,
    altitude: 54.0,
    speed: 21.6,
    course: 91.0,
    address: null,
    accuracy: 5.0,
    network: null,
    geofenceIds: null,
    ...more,
  };
}

/** org.traccar.model.Device as Traccar writes it. */
const traccarDevice = (uniqueId: string) => ({
  id: 7,
  attributes: {},
  groupId: 0,
  calendarId: 0,
  name: 'Camião 7',
  uniqueId,
  status: 'online',
  lastUpdate: traccarTime(Date.now()),
  positionId: 1001,
  phone: null,
  model: null,
  contact: null,
  category: null,
  disabled: false,
  expirationTime: null,
});

/** EventData: { event, position, device } (geofence and maintenance absent when unset). */
function traccarEvent(uniqueId: string, type: string, position: object | null, attributes = {}) {
  const event = {
    id: 501,
    attributes,
    deviceId: 7,
    type,
    eventTime: traccarTime(Date.now()),
    positionId: position ? 1001 : 0,
    geofenceId: 0,
    maintenanceId: 0,
  };
  return position
    ? { event, position, device: traccarDevice(uniqueId) }
    : { event, device: traccarDevice(uniqueId) };
}

describe.each(dialects())('Traccar forwards on %s', (dialect) => {
  let server: TestServer;
  let admin: Client;
  const ids: Record<string, number> = {};
  /** a fix time a minute apart per call, in the recent past */
  let clock = Date.now() - 3_600_000;
  const nextFix = () => (clock += 60_000);

  const post = async (path: string, body: unknown, auth: string | null = `Bearer ${TOKEN}`) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (auth) headers.authorization = auth;
    const res = await fetch(server.base + BASE + path, {
      method: 'POST',
      headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    const json = (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : undefined;
    return { status: res.status, text, body: json, headers: res.headers };
  };

  const positionCount = async (deviceId?: number) => {
    let q = server.services.db.kysely.selectFrom('positions').select((eb) => eb.fn.countAll().as('n'));
    if (deviceId !== undefined) q = q.where('deviceId', '=', deviceId);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };

  const eventsOf = async (deviceId: number) => {
    const from = new Date(Date.now() - 86_400_000).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    const answer = await admin.get(`/api/events?deviceId=${deviceId}&from=${from}&to=${to}`);
    expect(answer.status).toBe(200);
    return (answer.body as Array<{ type: string; eventTime: string; attributes: object }>).sort((a, b) =>
      a.type.localeCompare(b.type),
    );
  };

  const vehicle = async (name: string, uniqueId: string, disabled = false) => {
    const created = await admin.post('/api/devices', { name, uniqueId, disabled });
    expect(created.status).toBe(200);
    ids[uniqueId] = created.body.id;
    return created.body.id as number;
  };

  beforeAll(async () => {
    server = await startTestServer(dialect, { FROTA_FORWARD_TOKEN: TOKEN });
    admin = await server.admin();
  });
  afterAll(async () => server?.close());

  it('stores a forwarded position with its attributes mapped and shows it as the last position', async () => {
    const deviceId = await vehicle('FWD-01', '860000000000001');
    const fix = nextFix();
    const attributes = {
      ignition: true,
      motion: true,
      odometer: 123_400,
      hours: 3_600_000,
      totalDistance: 98_765.4,
      distance: 12.3,
      io200: 1,
      in1: true,
      power: 12.6,
      sat: 9,
      raw: '78780d01',
    };
    const answer = await post('/positions', {
      position: traccarPosition(fix, attributes),
      device: traccarDevice('860000000000001'),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ result: 'stored' });

    const latest = await admin.get('/api/positions');
    const position = (latest.body as Array<Record<string, any>>).find((p) => p.deviceId === deviceId);
    expect(position).toMatchObject({
      protocol: 'traccar',
      fixTime: new Date(fix).toISOString(),
      deviceTime: new Date(fix).toISOString(),
      valid: true,
      latitude: -8.8383,
      longitude: 13.2344,
      altitude: 54,
      speed: 21.6, // knots, as Traccar's
      course: 91,
      accuracy: 5,
    });
    expect(position!.attributes).toMatchObject({
      ignition: true,
      motion: true,
      odometer: 123_400,
      hours: 3_600_000,
      traccarTotalDistance: 98_765.4,
      io200: 1,
      in1: true,
      power: 12.6,
      sat: 9,
      traccarProtocol: 'gt06',
      distance: 0, // ours: the first fix of the vehicle
      totalDistance: 0,
    });
    expect(position!.attributes.raw).toBeUndefined();
    const device = await admin.get(`/api/devices?id=${deviceId}`);
    expect(device.body[0]).toMatchObject({ positionId: position!.id, status: 'online' });
  });

  it('answers only after the commit: every stored row is readable as soon as its 200 arrives', async () => {
    const deviceId = await vehicle('FWD-02', '860000000000002');
    const from = new Date(clock).toISOString();
    for (let i = 1; i <= 3; i++) {
      const fix = nextFix();
      const answer = await post('/positions', {
        position: traccarPosition(fix, { ignition: true }, { latitude: -8.83 - i / 1000 }),
        device: traccarDevice('860000000000002'),
      });
      expect(answer.status).toBe(200);
      const to = new Date(fix).toISOString();
      const history = await admin.get(`/api/positions?deviceId=${deviceId}&from=${from}&to=${to}`);
      expect(history.body).toHaveLength(i);
      expect(history.body[i - 1].fixTime).toBe(to);
    }
    // the distance stage ran on them as on native records: ~111 m between two fixes
    const rows = await admin.get(
      `/api/positions?deviceId=${deviceId}&from=${from}&to=${new Date(clock).toISOString()}`,
    );
    expect(rows.body[2].attributes.distance).toBeGreaterThan(100);
    expect(rows.body[2].attributes.totalDistance).toBeGreaterThan(200);
  });

  it('answers 500 when the commit fails, so Traccar retries, and the retry stores the position', async () => {
    const deviceId = await vehicle('FWD-12', '860000000000012');
    const k = server.services.db.kysely;
    // a real failure of the database: a trigger refuses this vehicle's rows
    if (dialect === 'sqlite') {
      await sql
        .raw(
          `CREATE TRIGGER forward_refuse BEFORE INSERT ON positions WHEN NEW.device_id = ${deviceId} ` +
            `BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`,
        )
        .execute(k);
    } else {
      await sql
        .raw(
          `CREATE FUNCTION forward_refuse() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$ LANGUAGE plpgsql`,
        )
        .execute(k);
      await sql
        .raw(
          `CREATE TRIGGER forward_refuse BEFORE INSERT ON positions FOR EACH ROW ` +
            `WHEN (NEW.device_id = ${deviceId}) EXECUTE FUNCTION forward_refuse()`,
        )
        .execute(k);
    }
    const body = {
      position: traccarPosition(nextFix(), { sat: 5 }),
      device: traccarDevice('860000000000012'),
    };
    const failed = await post('/positions', body);
    expect(failed.status).toBe(500);
    expect(await positionCount(deviceId)).toBe(0);

    await sql.raw(`DROP TRIGGER forward_refuse${dialect === 'sqlite' ? '' : ' ON positions'}`).execute(k);
    const retried = await post('/positions', body);
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual({ result: 'stored' });
    expect(await positionCount(deviceId)).toBe(1);
  });

  it('stores a retried forward once: the same body again answers "duplicate" and adds nothing', async () => {
    const deviceId = await vehicle('FWD-03', '860000000000003');
    const first = {
      position: traccarPosition(nextFix(), { sat: 7 }),
      device: traccarDevice('860000000000003'),
    };
    const second = {
      position: traccarPosition(nextFix(), { sat: 8 }, { latitude: -8.9 }),
      device: traccarDevice('860000000000003'),
    };
    expect((await post('/positions', first)).body).toEqual({ result: 'stored' });
    expect((await post('/positions', second)).body).toEqual({ result: 'stored' });
    expect((await post('/positions', second)).body).toEqual({ result: 'duplicate' });
    // an older one retried after a newer one was stored: the pipeline alone would keep it as outdated
    expect((await post('/positions', first)).body).toEqual({ result: 'duplicate' });
    expect(await positionCount(deviceId)).toBe(2);
    const stats = receiverOf(server.services)!.stats;
    expect(stats.duplicates).toBeGreaterThanOrEqual(2);
  });

  it('raises from a forwarded alarm event the same Frota event a native record with alarm sos raises', async () => {
    const forwarded = await vehicle('FWD-04', '860000000000004');
    const native = await vehicle('NAT-04', '860000000000094');
    const fix = nextFix();
    const nativeRecord: DecodedPosition = {
      protocol: 'osmand',
      uniqueId: '860000000000094',
      fixTime: new Date(fix),
      deviceTime: new Date(fix),
      latitude: -8.8383,
      longitude: 13.2344,
      altitude: 54,
      speed: 21.6,
      course: 91,
      valid: true,
      attributes: { alarm: 'sos' },
    };
    await server.ingest.store([nativeRecord]);

    // Traccar's event: its position carries the alarm (AlarmEventHandler raised it from there)
    const position = traccarPosition(fix, { alarm: 'sos' });
    const event = await post('/events', traccarEvent('860000000000004', 'alarm', position, { alarm: 'sos' }));
    expect(event.status).toBe(200);
    expect(event.body).toEqual({ result: 'stored' });
    // the position forward of the same fix comes after it: nothing new, no second alarm
    const again = await post('/positions', { position, device: traccarDevice('860000000000004') });
    expect(again.body).toEqual({ result: 'duplicate' });

    const nativeEvents = await eventsOf(native);
    const forwardedEvents = await eventsOf(forwarded);
    expect(nativeEvents.map((e) => e.type)).toEqual(['alarm', 'deviceOnline']);
    expect(forwardedEvents.map((e) => e.type)).toEqual(nativeEvents.map((e) => e.type));
    const alarm = (list: typeof nativeEvents) => list.find((e) => e.type === 'alarm')!;
    expect(alarm(forwardedEvents)).toMatchObject({
      eventTime: alarm(nativeEvents).eventTime,
      attributes: alarm(nativeEvents).attributes,
    });
    expect(alarm(forwardedEvents).attributes).toEqual({ alarm: 'sos' });
    expect(await positionCount(forwarded)).toBe(1);
  });

  it('raises the alarm once when the position forward comes first, and from the event when its position lacks it', async () => {
    const first = await vehicle('FWD-05', '860000000000005');
    const fix = nextFix();
    const position = traccarPosition(fix, { alarm: 'general' });
    expect((await post('/positions', { position, device: traccarDevice('860000000000005') })).body).toEqual({
      result: 'stored',
    });
    const late = await post(
      '/events',
      traccarEvent('860000000000005', 'alarm', position, { alarm: 'general' }),
    );
    expect(late.body).toEqual({ result: 'duplicate' });
    const alarms = (await eventsOf(first)).filter((e) => e.type === 'alarm');
    expect(alarms.map((e) => e.attributes)).toEqual([{ alarm: 'sos' }]); // general -> sos (alarms.ts)

    const hinted = await vehicle('FWD-06', '860000000000006');
    const bare = traccarPosition(nextFix(), { sat: 9 });
    const answer = await post(
      '/events',
      traccarEvent('860000000000006', 'alarm', bare, { alarm: 'powerCut' }),
    );
    expect(answer.body).toEqual({ result: 'stored' });
    const raised = (await eventsOf(hinted)).filter((e) => e.type === 'alarm');
    expect(raised.map((e) => e.attributes)).toEqual([{ alarm: 'tampering' }]);
  });

  it('stores once and raises the alarm once when the position and its event arrive together', async () => {
    const deviceId = await vehicle('FWD-13', '860000000000013');
    const position = traccarPosition(nextFix(), { alarm: 'sos' });
    const answers = await Promise.all([
      post('/positions', { position, device: traccarDevice('860000000000013') }),
      post('/events', traccarEvent('860000000000013', 'alarm', position, { alarm: 'sos' })),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.result).sort()).toEqual(['duplicate', 'stored']);
    expect(await positionCount(deviceId)).toBe(1);
    expect((await eventsOf(deviceId)).filter((e) => e.type === 'alarm')).toHaveLength(1);
  });

  it('raises ignitionOn from a forwarded ignitionOn event, as the ignition detector does for a native record', async () => {
    const deviceId = await vehicle('FWD-07', '860000000000007');
    const off = traccarPosition(nextFix(), { ignition: false });
    expect(
      (await post('/positions', { position: off, device: traccarDevice('860000000000007') })).status,
    ).toBe(200);
    const on = traccarPosition(nextFix(), {}, { latitude: -8.84 });
    const answer = await post('/events', traccarEvent('860000000000007', 'ignitionOn', on));
    expect(answer.body).toEqual({ result: 'stored' });
    const types = (await eventsOf(deviceId)).map((e) => e.type);
    expect(types.filter((t) => t.startsWith('ignition'))).toEqual(['ignitionOn']);
  });

  it('answers "ignored" to an event with no position and stores nothing', async () => {
    const deviceId = await vehicle('FWD-08', '860000000000008');
    const answer = await post('/events', traccarEvent('860000000000008', 'deviceOnline', null));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ result: 'ignored', reason: 'a deviceOnline event with no position' });
    expect(await positionCount(deviceId)).toBe(0);
    expect(await eventsOf(deviceId)).toEqual([]);
  });

  it('refuses an unknown or disabled uniqueId with 404, stores nothing and counts it', async () => {
    await vehicle('FWD-09', '860000000000009', true);
    const before = await positionCount();
    const stats = receiverOf(server.services)!.stats;
    const refused = stats.unknownDevices;
    const unknown = await post('/positions', {
      position: traccarPosition(nextFix()),
      device: traccarDevice('999999999999999'),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.text).toBe('unknown or disabled device');
    // remembered as an unregistered tracker is (the ingest's list of unknown ids)
    expect(server.ingest.cacheSizes().unknown).toBeGreaterThanOrEqual(1);
    const disabled = await post(
      '/events',
      traccarEvent('860000000000009', 'alarm', traccarPosition(nextFix())),
    );
    expect(disabled.status).toBe(404);
    expect(stats.unknownDevices).toBe(refused + 2);
    expect(await positionCount()).toBe(before);
  });

  it('refuses a missing or wrong token with 401 and stores nothing', async () => {
    await vehicle('FWD-10', '860000000000010');
    const before = await positionCount();
    const body = { position: traccarPosition(nextFix()), device: traccarDevice('860000000000010') };
    for (const auth of [null, 'Bearer wrong-token-0123456789', TOKEN, `Basic ${TOKEN}`]) {
      const answer = await post('/positions', body, auth);
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer');
    }
    expect((await post('/events', traccarEvent('860000000000010', 'alarm', null), 'Bearer x')).status).toBe(
      401,
    );
    expect(await positionCount()).toBe(before);
  });

  it('refuses a bad body with 400 and a clear message, storing nothing', async () => {
    await vehicle('FWD-11', '860000000000011');
    const before = await positionCount();
    const device = traccarDevice('860000000000011');
    const notJson = await post('/positions', '{"position": {');
    expect(notJson.status).toBe(400);
    expect(notJson.text).toMatch(/JSON/);

    const { latitude: _dropped, ...noLatitude } = traccarPosition(nextFix());
    const missing = await post('/positions', { position: noLatitude, device });
    expect(missing.status).toBe(400);
    expect(missing.text).toMatch(/^position\/latitude: /);

    const noDevice = await post('/positions', { position: traccarPosition(nextFix()) });
    expect(noDevice.status).toBe(400);
    expect(noDevice.text).toMatch(/^device: /);

    const badTime = await post('/positions', {
      position: traccarPosition(nextFix(), {}, { fixTime: 'yesterday' }),
      device,
    });
    expect(badTime.status).toBe(400);
    expect(badTime.text).toMatch(/^position\/fixTime: /);

    const noType = await post('/events', { event: { attributes: {} }, device });
    expect(noType.status).toBe(400);
    expect(noType.text).toMatch(/^event\/type: /);

    const huge = await post('/positions', {
      position: traccarPosition(nextFix(), { blob: 'x'.repeat(300 * 1024) }),
      device,
    });
    expect(huge.status).toBe(413);
    expect(await positionCount()).toBe(before);
  });

  it('documents both routes in the OpenAPI document', async () => {
    const doc = await server.client().get('/api/openapi.json');
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([`${BASE}/positions`, `${BASE}/events`]),
    );
    expect(doc.body.paths[`${BASE}/positions`].post.tags).toEqual(['traccar forward']);
  });
});
