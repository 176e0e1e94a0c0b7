/**
 * Permission prefixes grant downwards only: the holder of one report permission gets that report and
 * nothing else (no other report, no raw position history); links need a screen that manages them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, userClient, type TestServer } from '../harness';
import { REPORT_PERMISSIONS, reportFleet, type ReportFleet } from '../../src/reports/testing/fleet';

const DAY = { from: '2025-03-10 00:00:00', to: '2025-03-10 23:59:59' };
const ISO_DAY = { from: '2025-03-09T23:00:00Z', to: '2025-03-10T22:59:59Z' };
const REPORTS = [...REPORT_PERMISSIONS.filter((p) => p !== 'reports.schedules'), 'reports.block'].map((p) =>
  p.replace('reports.', ''),
);
const TRACCAR = ['route', 'events', 'trips', 'stops', 'summary'];

describe.each(dialects())('permission prefixes (%s)', (dialect) => {
  let server: TestServer;
  let f: ReportFleet;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    f = await reportFleet(server);
  });
  afterAll(async () => server.close());

  const history = (deviceId: number) =>
    `/api/positions?deviceId=${deviceId}&from=${ISO_DAY.from}&to=${ISO_DAY.to}`;

  it('gives the holder of reports.km that report only, and no raw history', async () => {
    const km = f.limited.client;
    expect((await km.get(history(f.a.id))).status).toBe(403);
    for (const name of REPORTS) {
      const res = await km.post(`/report/report_${name}.php`, { devices: [f.a.id], ...DAY });
      expect(res.status, name).toBe(name === 'km' ? 200 : 403);
    }
    for (const kind of TRACCAR) {
      const res = await km.get(
        `/api/reports/${kind}?deviceId=${f.a.id}&from=${ISO_DAY.from}&to=${ISO_DAY.to}`,
      );
      expect(res.status, kind).toBe(kind === 'summary' ? 200 : 403);
    }
    expect((await km.get('/report/api.php/report_scheduler')).status).toBe(403);
  });

  it('a single report permission is not the whole area, and the area grants every item', async () => {
    const area = await userClient(server, f.admin, {
      email: 'area@x.ao',
      attributes: { permissions: ['reports'] },
    });
    await f.admin.post('/api/permissions', { userId: area.id, deviceId: f.a.id });
    expect((await area.client.post('/report/report_trips.php', { devices: [f.a.id], ...DAY })).status).toBe(
      200,
    );
    expect((await area.client.get(history(f.a.id))).status).toBe(403);
  });

  it('reads history with map.history', async () => {
    const viewer = await userClient(server, f.admin, {
      email: 'historia@x.ao',
      attributes: { permissions: ['map.online', 'map.history'] },
    });
    await f.admin.post('/api/permissions', { userId: viewer.id, deviceId: f.a.id });
    const res = await viewer.client.get(history(f.a.id));
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
  });

  it('links two objects only with a settings screen that manages one of them', async () => {
    const devices = await userClient(server, f.admin, {
      email: 'frota@x.ao',
      attributes: { permissions: ['settings.devices'] },
    });
    await f.admin.post('/api/permissions/bulk', [
      { userId: devices.id, deviceId: f.a.id },
      { userId: devices.id, geofenceId: f.start.id },
      { userId: devices.id, groupId: f.group.id },
    ]);
    const c = devices.client;
    const own = await c.post('/api/permissions', { deviceId: f.a.id, geofenceId: f.start.id });
    expect(own.status, own.text).toBe(204);
    expect((await c.post('/api/permissions', { groupId: f.group.id, geofenceId: f.start.id })).status).toBe(
      403,
    );
    expect((await c.post('/api/permissions', { userId: f.limited.id, deviceId: f.a.id })).status).toBe(403);
  });
});
