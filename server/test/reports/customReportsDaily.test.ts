import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, userClient, type Client, type TestServer } from '../harness';
import { parseCsv } from '../csvRead';
import { reportFleet, type ReportFleet } from '../../src/reports/testing/fleet';
import { seedDay } from '../../src/reports/testing/seedDay';
import { parseJson, toJson } from '../../src/db/mapping';

/**
 * The daily family on the seeded day (Monday 10 March 2025, src/reports/testing/seedDay.ts): Camião 1 and
 * an ungrouped "Escavadora" with a CAN fuel level drive the same day (51.4 km, 4 trips, 1 h driving and
 * 10 min idling; 40 min of engine inside 09:00-18:00, 30 min before it; fuel 50 % → 90 % refill → 88 %
 * → 70 % drop, so 2 % of a 60 L tank burnt: 1.2 L); Camião 2 (group Luanda) has no positions.
 */
const DAY = { from: '2025-03-10 00:00:00', to: '2025-03-10 23:59:59' };
const MARCH = { month: '2025-03', from: undefined, to: undefined };
const DAILY = [
  'detailed_activity',
  'performance',
  'sonangalp_hours',
  'castel_daily',
  'castel_monthly',
  'castel_monthly_detailed',
  'group_km',
  'group_hours',
  'emissions',
];

describe.each(dialects())('daily specific reports on a seeded day (%s)', (dialect) => {
  let server: TestServer;
  let f: ReportFleet;
  let user: Client;
  let c: { id: number };
  let all: number[];
  beforeAll(async () => {
    server = await startTestServer(dialect);
    f = await reportFleet(server);
    const db = server.services.db;
    const made = await f.admin.post('/api/devices', {
      name: 'Escavadora',
      uniqueId: 'REP0004',
      attributes: {
        license_plate: 'LD-04-00-DD',
        has_canbus: 1,
        fuel_tank_capacity: 60,
        fuel_type: 'diesel',
      },
    });
    expect(made.status, made.text).toBe(200);
    c = made.body;
    await seedDay(db, c.id);
    // Camião 1 has no fuel sensor: its CO2 comes from km × 150 g/km
    const a = await db.kysely
      .selectFrom('devices')
      .select('attributes')
      .where('id', '=', f.a.id)
      .executeTakeFirstOrThrow();
    await db.kysely
      .updateTable('devices')
      .set({ attributes: toJson({ ...parseJson(a.attributes), emissions: 150 }) as never })
      .where('id', '=', f.a.id)
      .execute();
    const u = await userClient(server, f.admin, {
      email: 'diario@x.ao',
      attributes: { permissions: DAILY.map((n) => `custom_reports.${n}`), timezone: 'Africa/Luanda' },
    });
    user = u.client;
    const link = await f.admin.post('/api/permissions/bulk', [
      { userId: u.id, groupId: f.group.id },
      { userId: u.id, deviceId: c.id },
    ]);
    expect(link.status, link.text).toBeLessThan(300);
    all = [f.a.id, f.b.id, c.id];
  });
  afterAll(async () => server.close());

  const run = async (name: string, body: Record<string, unknown> = {}) => {
    const r = await user.post(`/report/report_${name}.php`, { devices: [f.a.id], ...DAY, ...body });
    expect(r.status, r.text).toBe(200);
    return r.body as any[];
  };
  const col = (result: any, title: string) => {
    const i = result.header.indexOf(title);
    expect(i, `column ${title}`).toBeGreaterThanOrEqual(0);
    return result.data.map((row: unknown[]) => row[i]);
  };

  it('detailed_activity: the activity day, then every trip and stop in time order', async () => {
    const [days, detail, ...rest] = await run('detailed_activity');
    expect(rest).toEqual([]);
    expect(days).toMatchObject({
      report: 'detailed_activity',
      deviceId: f.a.id,
      title: 'Actividade detalhada - Camião 1',
    });
    expect(days.data).toEqual([
      [
        '10/03/2025',
        '10/03/2025 08:00:00',
        '10/03/2025 15:00:30',
        4,
        51.4,
        20.1,
        31.3,
        '01:00:00',
        '00:10:00',
        '22:50:00',
        100,
      ],
    ]);
    expect(detail).toMatchObject({ report: 'detailed_activity', title: 'Viagens e paragens - Camião 1' });
    expect(detail.subtitle2).toBe('Matrícula: LD-01-00-AA · Grupo: Luanda');
    expect(col(detail, 'Tipo')).toEqual([
      'Paragem - Ignição desligada',
      'Viagem',
      'Paragem - Ignição desligada',
      'Viagem',
      'Paragem - Ralenti',
      'Viagem',
      'Paragem - Ignição desligada',
      'Viagem',
      'Paragem - Ignição desligada',
    ]);
    expect(col(detail, 'Início')).toEqual([
      '10/03/2025 00:00:00',
      '10/03/2025 08:00:00',
      '10/03/2025 08:30:00',
      '10/03/2025 10:00:00',
      '10/03/2025 10:20:00',
      '10/03/2025 10:30:00',
      '10/03/2025 10:40:00',
      '10/03/2025 15:00:00',
      '10/03/2025 15:00:30',
    ]);
    expect(col(detail, 'Duração')).toEqual([
      '08:00:00',
      '00:30:00',
      '01:30:00',
      '00:20:00',
      '00:10:00',
      '00:10:00',
      '04:20:00',
      '00:00:30',
      '08:59:30',
    ]);
    expect(col(detail, 'Distância (km)')).toEqual([null, 31.3, null, 15, null, 5, null, 0.1, null]);
    expect(col(detail, 'Condutor')).toEqual(['', '', '', 'João', '', 'João', '', '', '']);
    expect(detail.footer).toEqual([
      ['Total', '4 viagens · 5 paragens', null, null, '01:00:30', '', '', 51.4, 100, '00:10:00', ''],
    ]);
  });

  it('detailed_activity by driver: the driver trips of every vehicle, with the vehicle', async () => {
    const [days, detail] = await run('detailed_activity', { devices: [f.driver.id], itemsType: 'D' });
    expect(days).toMatchObject({ driverId: f.driver.id, title: 'Actividade detalhada - João' });
    expect(col(days, 'Viagens')).toEqual([4]);
    expect(detail.header[0]).toBe('Veículo');
    expect(col(detail, 'Veículo')).toEqual(['Camião 1', 'Escavadora', 'Camião 1', 'Escavadora']);
    expect(col(detail, 'Distância (km)')).toEqual([15, 15, 5, 5]);
  });

  it('performance: engine time inside the working week over the working time offered', async () => {
    const [r, ...rest] = await run('performance', { devices: all });
    expect(rest).toEqual([]);
    expect(r.header.at(-1)).toBe('Utilização (%)');
    expect(r.data).toEqual([
      [
        'Camião 1',
        'LD-01-00-AA',
        'Luanda',
        51.4,
        '01:00:00',
        '01:10:00',
        '09:00:00',
        '00:40:00',
        '00:30:00',
        '00:30:00',
        7.4,
      ],
      [
        'Camião 2',
        'LD-02-00-BB',
        'Luanda',
        0,
        '00:00:00',
        '00:00:00',
        '09:00:00',
        '00:00:00',
        '00:00:00',
        '00:00:00',
        0,
      ],
      [
        'Escavadora',
        'LD-04-00-DD',
        '',
        51.4,
        '01:00:00',
        '01:10:00',
        '09:00:00',
        '00:40:00',
        '00:30:00',
        '00:30:00',
        7.4,
      ],
    ]);
    expect(r.subtitle3).toBe(
      'Utilização: horas de motor em horário de trabalho / horário disponível · Horário: dias úteis 09:00-18:00 · sábado 09:00-13:00',
    );
    // 80 min of 27 h
    expect(r.footer[0].at(-1)).toBe(4.9);
    // custom hours 07:00-09:00: trip 1 (08:00-08:30) is all the engine time inside them, 30 min of 2 h
    const [custom] = await run('performance', { week: { weekdays_start: '07:00', weekdays_end: '09:00' } });
    expect(custom.data[0].slice(6)).toEqual(['02:00:00', '00:30:00', '00:30:00', '00:40:00', 25]);
  });

  it('sonangalp_hours: engine hours per day split into working hours and overtime', async () => {
    const [r, ...rest] = await run('sonangalp_hours', { devices: [f.a.id, f.b.id] });
    expect(rest).toEqual([]);
    expect(r).toMatchObject({ title: 'Horas Sonangalp - Camião 1', deviceId: f.a.id });
    expect(r.subtitle3).toBe('Horário: dias úteis 09:00-18:00 · sábado 09:00-13:00');
    expect(r.data).toEqual([
      [
        '10/03/2025',
        '10/03/2025 08:00:00',
        '10/03/2025 15:00:30',
        51.4,
        '01:10:00',
        '00:40:00',
        '00:30:00',
        1.17,
        0.67,
        0.5,
      ],
    ]);
    // the working day ending at 10:25: trip 2 and 5 min of idling inside, the rest overtime
    const [late] = await run('sonangalp_hours', { week: { weekdays_start: '10:00', weekdays_end: '10:25' } });
    expect(late.data[0].slice(4, 7)).toEqual(['01:10:00', '00:25:00', '00:45:00']);
  });

  it('castel_daily: a row per vehicle and day, fuel from the level sensor where there is one', async () => {
    const [r] = await run('castel_daily', { devices: all });
    expect(r).toMatchObject({ report: 'castel_daily', title: 'Castel diário' });
    expect(r.data).toEqual([
      [
        '10/03/2025',
        'Camião 1',
        'LD-01-00-AA',
        '10/03/2025 08:00:00',
        '10/03/2025 15:00:30',
        51.4,
        '01:10:00',
        '01:00:00',
        '00:10:00',
        4,
        null,
        null,
        null,
      ],
      [
        '10/03/2025',
        'Camião 2',
        'LD-02-00-BB',
        null,
        null,
        0,
        '00:00:00',
        '00:00:00',
        '00:00:00',
        0,
        null,
        null,
        null,
      ],
      [
        '10/03/2025',
        'Escavadora',
        'LD-04-00-DD',
        '10/03/2025 08:00:00',
        '10/03/2025 15:00:30',
        51.4,
        '01:10:00',
        '01:00:00',
        '00:10:00',
        4,
        1.2,
        1,
        2.3,
      ],
    ]);
    // L/h and L/100km of the total divide by the figures of the vehicles with fuel data only
    expect(r.footer).toEqual([
      ['Total', '', '', null, null, 102.9, '02:20:00', '02:00:00', '00:20:00', 8, 1.2, 1, 2.3],
    ]);
  });

  it('castel_monthly and castel_monthly_detailed: the month per vehicle, and per vehicle per day', async () => {
    const [m] = await run('castel_monthly', { devices: all, ...MARCH });
    expect(m.subtitle).toBe('01/03/2025 00:00:00 - 31/03/2025 23:59:59');
    expect(m.data).toEqual([
      [
        'Camião 1',
        'LD-01-00-AA',
        'Luanda',
        1,
        '10/03/2025 08:00:00',
        '10/03/2025 15:00:30',
        51.4,
        '01:10:00',
        '01:00:00',
        '00:10:00',
        4,
        null,
        null,
        null,
      ],
      [
        'Camião 2',
        'LD-02-00-BB',
        'Luanda',
        0,
        null,
        null,
        0,
        '00:00:00',
        '00:00:00',
        '00:00:00',
        0,
        null,
        null,
        null,
      ],
      [
        'Escavadora',
        'LD-04-00-DD',
        '',
        1,
        '10/03/2025 08:00:00',
        '10/03/2025 15:00:30',
        51.4,
        '01:10:00',
        '01:00:00',
        '00:10:00',
        4,
        1.2,
        1,
        2.3,
      ],
    ]);
    const detailed = await run('castel_monthly_detailed', { devices: [f.b.id, c.id], ...MARCH });
    expect(detailed).toHaveLength(1);
    const [d] = detailed;
    expect(d).toMatchObject({ title: 'Castel mensal detalhado - Escavadora', deviceId: c.id });
    expect(col(d, 'Data')).toHaveLength(31);
    expect(col(d, 'Data')[0]).toBe('01/03/2025');
    expect(d.data[9]).toEqual([
      '10/03/2025',
      '10/03/2025 08:00:00',
      '10/03/2025 15:00:30',
      51.4,
      '01:10:00',
      '01:00:00',
      '00:10:00',
      4,
      1.2,
      1,
      2.3,
    ]);
    expect(d.data[10]).toEqual([
      '11/03/2025',
      null,
      null,
      0,
      '00:00:00',
      '00:00:00',
      '00:00:00',
      0,
      0,
      null,
      null,
    ]);
    expect(d.footer).toEqual([
      ['Total', null, null, 51.4, '01:10:00', '01:00:00', '00:10:00', 4, 1.2, 1, 2.3],
    ]);
  });

  it('group_km: one row per group, the ungrouped vehicles under "Sem grupo"', async () => {
    const [r] = await run('group_km', { devices: all });
    expect(r.data).toEqual([
      ['Luanda', 2, 1, 51.4, 25.7, 51.4, '01:00:00', '01:10:00'],
      ['Sem grupo', 1, 1, 51.4, 51.4, 51.4, '01:00:00', '01:10:00'],
    ]);
    expect(r.footer).toEqual([['Total', 3, 2, 102.9, 34.3, 102.9, '02:00:00', '02:20:00']]);
    // `groups` brings in the group's vehicles the user sees
    const [g] = await run('group_km', { devices: [c.id], groups: [f.group.id] });
    expect(col(g, 'Grupo')).toEqual(['Luanda', 'Sem grupo']);
    expect(col(g, 'Veículos')).toEqual([2, 1]);
  });

  it('group_km and group_hours run for chosen groups alone; a group the user does not see is unknown', async () => {
    const [g] = await run('group_km', { devices: [], groups: [f.group.id] });
    expect(g.data).toEqual([['Luanda', 2, 1, 51.4, 25.7, 51.4, '01:00:00', '01:10:00']]);
    const [h] = await run('group_hours', { devices: '', groups: [f.group.id] });
    expect(col(h, 'Grupo')).toEqual(['Luanda']);
    // another client's group answers as a group that does not exist
    const theirs = await f.admin.post('/api/groups', { name: 'Outro cliente' });
    const asked = async (groups: number[]) =>
      user.post('/report/report_group_km.php', { devices: [], groups, ...DAY });
    const hidden = await asked([theirs.body.id]);
    const missing = await asked([999_999]);
    expect([hidden.status, hidden.text]).toEqual([missing.status, missing.text]);
    expect(hidden.status).toBe(404);
    // other reports still need vehicles
    const trips = await user.post('/report/report_castel_daily.php', {
      devices: [],
      groups: [f.group.id],
      ...DAY,
    });
    expect([trips.status, trips.text]).toEqual([400, 'Por favor seleccione os veículos pretendidos']);
  });

  it('group_hours: engine hours against the expected monthly hours scaled to the period', async () => {
    const kv = [{ key: String(f.group.id), value: '176' }];
    const [r] = await run('group_hours', { devices: all, keyValueItems: kv });
    // one day of March expects 176 / 31 = 5.68 h; 1.17 h of it is 20.5 %
    expect(r.data).toEqual([
      ['Luanda', 2, '01:10:00', 1.17, 176, 5.68, 20.5],
      ['Sem grupo', 1, '01:10:00', 1.17, null, null, null],
    ]);
    const [month] = await run('group_hours', { devices: all, keyValueItems: kv, ...MARCH });
    expect(month.data[0]).toEqual(['Luanda', 2, '01:10:00', 1.17, 176, 176, 0.7]);
  });

  it('emissions: CO2 from the fuel burnt, else from km × the vehicle emissions, with the source', async () => {
    const [r] = await run('emissions', { devices: all });
    expect(r.subtitle3).toContain('gasóleo 2,68 kg CO2/L, gasolina 2,31 kg CO2/L');
    expect(r.data).toEqual([
      [
        'Camião 1',
        'LD-01-00-AA',
        'Luanda',
        'Gasóleo (assumido)',
        51.4,
        null,
        null,
        150,
        7.7,
        150,
        'Quilómetros × emissão do veículo',
      ],
      [
        'Camião 2',
        'LD-02-00-BB',
        'Luanda',
        'Gasóleo (assumido)',
        0,
        null,
        null,
        null,
        null,
        null,
        'Sem dados',
      ],
      // 1.2 L × 2.68 kg/L
      ['Escavadora', 'LD-04-00-DD', '', 'Gasóleo', 51.4, 1.2, 2.68, null, 3.2, 63, 'Combustível consumido'],
    ]);
    expect(r.footer[0].slice(4, 10)).toEqual([102.9, 1.2, null, null, 10.9, 106]);
  });

  it('castel_daily as csv: the same rows in the file', async () => {
    const res = await fetch(`${user.base}/report/report_castel_daily.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: user.cookie },
      body: JSON.stringify({ devices: [c.id], ...DAY, format: 'csv' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="castel_daily_.*\.csv"/);
    const rows = parseCsv(
      Buffer.from(await res.arrayBuffer())
        .subarray(3)
        .toString('utf8'),
    );
    expect(rows[0]).toEqual(['Castel diário']);
    const h = rows.findIndex((x) => x[0] === 'Data');
    expect(rows[h].slice(0, 3)).toEqual(['Data', 'Veículo', 'Matrícula']);
    expect(rows[h + 1]).toEqual([
      '10/03/2025',
      'Escavadora',
      'LD-04-00-DD',
      '10/03/2025 08:00:00',
      '10/03/2025 15:00:30',
      '51.4',
      '01:10:00',
      '01:00:00',
      '00:10:00',
      '4',
      '1.2',
      '1',
      '2.3',
    ]);
  });

  it('no period data: an empty answer', async () => {
    for (const name of DAILY)
      expect(await run(name, { from: '2025-04-01 00:00:00', to: '2025-04-01 23:59:59' }), name).toEqual([]);
  });

  it('each report needs its own custom_reports permission (403), and the catalogue lists them', async () => {
    for (const name of DAILY) {
      const r = await f.limited.client.post(`/report/report_${name}.php`, { devices: [f.a.id], ...DAY });
      expect(r.status, name).toBe(403);
    }
    const other = await userClient(server, f.admin, {
      email: 'so-castel@x.ao',
      attributes: { permissions: ['custom_reports.castel_daily'] },
    });
    expect(
      (await other.client.post('/report/report_castel_monthly.php', { devices: [f.a.id], ...DAY })).status,
    ).toBe(403);
    const catalogue = await user.get('/report/api.php/reports');
    expect(catalogue.body.map((e: { name: string }) => e.name)).toEqual(DAILY);
  });
});
