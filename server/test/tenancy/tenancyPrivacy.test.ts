/**
 * Privacy everywhere (issue 33, defect 8): a private vehicle's position-bearing rows reach a non-administrator
 * with no place and nothing read or measured along the hidden track: positions (no speed, no attributes but
 * the flags), events (no zone, no attributes), camera media and refills (no coordinates, no address). The
 * administrator sees them as stored. The replay period is bounded (defect 18's server side).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, userClient, type Client, type TestServer } from '../harness';
import { toJson } from '../../src/db/mapping';
import { saveCameraMedia } from '../../src/modules/cameras/media/mediaStore';

const LAT = -8.8137;
const LON = 13.2302;
const API = '/report/api.php';

describe.each(dialects())('privacy of a private vehicle’s rows (%s)', (dialect) => {
  let server: TestServer;
  let admin: Client;
  let viewer: Client;
  let hidden: number;
  let refillId: number;
  let eventId: number;
  const t0 = Math.floor(Date.now() / 1000) - 600;
  const iso = (s: number) => new Date(s * 1000).toISOString();
  // the user's wall time (Africa/Luanda, UTC+1), as the replay and the lists take it
  const wall = (s: number) => new Date((s + 3600) * 1000).toISOString().slice(0, 19).replace('T', ' ');
  const day = wall(t0).slice(0, 10);

  const send = (at: number, speed: number) =>
    fetch(
      `http://127.0.0.1:${server.osmand!.port}/?id=tp-car&lat=${LAT + (at - t0) * 1e-4}&lon=${LON}` +
        `&timestamp=${at}&speed=${speed}&bearing=90&batt=77`,
    );

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await server.admin();
    hidden = (
      await admin.post('/api/devices', {
        name: 'Privado',
        uniqueId: 'tp-car',
        attributes: { privacy: 1, has_camera: 1 },
      })
    ).body.id;
    const user = await userClient(server, admin, {
      email: 'gestor@tp.ao',
      attributes: {
        permissions: ['map.online', 'map.history', 'module.cameras', 'module.refills', 'reports.alerts'],
        timezone: 'Africa/Luanda',
      },
    });
    await admin.post('/api/permissions', { userId: user.id, deviceId: hidden });
    viewer = user.client;
    for (const [k, speed] of [20, 30, 40].entries())
      expect((await send(t0 + k * 10, speed)).status).toBe(200);
    // OsmAnd answers after the batch is committed

    const db = server.services.db;
    const first = await db.kysely
      .selectFrom('positions')
      .select('id')
      .where('deviceId', '=', hidden)
      .orderBy('fixTime')
      .executeTakeFirstOrThrow();
    const zone = await admin.post('/api/geofences', { name: 'Sede', area: `CIRCLE (${LAT} ${LON}, 500)` });
    const row = await db.kysely
      .insertInto('events')
      .values({
        type: 'geofenceEnter',
        eventTime: t0 * 1000,
        deviceId: hidden,
        positionId: Number(first.id),
        geofenceId: zone.body.id,
        attributes: toJson({ speed: 21.6 }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    eventId = Number(row.id);
    await saveCameraMedia(db, {
      deviceId: hidden,
      type: 'P',
      camera: 'F',
      time: t0 * 1000,
      latitude: LAT,
      longitude: LON,
      address: 'Avenida 4 de Fevereiro, Luanda',
      content: Buffer.from([0xff, 0xd8, 0xff, 0xd9]),
    });
    const refill = await admin.post(`${API}/refill/${hidden}`, {
      cost_date: wall(t0),
      cost: 1000,
      litres: 10,
      latitude: LAT,
      longitude: LON,
    });
    expect(refill.status, refill.text).toBe(200);
    refillId = refill.body.id;
  });
  afterAll(async () => server.close());

  it('sends positions with times only: no place, speed or readings', async () => {
    const path = `/api/positions?deviceId=${hidden}&from=${iso(t0 - 1)}&to=${iso(t0 + 30)}`;
    const theirs = (await viewer.get(path)).body as Array<Record<string, any>>;
    expect(theirs).toHaveLength(3);
    for (const p of theirs) {
      expect(p).toMatchObject({ deviceId: hidden, latitude: 0, longitude: 0, speed: 0, course: 0 });
      expect(p.attributes).toEqual({ privacyBlanked: true });
      expect(Date.parse(p.fixTime)).toBeGreaterThan(0);
    }
    const latest = ((await viewer.get('/api/positions')).body as Array<Record<string, any>>)[0];
    expect([latest.speed, latest.attributes]).toEqual([0, { privacyBlanked: true }]);
    const mine = (await admin.get(path)).body as Array<Record<string, any>>;
    expect(mine.map((p) => p.speed)).toEqual([20, 30, 40]);
    expect(mine[0].attributes.battery ?? mine[0].attributes.batteryLevel).toBe(77);
  });

  it('replays the times only: no speed, step distance or series', async () => {
    const body = { devices: [hidden], from: wall(t0 - 5), to: wall(t0 + 60), format: 'columns' };
    const theirs = (await viewer.post('/report/report_routechartdata.php', body)).body.positions;
    expect(theirs.fixTime).toHaveLength(3);
    expect(theirs.latitude).toEqual([null, null, null]);
    expect(theirs.speed).toEqual([null, null, null]);
    expect(theirs.distance).toEqual([null, null, null]);
    expect(theirs.series).toEqual({});
    const mine = (await admin.post('/report/report_routechartdata.php', body)).body.positions;
    expect(mine.speed.every((v: number) => v > 0)).toBe(true);
    expect(mine.distance[1]).toBeGreaterThan(0);
    expect(Object.keys(mine.series).length).toBeGreaterThan(0);
  });

  it('bounds the replay period to a year', async () => {
    const r = await viewer.post('/report/report_routechartdata.php', {
      devices: [hidden],
      from: '2023-01-01 00:00:00',
      to: '2024-03-01 00:00:00',
      format: 'columns',
    });
    expect(r.status).toBe(400);
    expect(r.text).toContain('Por favor seleccione um período máximo de 366 dias');
  });

  it('sends events without their zone or readings', async () => {
    const one = (await viewer.get(`/api/events/${eventId}`)).body;
    expect(one).toMatchObject({ id: eventId, type: 'geofenceEnter', deviceId: hidden, geofenceId: 0 });
    expect(one.attributes).toEqual({ privacyBlanked: true });
    const list = (await viewer.get(`/api/events?from=${iso(t0 - 60)}&to=${iso(t0 + 60)}`)).body;
    expect(list.map((e: any) => [e.id, e.geofenceId, e.attributes])).toEqual([
      [eventId, 0, { privacyBlanked: true }],
    ]);
    const mine = (await admin.get(`/api/events/${eventId}`)).body;
    expect(mine.geofenceId).toBeGreaterThan(0);
    expect(mine.attributes.speed).toBe(21.6);
  });

  it('reports alerts without their place, zone or speed', async () => {
    const body = { devices: [hidden], from: wall(t0 - 60), to: wall(t0 + 60), events: 'geofenceEnter' };
    const rowOf = async (client: Client) => {
      const r = await client.post('/report/report_alerts.php', body);
      expect(r.status, r.text).toBe(200);
      const [table] = r.body;
      expect(table.data).toHaveLength(1);
      // columns: date, vehicle, plate, alert, details, speed (km/h), place, driver
      return table.data[0] as unknown[];
    };
    const mine = await rowOf(admin);
    const theirs = await rowOf(viewer);
    expect(mine[4]).toBe('Sede');
    expect(mine[5]).toBe(40);
    expect(mine[6]).toEqual(expect.stringMatching(/.+/));
    expect(theirs.slice(4, 7)).toEqual(['', null, '']);
    expect(theirs.slice(0, 4)).toEqual(mine.slice(0, 4));
  });

  it('lists camera media without where they were taken', async () => {
    const place = (m: any) => [m.latitude, m.longitude, m.address];
    const list = (await viewer.get(`${API}/cameras`)).body;
    expect(place(list[0].media_front)).toEqual([null, null, null]);
    const one = (await viewer.get(`${API}/cameras/${hidden}`)).body;
    expect(place(one[0].media_front)).toEqual([null, null, null]);
    const period = await viewer.get(`${API}/camera/${hidden}/${day}/${day}`);
    expect(period.status, period.text).toBe(200);
    expect(period.body.map(place)).toEqual([[null, null, null]]);
    const mine = (await admin.get(`${API}/camera/${hidden}/${day}/${day}`)).body;
    expect(place(mine[0])).toEqual([LAT, LON, 'Avenida 4 de Fevereiro, Luanda']);
  });

  it('lists refills without the phone’s position, and an edit keeps it stored', async () => {
    const place = (r: any) => [r.latitude, r.longitude];
    const list = (await viewer.get(`${API}/refill/${hidden}`)).body;
    expect(list.map(place)).toEqual([[null, null]]);
    expect(place((await viewer.get(`${API}/refill/${hidden}/${refillId}`)).body)).toEqual([null, null]);
    const centre = await viewer.get(`${API}/refills/${day}/${day}`);
    expect(centre.status, centre.text).toBe(200);
    expect(centre.body.map(place)).toEqual([[null, null]]);
    const edit = await viewer.post(`${API}/refill/${hidden}`, {
      id: refillId,
      cost_date: wall(t0),
      cost: 1200,
      litres: 10,
    });
    expect(edit.status, edit.text).toBe(200);
    expect([edit.body.cost, ...place(edit.body)]).toEqual([1200, null, null]);
    const mine = (await admin.get(`${API}/refill/${hidden}/${refillId}`)).body;
    expect(place(mine)).toEqual([LAT, LON]);
  });
});
