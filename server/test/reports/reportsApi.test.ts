import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, type TestServer } from '../harness';
import { reportFleet, type ReportFleet } from '../../src/reports/testing/fleet';

const DAY = { from: '2025-03-10 00:00:00', to: '2025-03-10 23:59:59' };

describe.each(dialects())('standard reports on a seeded day (%s)', (dialect) => {
  let server: TestServer;
  let f: ReportFleet;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    f = await reportFleet(server);
  });
  afterAll(async () => server.close());

  const run = async (name: string, body: Record<string, unknown> = {}) => {
    const r = await f.manager.client.post(`/report/report_${name}.php`, {
      devices: [f.a.id],
      ...DAY,
      ...body,
    });
    expect(r.status, r.text).toBe(200);
    return r.body as any[];
  };
  const col = (result: any, title: string) => {
    const i = result.header.indexOf(title);
    expect(i, `column ${title}`).toBeGreaterThanOrEqual(0);
    return result.data.map((row: unknown[]) => row[i]);
  };

  it('trips: every trip with its places, distances, speeds, driver and work flag', async () => {
    const [r, ...rest] = await run('trips');
    expect(rest).toEqual([]);
    expect(r).toMatchObject({ report: 'trips', deviceId: f.a.id, title: 'Viagens - Camião 1' });
    expect(r.subtitle).toBe('10/03/2025 00:00:00 - 10/03/2025 23:59:59');
    expect(r.subtitle2).toBe('Matrícula: LD-01-00-AA · Grupo: Luanda');
    expect(col(r, 'Início')).toEqual([
      '10/03/2025 08:00:00',
      '10/03/2025 10:00:00',
      '10/03/2025 10:30:00',
      '10/03/2025 15:00:00',
    ]);
    expect(col(r, 'Fim')).toEqual([
      '10/03/2025 08:30:00',
      '10/03/2025 10:20:00',
      '10/03/2025 10:40:00',
      '10/03/2025 15:00:30',
    ]);
    expect(col(r, 'Duração')).toEqual(['00:30:00', '00:20:00', '00:10:00', '00:00:30']);
    expect(col(r, 'Distância (km)')).toEqual([31.3, 15, 5, 0.1]);
    expect(col(r, 'Vel. máxima (km/h)')).toEqual([100, 45, 30, 12]);
    expect(col(r, 'Vel. média (km/h)')).toEqual([63, 45, 30, 12]);
    expect(col(r, 'Odómetro inicial (km)')).toEqual([10000, 10031, 10046, 10051]);
    expect(col(r, 'Condutor')).toEqual(['', 'João', 'João', '']);
    expect(col(r, 'Tipo')).toEqual(['Pessoal', 'Trabalho', 'Trabalho', 'Trabalho']);
    expect(r.footer[0].slice(0, 6)).toEqual(['Total', '4 viagens', '', '', '01:00:30', 51.4]);
    expect(r.data_types[0]).toBe('datetime');
  });

  it('trips: hides short trips and filters work or personal trips', async () => {
    expect(col((await run('trips', { check1: true }))[0], 'Início')).toHaveLength(3);
    expect(col((await run('trips', { select1: '1' }))[0], 'Início')).toEqual([
      '10/03/2025 10:00:00',
      '10/03/2025 10:30:00',
      '10/03/2025 15:00:00',
    ]);
    expect(col((await run('trips', { select1: '2' }))[0], 'Início')).toEqual(['10/03/2025 08:00:00']);
    // custom hours 07:00-08:30 on weekdays: trip 1 becomes work
    const custom = await run('trips', {
      select1: '1',
      week: { weekdays_start: '07:00', weekdays_end: '08:30' },
    });
    expect(col(custom[0], 'Início')).toEqual(['10/03/2025 08:00:00']);
  });

  it('trips by driver: the trips with the driver card, across vehicles', async () => {
    const [r] = await run('trips', { devices: [f.driver.id], itemsType: 'D' });
    expect(r).toMatchObject({ driverId: f.driver.id, title: 'Viagens - João' });
    expect(r.header[0]).toBe('Veículo');
    expect(col(r, 'Início')).toEqual(['10/03/2025 10:00:00', '10/03/2025 10:30:00']);
    expect(col(r, 'Veículo')).toEqual(['Camião 1', 'Camião 1']);
  });

  it('activity: the day with trips, distance in and out of hours, times and the pie', async () => {
    const [r] = await run('activity');
    expect(r.data).toEqual([
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
    expect(r.data_pie1).toEqual([
      { label: 'Condução', value: 3600, percent: 4.2 },
      { label: 'Ralenti', value: 600, percent: 0.7 },
      { label: 'Parado', value: 82200, percent: 95.1 },
    ]);
  });

  it('speeding: zone and vehicle limits, road limits on request, tolerances, zone filter', async () => {
    const [r] = await run('speeding');
    expect(r.data.map((row: unknown[]) => row.slice(0, 8))).toEqual([
      ['10/03/2025 08:00:00', '10/03/2025 08:01:30', '00:01:30', 60, 60, 50, 10, 'Zona: Partida'],
      ['10/03/2025 08:10:00', '10/03/2025 08:12:00', '00:02:00', 100, 100, 80, 20, 'Veículo'],
    ]);
    expect(r.data_format[r.header.indexOf('Excesso (km/h)')]).toBe('red');
    const road = await run('speeding', { check1: true });
    expect(col(road[0], 'Origem do limite')).toEqual(['Zona: Partida', 'Veículo', 'Estrada']);
    expect(road[0].data[2].slice(0, 3)).toEqual(['10/03/2025 10:05:00', '10/03/2025 10:06:30', '00:01:30']);
    expect(col((await run('speeding', { text1: '15' }))[0], 'Início')).toEqual(['10/03/2025 08:10:00']);
    expect(col((await run('speeding', { text2: '100' }))[0], 'Início')).toEqual(['10/03/2025 08:10:00']);
    const zoneOnly = await run('speeding', { check2: true, geofences: [f.start.id] });
    expect(col(zoneOnly[0], 'Início')).toEqual(['10/03/2025 08:00:00']);
    expect(zoneOnly[0].subtitle3).toContain('Zonas: Partida');
  });

  it('km: one row per vehicle with odometers and distance', async () => {
    const [r] = await run('km', { devices: [f.a.id, f.b.id] });
    expect(r.data).toEqual([
      ['Camião 1', 'LD-01-00-AA', 'Luanda', 10000, 10051, 51.4, 1, 51.4, '01:00:00', 100],
      ['Camião 2', 'LD-02-00-BB', 'Luanda', null, null, 0, 0, 0, '00:00:00', 0],
    ]);
    expect(r.footer[0][5]).toBe(51.4);
  });

  it('monthly km and monthly hours: a column per day of the month', async () => {
    const [km] = await run('monthly_km', {
      devices: [f.a.id, f.b.id],
      month: '2025-03',
      from: undefined,
      to: undefined,
    });
    expect(km.header).toHaveLength(2 + 31 + 1);
    expect(km.header[2]).toBe('01/03');
    expect(col(km, '10/03')).toEqual([51.4, 0]);
    expect(col(km, 'Total')).toEqual([51.4, 0]);
    const [hours] = await run('monthly_hours', { month: '2025-03' });
    expect(col(hours, '10/03')).toEqual([1.17]);
  });

  it('chart km: km of every day and the chart data', async () => {
    const [r] = await run('chart_km', { to: '2025-03-12 23:59:59' });
    expect(r.chart).toEqual({
      name: 'Camião 1',
      license_plate: 'LD-01-00-AA',
      total_km: 51.4,
      average_km: 17.1,
      data: [
        { date: '2025-03-10', km: 51.4 },
        { date: '2025-03-11', km: 0 },
        { date: '2025-03-12', km: 0 },
      ],
    });
    expect(r.data).toEqual([
      ['10/03/2025', 51.4],
      ['11/03/2025', 0],
      ['12/03/2025', 0],
    ]);
  });

  it('hours: engine, moving and idle time and the hour meter', async () => {
    const [r] = await run('hours');
    expect(r.data).toEqual([
      [
        '10/03/2025',
        '10/03/2025 08:00:00',
        '10/03/2025 15:00:30',
        '01:10:00',
        '01:00:00',
        '00:10:00',
        0,
        1.17,
      ],
    ]);
  });

  it('stops: by type and with a minimum', async () => {
    const [r] = await run('stops');
    expect(r.data.map((row: unknown[]) => row.slice(0, 4))).toEqual([
      ['10/03/2025 00:00:00', '10/03/2025 08:00:00', '08:00:00', 'Ignição desligada'],
      ['10/03/2025 08:30:00', '10/03/2025 10:00:00', '01:30:00', 'Ignição desligada'],
      ['10/03/2025 10:20:00', '10/03/2025 10:30:00', '00:10:00', 'Ralenti'],
      ['10/03/2025 10:40:00', '10/03/2025 15:00:00', '04:20:00', 'Ignição desligada'],
      ['10/03/2025 15:00:30', '10/03/2025 23:59:59', '08:59:30', 'Ignição desligada'],
    ]);
    expect(col((await run('stops', { select1: '1' }))[0], 'Tipo')).toEqual(['Ralenti']);
    expect(col((await run('stops', { select1: '2' }))[0], 'Tipo')).toHaveLength(4);
    expect(col((await run('stops', { text1: '15' }))[0], 'Início')).toHaveLength(4);
  });

  it('fuel analysis: the refill and the drop, in percent and litres', async () => {
    const [r] = await run('fuel_analysis');
    expect(r.data.map((row: unknown[]) => row.slice(0, 6))).toEqual([
      ['10/03/2025 09:00:00', 'Abastecimento', 50, 90, 40, 24],
      ['10/03/2025 12:10:00', 'Queda', 88, 70, -18, -10.8],
    ]);
    expect(col((await run('fuel_analysis', { select1: '1' }))[0], 'Tipo')).toEqual(['Abastecimento']);
    expect(col((await run('fuel_analysis', { select1: '2' }))[0], 'Tipo')).toEqual(['Queda']);
    expect(await run('fuel_analysis', { text1: '50' })).toEqual([]);
  });

  it('power take-off: periods of the pto input', async () => {
    const [r] = await run('pto', { devices: [f.a.id, f.b.id] });
    expect(r.data.map((row: unknown[]) => row.slice(0, 3))).toEqual([
      ['10/03/2025 09:10:00', '10/03/2025 09:40:00', '00:30:00'],
    ]);
  });

  it('zones: visits with entry and exit, all zones or the chosen ones', async () => {
    const [r] = await run('zones');
    expect(r.data.map((row: unknown[]) => row.slice(0, 4))).toEqual([
      ['Partida', '10/03/2025 00:00:00', '10/03/2025 08:01:30', '08:01:30'],
      ['Cliente', '10/03/2025 08:30:00', '10/03/2025 10:00:30', '01:30:30'],
    ]);
    expect(col((await run('zones', { check2: true, geofences: [f.client.id] }))[0], 'Zona')).toEqual([
      'Cliente',
    ]);
  });

  it('positions: every position of the day', async () => {
    const [r] = await run('positions');
    expect(r.data).toHaveLength(f.positions);
    expect(r.data[0].slice(0, 6)).toEqual(['10/03/2025 07:00:00', -8.8, 13.2, 0, 90, 'Não']);
  });

  it('alerts: chosen types, seatbelt only with its permission', async () => {
    const [r] = await run('alerts');
    expect(col(r, 'Alerta')).toEqual(['Excesso de velocidade', 'Entrada em zona', 'Alarme: SOS']);
    expect(col(r, 'Detalhes')[0]).toBe('100 km/h (limite 80 km/h)');
    expect(col(r, 'Detalhes')[1]).toBe('Cliente');
    expect(col((await run('alerts', { events: ['alarmSos', 'geofenceEnter'] }))[0], 'Alerta')).toEqual([
      'Entrada em zona',
      'Alarme: SOS',
    ]);
    expect(col((await run('alerts', { text1: 'alarmSos' }))[0], 'Alerta')).toEqual(['Alarme: SOS']);
    const admin = await f.admin.post('/report/report_alerts.php', { devices: [f.a.id], ...DAY });
    expect(admin.body[0].data).toHaveLength(4);
  });

  it('block: block and unblock requests with who asked', async () => {
    const [r] = await run('block');
    expect(r.data).toEqual([
      ['10/03/2025 13:00:00', 'Camião 1', 'LD-01-00-AA', 'Imobilização', 'Gestor', 'Enviado', ''],
    ]);
  });

  it('an empty period answers an empty array; a vehicle parked all day is one stop', async () => {
    const april = { from: '2025-04-01 00:00:00', to: '2025-04-01 23:59:59' };
    for (const name of ['trips', 'km', 'speeding', 'alerts', 'positions', 'chart_km', 'activity', 'hours'])
      expect(await run(name, april), name).toEqual([]);
    expect(await run('stops', { from: '2025-03-01 00:00:00', to: '2025-03-01 23:59:59' })).toEqual([]);
    const [parked] = await run('stops', april);
    expect(parked.data.map((row: unknown[]) => row.slice(0, 4))).toEqual([
      ['01/04/2025 00:00:00', '01/04/2025 23:59:59', '24:00:00', 'Ignição desligada'],
    ]);
  });

  it('takes the form body of the web client', async () => {
    const r = await f.manager.client.form('/report/report_trips.php', {
      devices: String(f.a.id),
      itemsType: 'V',
      ...DAY,
      check1: '1',
      week: JSON.stringify({ weekdays: 1, weekdays_start: '09:00', weekdays_end: '18:00' }),
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body[0].data).toHaveLength(3);
  });
});
