/**
 * Privacy on the server (document 1 §3, document 2 §2.6): positions in privacy mode and every position of a
 * private vehicle leave the server blanked (no coordinates, address or course) for everyone but
 * administrators: positions API, socket, positions report and Traccar's route report.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dialects, startTestServer, userClient, type Client, type TestServer } from '../harness';
import { openLive } from '../liveClient';

const LAT = -8.8137;
const LON = 13.2302;

describe.each(dialects())('privacy (%s)', (dialect) => {
  let server: TestServer;
  let admin: Client;
  let viewer: Client;
  let open: number;
  let hidden: number;
  const t0 = Math.floor(Date.now() / 1000) - 600;

  const report = (client: Client, name: string, deviceId: number) => {
    const iso = (s: number) => new Date(s * 1000).toISOString();
    return client.post(`/report/report_${name}.php`, {
      devices: [deviceId],
      from: iso(t0 - 60),
      to: iso(t0 + 3600),
    });
  };
  const send = (uniqueId: string, at: number, extra = '') =>
    fetch(
      `http://127.0.0.1:${server.osmand!.port}/?id=${uniqueId}&lat=${LAT}&lon=${LON}&timestamp=${at}&speed=20&bearing=90${extra}`,
    );

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await server.admin();
    open = (await admin.post('/api/devices', { name: 'Aberto', uniqueId: 'priv-open' })).body.id;
    hidden = (
      await admin.post('/api/devices', { name: 'Privado', uniqueId: 'priv-car', attributes: { privacy: 1 } })
    ).body.id;
    const user = await userClient(server, admin, {
      email: 'ver@x.ao',
      attributes: {
        permissions: ['map.online', 'map.history', 'reports.positions', 'reports.trips', 'reports.zones'],
      },
    });
    const zone = await admin.post('/api/geofences', { name: 'Sede', area: `CIRCLE (${LAT} ${LON}, 500)` });
    await admin.post('/api/permissions/bulk', [
      { userId: user.id, deviceId: open },
      { userId: user.id, deviceId: hidden },
      { userId: user.id, geofenceId: zone.body.id },
    ]);
    viewer = user.client;
    // the open vehicle: one ordinary fix, then one in privacy mode; the private vehicle: one fix
    expect((await send('priv-open', t0)).status).toBe(200);
    expect((await send('priv-open', t0 + 60, '&privacy=1')).status).toBe(200);
    expect((await send('priv-car', t0)).status).toBe(200);
  });
  afterAll(async () => server.close());

  const blank = { latitude: 0, longitude: 0, course: 0, address: null };

  it('blanks private positions in the latest positions and the history for non-administrators', async () => {
    const latest = (await viewer.get('/api/positions')).body as Array<Record<string, any>>;
    const byDevice = new Map(latest.map((p) => [p.deviceId, p]));
    expect(byDevice.get(hidden)).toMatchObject({ ...blank, attributes: { privacyBlanked: true } });
    expect(byDevice.get(open)).toMatchObject({ ...blank, attributes: { privacy: 1, privacyBlanked: true } });
    const iso = (s: number) => new Date(s * 1000).toISOString();
    const history = (
      await viewer.get(`/api/positions?deviceId=${open}&from=${iso(t0 - 1)}&to=${iso(t0 + 61)}`)
    ).body as Array<Record<string, any>>;
    expect(history.map((p) => [p.latitude, p.longitude])).toEqual([
      [LAT, LON],
      [0, 0],
    ]);
    expect(history[0].attributes.privacyBlanked).toBeUndefined();
    // administrators see where they were
    const mine = (await admin.get('/api/positions')).body as Array<Record<string, any>>;
    expect(mine.find((p) => p.deviceId === hidden)).toMatchObject({ latitude: LAT, longitude: LON });
    expect(mine.find((p) => p.deviceId === hidden)?.attributes.privacyBlanked).toBeUndefined();
  });

  it('blanks them on the socket, at open and live', async () => {
    const live = await openLive(server.base, viewer.cookie);
    const adminLive = await openLive(server.base, admin.cookie);
    expect(live.positions().length).toBe(2); // the opening message
    expect(live.positions().every((p) => p.latitude === 0 && p.attributes.privacyBlanked)).toBe(true);
    expect((await send('priv-car', t0 + 120)).status).toBe(200);
    expect((await send('priv-open', t0 + 120)).status).toBe(200);
    await live.until(() => live.positions().length >= 4, 'both live positions');
    expect(live.positions().length).toBe(4);
    const [car, openNow] = [hidden, open].map((id) =>
      live
        .positions()
        .filter((p) => p.deviceId === id)
        .at(-1),
    );
    expect(car).toMatchObject({ ...blank, attributes: { privacyBlanked: true } });
    expect(openNow).toMatchObject({ latitude: LAT, longitude: LON });
    const hiddenOf = () => adminLive.positions().filter((p) => p.deviceId === hidden);
    await adminLive.until(() => hiddenOf().length >= 2, 'the private vehicle’s live position');
    expect(hiddenOf().length).toBe(2);
    expect(
      adminLive
        .positions()
        .filter((p) => p.deviceId === hidden)
        .at(-1),
    ).toMatchObject({ latitude: LAT });
    live.close();
    adminLive.close();
  });

  it('follows a vehicle made private after the socket opened', async () => {
    const live = await openLive(server.base, viewer.cookie);
    const openOf = () => live.positions().filter((p) => p.deviceId === open);
    expect(openOf().length).toBe(1); // the opening message
    expect(openOf()[0].attributes.privacyBlanked).toBeUndefined();
    const device = (await admin.get(`/api/devices/${open}`)).body;
    // the hub reads the private vehicles again when a vehicle is saved: wait for that reload itself
    const reload = vi.spyOn(server.services.live, 'reloadPrivacy');
    try {
      const put = await admin.put(`/api/devices/${open}`, { ...device, attributes: { privacy: 1 } });
      expect(put.status, put.text).toBe(200);
      expect(reload).toHaveBeenCalled();
      await Promise.all(reload.mock.results.map((r) => r.value));
    } finally {
      reload.mockRestore();
    }
    expect((await send('priv-open', t0 + 180)).status).toBe(200);
    await live.until(() => openOf().length >= 2, 'the next live position');
    expect(openOf().length).toBe(2);
    expect(openOf()[1]).toMatchObject({ ...blank, attributes: { privacyBlanked: true } });
    await admin.put(`/api/devices/${open}`, { ...device, attributes: {} });
    live.close();
  });

  it('lists no zone visit of a private vehicle for non-administrators', async () => {
    const mine = await report(admin, 'zones', hidden);
    expect(mine.body).toHaveLength(1);
    expect(mine.body[0].data[0][0]).toBe('Sede');
    const theirs = await report(viewer, 'zones', hidden);
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual([]);
  });

  it('shows no place of a private vehicle in the trips report (Frota and Traccar)', async () => {
    const places = (body: Array<{ data: unknown[][] }>) =>
      body.flatMap((r) => r.data.flat()).filter((c) => typeof c === 'string' && /Luanda|-8\.81/.test(c));
    const mine = await report(admin, 'trips', hidden);
    expect(mine.body.length).toBeGreaterThan(0);
    expect(places(mine.body).length).toBeGreaterThan(0);
    const theirs = await report(viewer, 'trips', hidden);
    expect(theirs.body.length).toBe(mine.body.length);
    expect(places(theirs.body)).toEqual([]);
    const iso = (s: number) => new Date(s * 1000).toISOString();
    const trips = (
      await viewer.get(`/api/reports/trips?deviceId=${hidden}&from=${iso(t0 - 60)}&to=${iso(t0 + 3600)}`)
    ).body as Array<Record<string, any>>;
    expect(trips.length).toBeGreaterThan(0);
    for (const t of trips)
      expect([t.startLat, t.startLon, t.startAddress, t.endLat]).toEqual([0, 0, null, 0]);
  });

  it('blanks them in the positions report and in Traccar’s route report', async () => {
    const rows = (await report(viewer, 'positions', hidden)).body[0].data as unknown[][];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect([row[1], row[2], row[4], row[7]]).toEqual([null, null, null, '']);
    const adminRows = (await report(admin, 'positions', hidden)).body[0].data as unknown[][];
    expect(adminRows[0][1]).toBeCloseTo(LAT, 5);
    const iso = (s: number) => new Date(s * 1000).toISOString();
    const route = (
      await viewer.get(`/api/reports/route?deviceId=${hidden}&from=${iso(t0 - 60)}&to=${iso(t0 + 3600)}`)
    ).body as Array<Record<string, any>>;
    expect(route.length).toBeGreaterThan(0);
    expect(route.every((p) => p.latitude === 0 && p.longitude === 0)).toBe(true);
  });
});
