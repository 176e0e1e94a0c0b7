/**
 * The machine and crane reports (document 3 §2) on a seeded two-day fleet whose figures are known in
 * advance (Monday 10 and Tuesday 11 March 2025, Africa/Luanda):
 *
 *   Escavadora 1 (vehicle_type 3, engine_voltage 26, meter 1000 h)
 *     10/03  07:00-07:30 connected (power 25 V)    07:30-09:30 working (power 27.5 V)
 *            09:30-10:00 connected                 12:00-13:00 working (rpm 1200, no power reading)
 *     11/03  08:00-10:00 working
 *   Escavadora 2 (vehicle_type 3): no positions
 *   Grua 1 (category crane, pto_port 3, meter 2000 h)
 *     10/03  engine on 07:00-12:00, input 3 on 07:30-07:45, 08:00-08:20, 10:00-11:00
 *     11/03  engine on 08:30-10:00, input 3 on 09:00-09:30
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, userClient, type Client, type TestServer } from '../harness';
import { at } from '../../src/reports/testing/seedDay';
import { buildTrack, every, insertTrack, type TrackPoint } from '../../src/reports/testing/track';
import { toSamples, tz } from '../../src/reports/testing/samples';
import { MAX_GAP_MS } from '../../src/track/tracker';
import { WorkTimes } from '../../src/reports/custom/machines/workTimes';
import { liftDays } from '../../src/reports/custom/machines/liftDays';

const TWO_DAYS = { from: '2025-03-10 00:00:00', to: '2025-03-11 23:59:59' };
const MIN = 60_000;
const START = { latitude: -8.8, longitude: 13.2 };
const PLACE = '-8.800000, 13.200000';

const parked = (from: number, to: number, attrs: Record<string, unknown> = {}) =>
  every(from, to, 30 * MIN, () => ({ speed: 0, ignition: false, attrs }));
const engineOn = (from: number, to: number, attrs: (t: number) => Record<string, unknown>) =>
  every(from, to, MIN, (t) => ({ speed: 0, ignition: true, attrs: attrs(t) }));

function excavatorDays(): TrackPoint[] {
  const connected = () => ({ power: 25 });
  const working = () => ({ power: 27.5 });
  return [
    { time: at(22, 0, 0, 9), speed: 0, ignition: false },
    ...parked(at(6), at(7)),
    ...engineOn(at(7), at(7, 30), connected),
    ...engineOn(at(7, 30), at(9, 30), working),
    ...engineOn(at(9, 30), at(10), connected),
    ...parked(at(10), at(12), { power: 12 }),
    ...engineOn(at(12), at(13), () => ({ rpm: 1200 })),
    ...parked(at(13), at(17)),
    ...parked(at(6, 0, 0, 11), at(8, 0, 0, 11)),
    ...engineOn(at(8, 0, 0, 11), at(10, 0, 0, 11), working),
    ...parked(at(10, 0, 0, 11), at(12, 0, 0, 11)),
  ];
}

function craneDays(): TrackPoint[] {
  const lifting = (t: number) =>
    (t >= at(7, 30) && t < at(7, 45)) ||
    (t >= at(8) && t < at(8, 20)) ||
    (t >= at(10) && t < at(11)) ||
    (t >= at(9, 0, 0, 11) && t < at(9, 30, 0, 11));
  const input = (t: number) => ({ in3: lifting(t) });
  return [
    { time: at(22, 0, 0, 9), speed: 0, ignition: false, attrs: { in3: false } },
    ...parked(at(6), at(7), { in3: false }),
    ...engineOn(at(7), at(12), input),
    ...parked(at(12), at(17), { in3: false }),
    ...parked(at(6, 0, 0, 11), at(8, 30, 0, 11), { in3: false }),
    ...engineOn(at(8, 30, 0, 11), at(10, 0, 0, 11), input),
    ...parked(at(10, 0, 0, 11), at(12, 0, 0, 11), { in3: false }),
  ];
}

const PERMISSIONS = [
  'custom_reports.machine_hours',
  'custom_reports.machine_monthly_hours',
  'custom_reports.gruest_activity',
];

const ok = async (p: Promise<{ status: number; body: any; text: string }>) => {
  const r = await p;
  if (r.status >= 300) throw new Error(`fixture call failed: ${r.status} ${r.text}`);
  return r.body;
};

async function machineFleet(server: TestServer) {
  const admin: Client = await server.admin();
  const group = await ok(admin.post('/api/groups', { name: 'Obras' }));
  const device = (name: string, uniqueId: string, extra: Record<string, unknown>) =>
    ok(admin.post('/api/devices', { name, uniqueId, groupId: group.id, ...extra }));
  const excavator = await device('Escavadora 1', 'MAQ0001', {
    attributes: { license_plate: 'LD-31-00-MQ', vehicle_type: 3, engine_voltage: 26 },
  });
  const idle = await device('Escavadora 2', 'MAQ0002', {
    attributes: { license_plate: 'LD-32-00-MQ', vehicle_type: 3, engine_voltage: 26 },
  });
  const crane = await device('Grua 1', 'GRU0001', {
    category: 'crane',
    attributes: { license_plate: 'LD-41-00-GR', pto_port: 3 },
  });
  const controller = await userClient(server, admin, {
    email: 'obras@x.ao',
    attributes: { permissions: PERMISSIONS, timezone: 'Africa/Luanda' },
  });
  const hoursOnly = await userClient(server, admin, {
    email: 'horas@x.ao',
    attributes: { permissions: ['custom_reports.machine_hours', 'reports.km'] },
  });
  await ok(
    admin.post('/api/permissions/bulk', [
      { userId: controller.id, groupId: group.id },
      { userId: hoursOnly.id, groupId: group.id },
    ]),
  );
  const db = server.services.db;
  await insertTrack(db, excavator.id, buildTrack({ ...START, hours: 1000 * 3_600_000 }, excavatorDays()));
  await insertTrack(db, crane.id, buildTrack({ ...START, hours: 2000 * 3_600_000 }, craneDays()));
  return { excavator, idle, crane, controller, hoursOnly };
}

describe.each(dialects())('machine and crane reports (%s)', (dialect) => {
  let server: TestServer;
  let f: Awaited<ReturnType<typeof machineFleet>>;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    f = await machineFleet(server);
  });
  afterAll(async () => server.close());

  const post = (name: string, body: Record<string, unknown>, client = f.controller.client) =>
    client.post(`/report/report_${name}.php`, { ...TWO_DAYS, ...body });
  const run = async (name: string, body: Record<string, unknown>) => {
    const r = await post(name, body);
    expect(r.status, r.text).toBe(200);
    return r.body as any[];
  };

  it('machine_hours: connected, working and connected-without-work time, work edges and meter per day', async () => {
    const [r, ...rest] = await run('machine_hours', { devices: [f.excavator.id, f.idle.id] });
    expect(rest).toEqual([]);
    expect(r).toMatchObject({
      report: 'machine_hours',
      deviceId: f.excavator.id,
      title: 'Horas de máquinas - Escavadora 1',
      subtitle: '10/03/2025 00:00:00 - 11/03/2025 23:59:59',
      subtitle2: 'Matrícula: LD-31-00-MQ · Grupo: Obras',
    });
    expect(r.header).toEqual([
      'Data',
      'Início do trabalho',
      'Fim do trabalho',
      'Ligada',
      'Em trabalho',
      'Ligada sem trabalho',
      'Utilização (%)',
      'Horímetro inicial (h)',
      'Horímetro final (h)',
    ]);
    expect(r.data).toEqual([
      [
        '10/03/2025',
        '10/03/2025 07:30:00',
        '10/03/2025 13:00:00',
        '04:00:00',
        '03:00:00',
        '01:00:00',
        75,
        1000,
        1004,
      ],
      [
        '11/03/2025',
        '11/03/2025 08:00:00',
        '11/03/2025 10:00:00',
        '02:00:00',
        '02:00:00',
        '00:00:00',
        100,
        1004,
        1006,
      ],
    ]);
    expect(r.footer).toEqual([['Total', null, null, '06:00:00', '05:00:00', '01:00:00', 83.3, null, null]]);
    expect(r.data_types.slice(0, 4)).toEqual(['date', 'datetime', 'datetime', 'duration']);
  });

  it('machine_hours in csv: the same table in the file', async () => {
    const r = await post('machine_hours', { devices: [f.excavator.id], format: 'csv' });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="machine_hours_.*\.csv"/);
    const lines = r.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Horas de máquinas - Escavadora 1');
    const h = lines.indexOf(
      'Data,Início do trabalho,Fim do trabalho,Ligada,Em trabalho,Ligada sem trabalho,Utilização (%),' +
        'Horímetro inicial (h),Horímetro final (h)',
    );
    expect(h).toBeGreaterThan(0);
    expect(lines[h + 1]).toBe(
      '10/03/2025,10/03/2025 07:30:00,10/03/2025 13:00:00,04:00:00,03:00:00,01:00:00,75,1000,1004',
    );
    expect(lines[h + 3]).toBe('Total,,,06:00:00,05:00:00,01:00:00,83.3,,');
  });

  it('machine_monthly_hours: working hours per machine and day of the chosen month', async () => {
    const [r, ...rest] = await run('machine_monthly_hours', {
      devices: [f.excavator.id, f.idle.id],
      month: '2025-03',
      from: undefined,
      to: undefined,
    });
    expect(rest).toEqual([]);
    expect(r).toMatchObject({
      report: 'machine_monthly_hours',
      title: 'Horas mensais de máquinas',
      subtitle: '01/03/2025 00:00:00 - 31/03/2025 23:59:59',
      subtitle2: '2 máquinas',
    });
    expect(r.header).toHaveLength(2 + 31 + 1);
    expect(r.header.slice(0, 3)).toEqual(['Máquina', 'Matrícula', '01/03']);
    expect(r.header.at(-1)).toBe('Total');
    const day = (d: string) => r.header.indexOf(d);
    const [a, b] = r.data;
    expect(a.slice(0, 2)).toEqual(['Escavadora 1', 'LD-31-00-MQ']);
    expect([a[day('09/03')], a[day('10/03')], a[day('11/03')], a[day('12/03')], a.at(-1)]).toEqual([
      0, 3, 2, 0, 5,
    ]);
    expect(b.slice(0, 2)).toEqual(['Escavadora 2', 'LD-32-00-MQ']);
    expect(b.slice(2).every((x: number) => x === 0)).toBe(true);
    expect(r.footer[0][day('10/03')]).toBe(3);
    expect(r.footer[0].at(-1)).toBe(5);
  });

  it('gruest_activity: one row per work cycle, then cycles, lift and engine time per day', async () => {
    const [cycles, days, ...rest] = await run('gruest_activity', { devices: [f.crane.id] });
    expect(rest).toEqual([]);
    expect(cycles).toMatchObject({
      report: 'gruest_activity',
      deviceId: f.crane.id,
      title: 'Actividade Gruest - Grua 1',
      subtitle3: 'Entrada de trabalho: entrada digital 3',
    });
    expect(cycles.header).toEqual(['Ciclo', 'Início', 'Fim', 'Duração', 'Local']);
    expect(cycles.data).toEqual([
      [1, '10/03/2025 07:30:00', '10/03/2025 07:45:00', '00:15:00', PLACE],
      [2, '10/03/2025 08:00:00', '10/03/2025 08:20:00', '00:20:00', PLACE],
      [3, '10/03/2025 10:00:00', '10/03/2025 11:00:00', '01:00:00', PLACE],
      [4, '11/03/2025 09:00:00', '11/03/2025 09:30:00', '00:30:00', PLACE],
    ]);
    expect(cycles.footer).toEqual([['Total', '4 ciclos', null, '02:05:00', '']]);
    expect(days).toMatchObject({ title: 'Actividade Gruest por dia - Grua 1', deviceId: f.crane.id });
    expect(days.header).toEqual([
      'Data',
      'Ciclos',
      'Tempo de elevação',
      'Horas de motor',
      'Motor sem elevação',
      'Horímetro inicial (h)',
      'Horímetro final (h)',
    ]);
    expect(days.data).toEqual([
      ['10/03/2025', 3, '01:35:00', '05:00:00', '03:25:00', 2000, 2005],
      ['11/03/2025', 1, '00:30:00', '01:30:00', '01:00:00', 2005, 2006.5],
    ]);
    expect(days.footer).toEqual([['Total', 4, '02:05:00', '06:30:00', '04:25:00', null, null]]);
  });

  it('gruest_activity: a vehicle without a work input shows its engine time only', async () => {
    const results = await run('gruest_activity', { devices: [f.excavator.id, f.idle.id] });
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      title: 'Actividade Gruest por dia - Escavadora 1',
      subtitle3: 'Sem entrada de trabalho (pto_port): apenas horas de motor',
    });
    expect(results[0].data).toEqual([
      ['10/03/2025', 0, '00:00:00', '04:00:00', '04:00:00', 1000, 1004],
      ['11/03/2025', 0, '00:00:00', '02:00:00', '02:00:00', 1004, 1006],
    ]);
  });

  it('machine reports refuse a vehicle that is not a machine (400)', async () => {
    for (const name of ['machine_hours', 'machine_monthly_hours']) {
      const r = await post(name, { devices: [f.excavator.id, f.crane.id] });
      expect(r.status, name).toBe(400);
      expect(r.text).toBe('Relatório disponível apenas para máquinas: Grua 1 não é uma máquina');
    }
  });

  it('each report needs its permission (403) and the catalogue offers only those the user has', async () => {
    const devices = [f.excavator.id];
    expect((await post('machine_hours', { devices }, f.hoursOnly.client)).status).toBe(200);
    expect((await post('machine_monthly_hours', { devices }, f.hoursOnly.client)).status).toBe(403);
    expect((await post('gruest_activity', { devices }, f.hoursOnly.client)).status).toBe(403);
    const names = (await f.hoursOnly.client.get('/report/api.php/reports')).body.map(
      (r: { name: string }) => r.name,
    );
    expect(names).toContain('machine_hours');
    expect(names).not.toContain('machine_monthly_hours');
    expect(names).not.toContain('gruest_activity');
    const all = (await f.controller.client.get('/report/api.php/reports')).body;
    expect(all.map((r: { name: string }) => r.name)).toEqual([
      'machine_hours',
      'machine_monthly_hours',
      'gruest_activity',
    ]);
  });
});

describe('work and lift across midnight', () => {
  const MACHINE = { machine: true, engineVoltage: 26 };

  it('a machine working 23:30-00:30 has work on both days, cut at midnight', () => {
    const samples = toSamples(
      buildTrack(START, [
        ...engineOn(at(23), at(23, 30), () => ({ power: 25 })),
        ...engineOn(at(23, 30), at(0, 30, 0, 11), () => ({ power: 27.5 })),
        { time: at(0, 30, 0, 11), speed: 0, ignition: false },
      ]),
      MACHINE,
    );
    const work = new WorkTimes(tz, at(0), MAX_GAP_MS);
    for (const s of samples) work.push(s);
    expect(Object.fromEntries(work.days)).toEqual({
      '2025-03-10': { first: at(23, 30), last: at(0, 0, 0, 11) },
      '2025-03-11': { first: at(0, 0, 0, 11), last: at(0, 30, 0, 11) },
    });
  });

  it('a lift cycle across midnight counts on the day it starts, its time shared by both days', () => {
    const start = { id: 1 } as never;
    const days = liftDays(tz, [
      { start, startTime: at(8), endTime: at(8, 10) },
      { start, startTime: at(23), endTime: at(1, 0, 0, 11) },
    ]);
    expect([...days.values()]).toEqual([
      { key: '2025-03-10', start: at(0), cycles: 2, liftMs: 70 * MIN },
      { key: '2025-03-11', start: at(0, 0, 0, 11), cycles: 0, liftMs: 60 * MIN },
    ]);
  });
});
