import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, userClient, type TestServer } from '../harness';
import { reportFleet, type ReportFleet } from '../../src/reports/testing/fleet';

const DAY = { from: '2025-03-10 00:00:00', to: '2025-03-10 23:59:59' };

describe.each(dialects())('report validation and access (%s)', (dialect) => {
  let server: TestServer;
  let f: ReportFleet;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    f = await reportFleet(server);
  });
  afterAll(async () => server.close());

  const post = (body: Record<string, unknown>, name = 'trips', client = f.manager.client) =>
    client.post(`/report/report_${name}.php`, body);

  it('asks for vehicles', async () => {
    for (const devices of [undefined, [], '', 'x'])
      expect(await post({ devices, ...DAY })).toMatchObject({
        status: 400,
        text: 'Por favor seleccione os veículos pretendidos',
      });
  });

  it('limits the period to 31 days with more than one vehicle, not with one', async () => {
    const long = { from: '2025-02-01 00:00:00', to: '2025-03-10 23:59:59' };
    expect(await post({ devices: [f.a.id, f.b.id], ...long })).toMatchObject({
      status: 400,
      text: 'Por favor seleccione um período máximo de 31 dias',
    });
    expect((await post({ devices: [f.a.id], ...long })).status).toBe(200);
    const exactly31 = { from: '2025-03-01 00:00:00', to: '2025-03-31 23:59:59' };
    expect((await post({ devices: [f.a.id, f.b.id], ...exactly31 })).status).toBe(200);
  });

  it('checks the working hours format and the period', async () => {
    for (const bad of ['9:00', '24:00', '12:60', 'x'])
      expect(
        await post({ devices: [f.a.id], ...DAY, week: { weekdays_start: bad } }, 'activity'),
      ).toMatchObject({
        status: 400,
        text: 'Por favor introduza as horas de trabalho no formato HH:MM',
      });
    expect(
      await post({ devices: [f.a.id], from: '2025-03-11 00:00:00', to: '2025-03-10 00:00:00' }),
    ).toMatchObject({
      status: 400,
      text: 'Por favor seleccione um período válido',
    });
    expect((await post({ devices: [f.a.id], ...DAY, format: 'doc' })).status).toBe(400);
  });

  it('answers 404 for a vehicle, driver or zone the user cannot see', async () => {
    expect((await post({ devices: [f.a.id, f.hidden.id], ...DAY })).status).toBe(404);
    expect((await post({ devices: [9999], ...DAY })).status).toBe(404);
    const bob = await userClient(server, f.admin, {
      email: 'bob@x.ao',
      attributes: { permissions: ['reports.trips', 'reports.zones'] },
    });
    expect((await post({ devices: [f.a.id], ...DAY }, 'trips', bob.client)).status).toBe(404);
    expect((await post({ devices: [f.driver.id], itemsType: 'D', ...DAY }, 'trips', bob.client)).status).toBe(
      404,
    );
    await f.admin.post('/api/permissions', { userId: bob.id, deviceId: f.a.id });
    expect((await post({ devices: [f.a.id], ...DAY }, 'trips', bob.client)).status).toBe(200);
    expect(
      (await post({ devices: [f.a.id], ...DAY, check2: true, geofences: [f.start.id] }, 'zones', bob.client))
        .status,
    ).toBe(404);
  });

  it('needs the report permission; block uses reports.alerts; temporary users get nothing', async () => {
    expect((await post({ devices: [f.a.id], ...DAY }, 'trips', f.limited.client)).status).toBe(403);
    expect((await post({ devices: [f.a.id], ...DAY }, 'km', f.limited.client)).status).toBe(200);
    expect((await post({ devices: [f.a.id], ...DAY }, 'block', f.limited.client)).status).toBe(403);
    const temp = await userClient(server, f.admin, {
      email: 'temp_abc@x.ao',
      readonly: true,
      attributes: { permissions: ['reports.trips'], allowHistory: true },
    });
    await f.admin.post('/api/permissions', { userId: temp.id, deviceId: f.a.id });
    expect((await post({ devices: [f.a.id], ...DAY }, 'trips', temp.client)).status).toBe(403);
    expect(
      (await server.client().post('/report/report_trips.php', { devices: [f.a.id], ...DAY })).status,
    ).toBe(401);
    expect((await f.manager.client.post('/report/report_nothing.php', {})).status).toBe(404);
  });

  it('driver reports only where the report supports them', async () => {
    expect(await post({ devices: [f.driver.id], itemsType: 'D', ...DAY }, 'km')).toMatchObject({
      status: 400,
      text: 'Relatório disponível apenas por veículo',
    });
    for (const name of ['activity', 'speeding'])
      expect((await post({ devices: [f.driver.id], itemsType: 'D', ...DAY }, name)).status).toBe(200);
  });

  it('reads and shows times in the user timezone', async () => {
    const put = await f.admin.put(`/api/users/${f.limited.id}`, {
      id: f.limited.id,
      name: 'limitado',
      email: 'limitado@x.ao',
      attributes: { permissions: ['reports.km', 'reports.trips'], timezone: 'Europe/Lisbon' },
    });
    expect(put.status, put.text).toBe(200);
    // Lisbon is UTC in March, Luanda UTC+1: trip 1 starts at 07:00 there
    const lisbon = await post({ devices: [f.a.id], ...DAY }, 'trips', f.limited.client);
    expect(lisbon.body[0].data[0][0]).toBe('10/03/2025 07:00:00');
    const luanda = await post({ devices: [f.a.id], ...DAY });
    expect(luanda.body[0].data[0][0]).toBe('10/03/2025 08:00:00');
    // a Lisbon day starting at 07:30 local leaves trip 1 (07:00-07:30) out
    const later = await post(
      { devices: [f.a.id], from: '2025-03-10 07:30:00', to: DAY.to },
      'trips',
      f.limited.client,
    );
    expect(later.body[0].data[0][0]).toBe('10/03/2025 09:00:00');
  });

  it('documents every report in OpenAPI with its columns', async () => {
    const doc = (await f.admin.get('/api/openapi.json')).body;
    for (const name of [
      'trips',
      'activity',
      'speeding',
      'km',
      'monthly_km',
      'chart_km',
      'hours',
      'monthly_hours',
      'stops',
      'fuel_analysis',
      'pto',
      'zones',
      'positions',
      'alerts',
      'block',
    ]) {
      const op = doc.paths[`/report/report_${name}.php`]?.post;
      expect(op, name).toBeDefined();
      expect(op.description).toMatch(/Columns: /);
      expect(JSON.stringify(op.responses['200'])).toContain('data_types');
    }
    expect(doc.paths['/report/report_trips.php'].post.description).toContain('Odómetro inicial (km)');
    expect(doc.paths['/api/reports/trips']).toBeDefined();
    expect(doc.paths['/report/api.php/report_scheduler']).toBeDefined();
  });
});
