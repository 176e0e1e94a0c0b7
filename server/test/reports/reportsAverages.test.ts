/**
 * Daily averages divide by the days that have begun, not by the whole period (document 2 §2.3): for this
 * week or this month the days still to come neither dilute "Média diária" / average_km nor show as 0 km.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, type Client, type TestServer } from '../harness';

const TZ = 'Africa/Luanda';
const localDay = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date(ms));
const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe.each(dialects())('daily averages (%s)', (dialect) => {
  let server: TestServer;
  let admin: Client;
  let deviceId: number;
  const now = Date.now();
  // yesterday and today in Luanda have begun; the eight days after today have not
  const first = plusDays(localDay(now), -1);
  const period = { from: `${first} 00:00:00`, to: `${plusDays(first, 9)} 23:59:59` };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await server.admin();
    await admin.put(`/api/users/${(await admin.get('/api/session')).body.id}`, {
      ...(await admin.get('/api/session')).body,
      attributes: { timezone: TZ },
    });
    deviceId = (await admin.post('/api/devices', { name: 'Média', uniqueId: 'avg-1' })).body.id;
    const send = (lat: number, at: number) =>
      fetch(
        `http://127.0.0.1:${server.osmand!.port}/?id=avg-1&lat=${lat}&lon=13.23&timestamp=${Math.floor(at / 1000)}&speed=40&ignition=true`,
      );
    // about 11 km north, in the last few minutes
    expect((await send(-8.9, now - 10 * 60_000)).status).toBe(200);
    expect((await send(-8.8, now - 5 * 60_000)).status).toBe(200);
  });
  afterAll(async () => server.close());

  it('km divides the distance by the days begun', async () => {
    const res = await admin.post('/report/report_km.php', { devices: [deviceId], ...period });
    expect(res.status, res.text).toBe(200);
    const [row] = res.body[0].data;
    const header: string[] = res.body[0].header;
    const distance = row[header.indexOf('Distância (km)')] as number;
    expect(distance).toBeGreaterThan(10);
    expect(row[header.indexOf('Média diária (km)')]).toBeCloseTo(distance / 2, 1);
  });

  it('chart km charts only the days begun and averages over them', async () => {
    const res = await admin.post('/report/report_chart_km.php', { devices: [deviceId], ...period });
    expect(res.status, res.text).toBe(200);
    const chart = res.body[0].chart;
    expect(chart.data.map((d: { date: string }) => d.date)).toEqual([first, plusDays(first, 1)]);
    expect(res.body[0].data).toHaveLength(2);
    expect(chart.average_km).toBeCloseTo(chart.total_km / 2, 1);
  });
});
