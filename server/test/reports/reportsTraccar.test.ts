import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { dialects, startTestServer, type TestServer } from '../harness';
import { reportFleet, type ReportFleet } from '../../src/reports/testing/fleet';
import { at, DAY_M, TRIP1_M } from '../../src/reports/testing/seedDay';

describe.each(dialects())('Traccar reports /api/reports/* (%s)', (dialect) => {
  let server: TestServer;
  let f: ReportFleet;
  let period: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    f = await reportFleet(server);
    period = `from=${new Date(at(0)).toISOString()}&to=${new Date(at(24) - 1).toISOString()}`;
  });
  afterAll(async () => server.close());

  const get = (path: string) => f.manager.client.get(path);

  it('trips in Traccar shape: metres, knots, milliseconds, ISO times', async () => {
    const r = await get(`/api/reports/trips?deviceId=${f.a.id}&${period}`);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toHaveLength(4);
    expect(r.body[0]).toMatchObject({
      deviceId: f.a.id,
      deviceName: 'Camião 1',
      startTime: new Date(at(8)).toISOString(),
      endTime: new Date(at(8, 30)).toISOString(),
      duration: 30 * 60_000,
      startOdometer: 10_000_000,
    });
    expect(r.body[0].distance).toBeCloseTo(TRIP1_M, 0);
    expect(r.body[0].maxSpeed).toBeCloseTo(100 / 1.852, 3);
    expect(r.body[1]).toMatchObject({ driverUniqueId: 'RFID0001', driverName: 'João' });
  });

  it('stops, summary (also daily), route and events', async () => {
    const stops = await get(`/api/reports/stops?deviceId=${f.a.id}&${period}`);
    expect(stops.body.map((s: any) => s.startTime)).toEqual(
      [at(0), at(8, 30), at(10, 20), at(10, 40), at(15, 0, 30)].map((t) => new Date(t).toISOString()),
    );
    const summary = await get(`/api/reports/summary?groupId=${f.group.id}&${period}`);
    expect(summary.body.map((s: any) => s.deviceId)).toEqual([f.a.id]);
    expect(summary.body[0].distance).toBeCloseTo(DAY_M, 0);
    expect(summary.body[0]).toMatchObject({ engineHours: 70 * 60_000, startOdometer: 10_000_000 });
    const daily = await get(`/api/reports/summary?deviceId=${f.a.id}&daily=true&${period}`);
    expect(daily.body).toHaveLength(1);
    const route = await get(`/api/reports/route?deviceId=${f.a.id}&${period}`);
    expect(route.body).toHaveLength(f.positions);
    expect(route.body[0]).toHaveProperty('fixTime');
    const events = await get(`/api/reports/events?deviceId=${f.a.id}&type=alarm&${period}`);
    expect(events.body.map((e: any) => e.attributes.alarm)).toEqual(['sos', 'seatbelt']);
    const all = await get(`/api/reports/events?deviceId=${f.a.id}&${period}`);
    expect(all.body).toHaveLength(5);
  });

  it('xlsx variants, permissions, visibility and the period limit', async () => {
    const res = await fetch(`${server.base}/api/reports/trips/xlsx?deviceId=${f.a.id}&${period}`, {
      headers: { cookie: f.manager.client.cookie },
    });
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="trips_.*\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await res.arrayBuffer()) as any);
    expect(book.worksheets[0].rowCount).toBe(3 + 4); // title, blank line, header, 4 trips
    expect((await f.limited.client.get(`/api/reports/trips?deviceId=${f.a.id}&${period}`)).status).toBe(403);
    expect((await f.limited.client.get(`/api/reports/summary?deviceId=${f.a.id}&${period}`)).status).toBe(
      200,
    );
    expect((await get(`/api/reports/trips?deviceId=${f.hidden.id}&${period}`)).status).toBe(404);
    expect((await get(`/api/reports/trips?${period}`)).text).toBe(
      'Por favor seleccione os veículos pretendidos',
    );
    const long = `from=2025-01-01T00:00:00Z&to=2025-03-10T00:00:00Z`;
    expect((await get(`/api/reports/trips?deviceId=${f.a.id}&deviceId=${f.b.id}&${long}`)).text).toBe(
      'Por favor seleccione um período máximo de 31 dias',
    );
  });
});
