/**
 * Route replay data (POST /report/report_routechartdata.php) on the seeded report day: the trips are the
 * trips report's, positions come in time order in both shapes with their markers, speed limits and
 * series, private places are blank for everyone but administrators, and access follows the policy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knotsToKmh, unpackRoute } from '@frota/core';
import { dialects, startTestServer, userClient, type Client, type TestServer } from '../../harness';
import { reportFleet, type ReportFleet } from '../../../src/reports/testing/fleet';
import { at } from '../../../src/reports/testing/seedDay';
import { parseJson, toJson } from '../../../src/db/mapping';

const DAY = { from: '2025-03-10 00:00:00', to: '2025-03-10 23:59:59' };
const PATH = '/report/report_routechartdata.php';
const iso = (ms: number) => new Date(ms).toISOString();
const TRIP_STARTS = [at(8), at(10), at(10, 30), at(15)];
const TRIP_ENDS = [at(8, 30), at(10, 20), at(10, 40), at(15, 0, 30)];

describe.each(dialects())('route replay data (%s)', (dialect) => {
  let server: TestServer;
  let f: ReportFleet;
  let viewer: { client: Client; id: number };
  beforeAll(async () => {
    server = await startTestServer(dialect);
    f = await reportFleet(server);
    viewer = await userClient(server, f.admin, {
      email: 'historia@x.ao',
      attributes: { permissions: ['map.history', 'reports.trips'], timezone: 'Africa/Luanda' },
    });
    await f.admin.post('/api/permissions', { userId: viewer.id, groupId: f.group.id });
    // trip 3 (10:30-10:40) was driven in privacy mode
    const db = server.services.db;
    const rows = await db.kysely
      .selectFrom('positions')
      .select(['id', 'attributes'])
      .where('deviceId', '=', f.a.id)
      .where('fixTime', '>=', at(10, 30))
      .where('fixTime', '<', at(10, 40))
      .execute();
    for (const r of rows)
      await db.kysely
        .updateTable('positions')
        .set({ attributes: toJson({ ...parseJson(r.attributes), privacy: 1 }) })
        .where('id', '=', r.id)
        .execute();
  });
  afterAll(async () => server.close());

  const replay = async (body: Record<string, unknown> = {}, client = viewer.client) => {
    const r = await client.post(PATH, { devices: [f.a.id], ...DAY, mode: '', ...body });
    expect(r.status, r.text).toBe(200);
    return r.body;
  };

  it('answers the trips of the trips report, with their index range', async () => {
    const { positions, trips } = await replay({ format: 'columns' });
    expect(trips.map((t: any) => t.trip_start_fixtime)).toEqual(TRIP_STARTS.map(iso));
    expect(trips.map((t: any) => t.trip_end_fixtime)).toEqual(TRIP_ENDS.map(iso));
    const report = await viewer.client.post('/report/report_trips.php', { devices: [f.a.id], ...DAY });
    expect(report.status, report.text).toBe(200);
    const [table] = report.body;
    const column = (title: string) => table.data.map((row: unknown[]) => row[table.header.indexOf(title)]);
    expect(trips.map((t: any) => Math.round(t.trip_distance / 100) / 10)).toEqual(column('Distância (km)'));
    expect(trips.map((t: any) => Math.round(knotsToKmh(t.trip_max_speed)))).toEqual(
      column('Vel. máxima (km/h)'),
    );
    expect(trips.map((t: any) => t.trip_duration)).toEqual([1800, 1200, 600, 30]);
    expect(trips.map((t: any) => t.trip_driver_uniqueid)).toEqual([null, 'RFID0001', 'RFID0001', null]);
    for (const [i, t] of trips.entries()) {
      expect(positions.fixTime[t.start_index]).toBe(TRIP_STARTS[i]);
      expect(positions.fixTime[t.end_index]).toBe(TRIP_ENDS[i]);
    }
    expect(trips.map((t: any) => t.trip_privacy)).toEqual([0, 0, 1, 0]);
  });

  it('gives the same positions in time order in both shapes, columns all of one length', async () => {
    const columns = await replay({ format: 'columns' });
    const objects = await replay();
    const p = columns.positions;
    const n = p.id.length;
    expect(n).toBe(f.positions);
    for (const key of ['fixTime', 'latitude', 'longitude', 'speed', 'course', 'distance', 'event'])
      expect(p[key], key).toHaveLength(n);
    for (const key of ['speedLimit', 'privacy']) expect(p[key], key).toHaveLength(n);
    for (const [key, values] of Object.entries(p.series)) expect(values, key).toHaveLength(n);
    for (let i = 1; i < n; i++) expect(p.fixTime[i]).toBeGreaterThan(p.fixTime[i - 1]);
    expect(objects.positions.map((o: any) => o.id)).toEqual(p.id);
    expect(objects.positions.map((o: any) => Date.parse(o.fixTime))).toEqual(p.fixTime);
    expect(objects.positions.map((o: any) => o.event)).toEqual(p.event);
    expect(objects.trips).toEqual(columns.trips);
    expect(objects.positions[0]).toMatchObject({ deviceId: f.a.id, valid: true, address: null });
    expect(columns.device).toEqual({
      id: f.a.id,
      name: 'Camião 1',
      licensePlate: 'LD-01-00-AA',
      fuelCapacity: 60,
      fuelType: null,
    });
  });

  it('gives the route alone (JSON or packed) and the series alone, each matching the columns', async () => {
    const columns = await replay({ format: 'columns' });
    const route = await replay({ format: 'route' });
    const { series: _series, ...withoutSeries } = columns.positions;
    expect(route.positions).toEqual(withoutSeries);
    expect(route.positions.series).toBeUndefined();
    expect(route.trips).toEqual(columns.trips);
    expect(Object.keys(columns.positions.series)).toContain('fuel');

    const series = await replay({ format: 'series' });
    expect(series).toEqual({ id: columns.positions.id, series: columns.positions.series });

    const packed = await fetch(server.base + PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: viewer.client.cookie },
      body: JSON.stringify({ devices: [f.a.id], ...DAY, format: 'packed' }),
    });
    expect(packed.status).toBe(200);
    expect(packed.headers.get('content-type')).toBe('application/octet-stream');
    const { header, columns: u } = unpackRoute<{
      length: number;
      events: string[];
      trips: unknown[];
      device: unknown;
    }>(await packed.arrayBuffer());
    const p = columns.positions;
    expect(header).toMatchObject({ length: p.id.length, trips: columns.trips, device: columns.device });
    expect([...u.id]).toEqual(p.id);
    expect([...u.fixTime]).toEqual(p.fixTime);
    // private places: null in JSON, NaN unpacked
    const orNull = (v: number) => (Number.isNaN(v) ? null : v);
    expect([...u.latitude].map(orNull)).toEqual(p.latitude);
    expect([...u.longitude].map(orNull)).toEqual(p.longitude);
    expect([...u.speedLimit].map(orNull)).toEqual(
      p.speedLimit.map((v: number | null) => (v === null ? null : Math.fround(v))),
    );
    // hidden speeds and steps: null in JSON, NaN unpacked
    const fround = (v: number | null) => (v === null ? null : Math.fround(v));
    expect([...u.speed].map(orNull)).toEqual(p.speed.map(fround));
    expect([...u.distance].map(orNull)).toEqual(p.distance.map(fround));
    expect([...u.event].map((code) => (code ? header.events[code - 1] : null))).toEqual(p.event);
    expect([...u.privacy]).toEqual(p.privacy);
  });

  it('marks trip starts, stops, idling, refills, speeding and power take-off', async () => {
    const marksOf = async (client: Client) => {
      const { positions: p } = await replay({ format: 'columns' }, client);
      return p.event
        .map((e: string | null, i: number) => (e ? [iso(p.fixTime[i]), e] : undefined))
        .filter(Boolean);
    };
    const marks = await marksOf(f.admin);
    expect(marks).toEqual([
      [iso(at(8)), 'start'],
      [iso(at(8, 10)), 'speeding'],
      [iso(at(8, 30)), 'stop'],
      [iso(at(9)), 'fuel'],
      [iso(at(9, 10)), 'pto'],
      [iso(at(10)), 'start'],
      [iso(at(10, 5)), 'speeding'],
      [iso(at(10, 20)), 'idle'],
      [iso(at(10, 30)), 'start'],
      [iso(at(10, 40)), 'stop'],
      [iso(at(15)), 'start'],
      [iso(at(15, 0, 30)), 'stop'],
    ]);
    // the private trip's start (10:30, in privacy mode) carries no marker for other users
    expect(await marksOf(viewer.client)).toEqual(marks.filter((m: string[]) => m[0] !== iso(at(10, 30))));
  });

  it('gives distances, speed limits and every numeric attribute as a series', async () => {
    // as the administrator, who sees the private trip's readings too
    const { positions: p } = await replay({ format: 'columns' }, f.admin);
    const i = p.fixTime.indexOf(at(8, 5));
    expect(p.distance[i]).toBeCloseTo(500, 0); // 30 s at 60 km/h
    expect(p.distance[p.fixTime.indexOf(at(9, 10))]).toBe(0);
    // the vehicle's 80 km/h; the road's 40 km/h where the position carries it
    expect(p.speedLimit[i]).toBe(80);
    expect(p.speedLimit[p.fixTime.indexOf(at(10, 5, 30))]).toBe(40);
    // every numeric attribute but the running totals (odometer, engine hours)
    expect(Object.keys(p.series).sort()).toEqual(['fuel', 'privacy', 'speedLimit']);
    expect(p.series.fuel[i]).toBe(50);
    expect(p.series.fuel[p.fixTime.indexOf(at(9, 10))]).toBe(90);
    expect(p.series.speedLimit[i]).toBeNull();
    expect(p.series.fuel.every((v: unknown) => typeof v === 'number')).toBe(true);
    expect(p.series.speedLimit.filter((v: unknown) => v !== null)).toHaveLength(3);
  });

  it('blanks private places for other users but flags them for everyone', async () => {
    const mine = (await replay({ format: 'columns' })).positions;
    const all = (await replay({ format: 'columns' }, f.admin)).positions;
    const i = mine.fixTime.indexOf(at(10, 31));
    expect(mine.privacy[i]).toBe(1);
    expect(all.privacy[i]).toBe(1);
    expect(mine.latitude[i]).toBeNull();
    expect(mine.longitude[i]).toBeNull();
    expect(all.latitude[i]).toBeCloseTo(-8.8, 6);
    expect(all.longitude[i]).toBeGreaterThan(13.2);
    expect(mine.privacy.filter(Boolean)).toHaveLength(20);
    // nor what was read or measured there: speed, limit, the steps to and from it, every series
    expect([mine.speed[i], mine.speedLimit[i], mine.distance[i], mine.distance[i + 1]]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(all.speed[i]).toBeGreaterThan(0);
    expect(all.distance[i]).toBeGreaterThan(0);
    for (const [key, values] of Object.entries(mine.series as Record<string, unknown[]>))
      expect(values[i], key).toBeNull();
    expect(all.series.fuel[i]).toEqual(expect.any(Number));
    expect(mine.privacy.every((v: number, k: number) => !v || mine.speed[k] === null)).toBe(true);
    const j = mine.fixTime.indexOf(at(10, 5));
    expect([mine.privacy[j], mine.latitude[j]]).toEqual([0, all.latitude[j]]);
    const objects = await replay();
    const o = objects.positions.find((x: any) => Date.parse(x.fixTime) === at(10, 31));
    expect(o).toMatchObject({ latitude: null, longitude: null, address: null, privacy: 1, speed: null });
    expect(o.attributes).toEqual({ privacy: 1, privacyBlanked: true });
    expect(objects.trips[2]).toMatchObject({
      trip_start_address: null,
      trip_end_address: expect.any(String),
    });
    const admins = await replay({}, f.admin);
    expect(admins.trips[2].trip_start_address).toEqual(expect.any(String));
  });

  it('compresses the answer', async () => {
    const res = await fetch(server.base + PATH, {
      method: 'POST',
      headers: { cookie: viewer.client.cookie, 'content-type': 'application/json', 'accept-encoding': 'br' },
      body: JSON.stringify({ devices: [f.a.id], ...DAY, format: 'columns' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect((await res.json()).positions.id).toHaveLength(f.positions);
  });

  it('answers 404 for a vehicle the user does not see, 403 without map.history, 401 without a session', async () => {
    expect((await viewer.client.post(PATH, { devices: [f.hidden.id], ...DAY })).status).toBe(404);
    expect((await viewer.client.post(PATH, { devices: [999_999], ...DAY })).status).toBe(404);
    expect((await f.manager.client.post(PATH, { devices: [f.a.id], ...DAY })).status).toBe(403);
    expect((await server.client().post(PATH, { devices: [f.a.id], ...DAY })).status).toBe(401);
  });

  it('answers 400 with a clear message for bad input', async () => {
    const bad = async (body: Record<string, unknown>) => {
      const r = await viewer.client.post(PATH, body);
      expect(r.status).toBe(400);
      return r.text;
    };
    expect(await bad({ ...DAY })).toBe('Por favor seleccione os veículos pretendidos');
    expect(await bad({ devices: [f.a.id], from: 'ontem', to: DAY.to })).toBe(
      'Por favor seleccione um período válido',
    );
    expect(await bad({ devices: [f.a.id], from: DAY.to, to: DAY.from })).toBe(
      'Por favor seleccione um período válido',
    );
    expect(await bad({ devices: [f.a.id], ...DAY, format: 'xml' })).toBe('Formato inválido');
  });

  it('lets temporary users replay only with allowHistory and inside their window', async () => {
    const temp = async (email: string, attributes: Record<string, unknown>) => {
      const u = await userClient(server, f.admin, { email, readonly: true, attributes });
      await f.admin.post('/api/permissions', { userId: u.id, deviceId: f.a.id });
      return u.client;
    };
    const without = await temp('temp_sem@x.ao', { timezone: 'Africa/Luanda' });
    expect((await without.post(PATH, { devices: [f.a.id], ...DAY })).status).toBe(403);
    const window = await temp('temp_com@x.ao', {
      timezone: 'Africa/Luanda',
      allowHistory: true,
      allowHistoryFrom: iso(at(10)),
      allowHistoryTo: iso(at(11)),
    });
    const { positions, trips } = await replay({ format: 'columns' }, window);
    expect(positions.fixTime[0]).toBe(at(10));
    expect(positions.fixTime.at(-1)).toBeLessThanOrEqual(at(11));
    expect(positions.fixTime.every((t: number) => t >= at(10) && t <= at(11))).toBe(true);
    expect(trips.map((t: any) => t.trip_start_fixtime)).toEqual([iso(at(10)), iso(at(10, 30))]);
    // a period wholly outside the window: nothing
    const outside = await replay({ from: '2025-03-10 14:00:00', to: '2025-03-10 16:00:00' }, window);
    expect(outside).toMatchObject({ positions: [], trips: [] });
    const outsideColumns = await replay(
      { from: '2025-03-10 14:00:00', to: '2025-03-10 16:00:00', format: 'columns' },
      window,
    );
    expect(outsideColumns.positions.id).toEqual([]);
  });

  it('is documented in OpenAPI', async () => {
    const doc = (await f.admin.get('/api/openapi.json')).body;
    expect(doc.paths[PATH].post.summary).toContain('map.history');
    expect(doc.paths['/report/mapillary.php'].get).toBeDefined();
  });
});
