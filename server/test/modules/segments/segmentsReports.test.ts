/**
 * The reports read the segments (issue 24 point 2) and answer as the engine does over every position: the
 * seeded ground-truth day's trips, stops, km, hours, monthly, replay and Traccar reports, through the API,
 * before the segments job has run (the engine) and after (segments and stored hours).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { dialects, startTestServer, type TestServer } from '../../harness';
import { reportFleet, type ReportFleet } from '../../../src/reports/testing/fleet';
import { at, DAY_TZ } from '../../../src/reports/testing/seedDay';
import { segmentPass } from '../../../src/modules/segments/job';
import { periodSegments } from '../../../src/track/segments/period';
import { storedDays } from '../../../src/track/segments/periodDays';
import { deviceProfile } from '../../../src/track/sample';

const DAY = { from: '2025-03-10 00:00:00', to: '2025-03-10 23:59:59' };

describe.each(dialects())('reports from segments on the seeded day (%s)', (dialect) => {
  let server: TestServer;
  let f: ReportFleet;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    f = await reportFleet(server);
  });
  afterAll(async () => server.close());

  const report = async (name: string, body: Record<string, unknown> = {}) => {
    const r = await f.manager.client.post(`/report/report_${name}.php`, {
      devices: [f.a.id],
      ...DAY,
      ...body,
    });
    expect(r.status, r.text).toBe(200);
    return r.body;
  };
  const period = () => `from=${new Date(at(0)).toISOString()}&to=${new Date(at(24) - 1).toISOString()}`;
  const traccar = async (kind: string) => {
    const r = await f.manager.client.get(`/api/reports/${kind}?deviceId=${f.a.id}&${period()}`);
    expect(r.status, r.text).toBe(200);
    return r.body;
  };
  const everything = async () => ({
    trips: await report('trips'),
    tripsByDriver: await report('trips', { devices: [f.driver.id], itemsType: 'D' }),
    stops: await report('stops'),
    stopsIgnitionOff: await report('stops', { select1: '2' }),
    km: await report('km', { devices: [f.a.id, f.b.id] }),
    hours: await report('hours'),
    monthlyKm: await report('monthly_km', { month: '2025-03' }),
    monthlyHours: await report('monthly_hours', { month: '2025-03' }),
    traccarTrips: await traccar('trips'),
    traccarStops: await traccar('stops'),
    traccarSummary: await traccar('summary'),
  });

  it('gives the same answers from the segments as from every position', async () => {
    const db = server.services.db;
    const engine = await everything();
    expect(engine.trips[0].data).toHaveLength(4);

    let pass;
    do pass = await segmentPass(db);
    while (pass.more);
    const rows = await sql<{
      n: number;
    }>`SELECT count(*) AS n FROM segments WHERE device_id = ${f.a.id}`.execute(db.kysely);
    expect(Number(rows.rows[0].n)).toBeGreaterThanOrEqual(4);

    // the reports now take the segments and hours: the ends of the day are all they read
    const profile = deviceProfile({});
    const span = { from: at(0), to: at(24) - 1, end: at(24) - 1 };
    const segments = await periodSegments(db, f.a.id, profile, span);
    expect(segments?.trips).toHaveLength(4);
    const days = await storedDays(db, f.a.id, profile, DAY_TZ, span);
    expect(days?.hours).toBeGreaterThanOrEqual(8);

    expect(await everything()).toEqual(engine);
  });
});
