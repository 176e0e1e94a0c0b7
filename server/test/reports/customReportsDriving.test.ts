import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, type TestServer } from '../harness';
import { drivingFleet, type DrivingFleet } from '../../src/reports/custom/driving/testing/drivingFleet';

const DAY = { from: '2025-03-10 00:00:00', to: '2025-03-10 23:59:59' };
const d = (time: string) => `10/03/2025 ${time}`;

describe.each(dialects())('driving family of specific reports (%s)', (dialect) => {
  let server: TestServer;
  let f: DrivingFleet;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    f = await drivingFleet(server);
  });
  afterAll(async () => server.close());

  const post = (name: string, body: Record<string, unknown>, client = f.manager.client) =>
    client.post(`/report/report_${name}.php`, { ...DAY, ...body });
  const run = async (name: string, body: Record<string, unknown>) => {
    const r = await post(name, body);
    expect(r.status, r.text).toBe(200);
    return r.body as any[];
  };
  const col = (result: any, title: string) => {
    const i = result.header.indexOf(title);
    expect(i, `column ${title}`).toBeGreaterThanOrEqual(0);
    return result.data.map((row: unknown[]) => row[i]);
  };

  it('luanda_speeding: 60 km/h inside zones, 90 km/h outside, options and drivers', async () => {
    const [r, ...rest] = await run('luanda_speeding', { devices: [f.eco1.id, f.eco2.id] });
    expect(rest).toEqual([]);
    expect(r).toMatchObject({
      report: 'luanda_speeding',
      deviceId: f.eco1.id,
      title: 'Excessos de velocidade Luanda - Eco 1',
      subtitle3: 'Limite dentro das zonas: 60 km/h · Limite fora das zonas: 90 km/h',
    });
    expect(r.data.map((row: unknown[]) => row.slice(0, 8))).toEqual([
      [d('08:00:00'), d('08:06:00'), '00:06:00', 70, 70, 60, 10, 'Zona: Centro'],
      [d('08:10:00'), d('08:13:00'), '00:03:00', 100, 100, 90, 10, 'Fora das zonas'],
    ]);
    expect(col(r, 'Condutor')).toEqual(['Ana', 'Ana']);
    expect(r.footer[0].slice(0, 4)).toEqual(['Total', '2 excessos', '00:09:00', 100]);
    const custom = await run('luanda_speeding', { devices: [f.eco1.id], text1: '65', text2: '95' });
    expect(col(custom[0], 'Limite (km/h)')).toEqual([65, 95]);
    expect(col(custom[0], 'Excesso (km/h)')).toEqual([5, 5]);
    // one episode is named in the singular
    const inside = await run('luanda_speeding', { devices: [f.eco1.id], text2: '120' });
    expect(inside[0].footer[0].slice(0, 2)).toEqual(['Total', '1 excesso']);
    const [ana, ...noBruno] = await run('luanda_speeding', {
      devices: [f.ana.id, f.bruno.id],
      itemsType: 'D',
    });
    expect(noBruno).toEqual([]);
    expect(ana).toMatchObject({ driverId: f.ana.id, title: 'Excessos de velocidade Luanda - Ana' });
    expect(col(ana, 'Veículo')).toEqual(['Eco 1', 'Eco 1']);
  });

  it('eco_driving: events, rates per 100 km and the score per vehicle and per driver', async () => {
    const [vehicles, drivers, ...rest] = await run('eco_driving', { devices: [f.eco1.id, f.eco2.id] });
    expect(rest).toEqual([]);
    expect(vehicles.title).toBe('Condução económica - Veículos');
    expect(vehicles.subtitle3).toContain('Rotação máxima: 3\u00a0000 rpm · Ralenti máximo: 5 min');
    expect(vehicles.data).toEqual([
      ['Eco 1', 'Eco 1', 103, '01:40:00', 1, 2, 1, 1, 1, 1, 1, 1.9, 1, 1, 1, 1, 76],
      ['Eco 2', 'Eco 2', 10, '00:10:00', 0, 3, 0, 0, 0, 0, 0, 30, 0, 0, 0, 0, 0],
    ]);
    // fleet: 10 events over 113 km: 4 + 5×4 + 4 + 2 + 2 + 5 = 37 points per 113 km, score 67
    expect(vehicles.footer[0]).toEqual([
      'Total',
      '2 veículos',
      113,
      '01:50:00',
      1,
      5,
      1,
      1,
      1,
      1,
      0.9,
      4.4,
      0.9,
      0.9,
      0.9,
      0.9,
      67,
    ]);
    expect(drivers.title).toBe('Condução económica - Condutores');
    expect(drivers.data).toEqual([
      ['Ana', 'DRVA', 63, '01:00:00', 1, 1, 1, 1, 1, 1, 1.6, 1.6, 1.6, 1.6, 1.6, 1.6, 67],
      ['Bruno', 'DRVB', 40, '00:40:00', 0, 1, 0, 0, 0, 0, 0, 2.5, 0, 0, 0, 0, 90],
    ]);
    // a 3-minute idling minimum counts Bruno's 10:40-10:43; at 1500 rpm the 2000 rpm driving is one long
    // over-revving per trip
    const strict = await run('eco_driving', { devices: [f.eco1.id], text2: '3' });
    expect(col(strict[0], 'Ralenti excessivo')).toEqual([2]);
    const revs = await run('eco_driving', { devices: [f.eco1.id], text1: '1500' });
    expect(col(revs[0], 'Excesso de rotação')).toEqual([2]);
  });

  it('rag: drivers and vehicles without a driver ranked green, amber and red', async () => {
    const [r, ...rest] = await run('rag', { devices: [f.eco1.id, f.eco2.id] });
    expect(rest).toEqual([]);
    expect(r.title).toBe('RAG');
    expect(r.subtitle3).toContain('Verde: 80 ou mais · Amarelo: 60 a 79 · Vermelho: menos de 60');
    expect(r.data).toEqual([
      [1, 'Bruno', 'Condutor', 40, 1, 2.5, 90, 'Verde'],
      [2, 'Ana', 'Condutor', 63, 6, 9.5, 67, 'Amarelo'],
      [3, 'Eco 2', 'Veículo', 10, 3, 30, 0, 'Vermelho'],
    ]);
    expect(r.data_pie1).toEqual([
      { label: 'Verde', value: 1, percent: 33.3 },
      { label: 'Amarelo', value: 1, percent: 33.3 },
      { label: 'Vermelho', value: 1, percent: 33.3 },
    ]);
  });

  it('eco_driving and rag: 400 for a vehicle that does not offer them', async () => {
    for (const name of ['eco_driving', 'rag'])
      expect(await post(name, { devices: [f.eco1.id, f.plain.id] })).toMatchObject({
        status: 400,
        text: 'Relatório não disponível para o veículo Camião X',
      });
  });

  it('driving_limits: continuous and daily driving over the limits, by vehicle and by driver', async () => {
    const [r, ...rest] = await run('driving_limits', { devices: [f.longo.id, f.eco1.id] });
    expect(rest).toEqual([]);
    expect(r).toMatchObject({ deviceId: f.longo.id, title: 'Limites de condução - Longo' });
    expect(r.data).toEqual([
      [
        'Condução contínua',
        d('05:00:00'),
        d('10:00:00'),
        '05:00:00',
        '04:30:00',
        '00:30:00',
        d('09:30:00'),
        'Carlos',
      ],
      [
        'Condução diária',
        d('05:00:00'),
        d('15:00:00'),
        '09:15:00',
        '09:00:00',
        '00:15:00',
        d('14:45:00'),
        'Carlos',
      ],
    ]);
    expect(r.footer[0]).toEqual(['Total', '1 contínuas', '1 diárias', '', '', '00:45:00', '', '']);
    const [byDriver] = await run('driving_limits', { devices: [f.carlos.id], itemsType: 'D' });
    expect(byDriver).toMatchObject({ driverId: f.carlos.id, title: 'Limites de condução - Carlos' });
    expect(col(byDriver, 'Veículo')).toEqual(['Longo', 'Longo']);
    expect(col(byDriver, 'Excesso')).toEqual(['00:30:00', '00:15:00']);
  });

  it('driving_limits: a file (csv) with the breaches', async () => {
    const res = await fetch(`${f.manager.client.base}/report/report_driving_limits.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: f.manager.client.cookie },
      body: JSON.stringify({ devices: [f.longo.id], ...DAY, format: 'csv' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="driving_limits_.*\.csv"/);
    const text = (await res.text()).replace(/^\uFEFF/, '');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Limites de condução - Longo');
    expect(lines).toContain('Tipo,Início,Fim,Condução,Limite,Excesso,Limite excedido às,Condutor');
    expect(lines).toContain(
      'Condução contínua,10/03/2025 05:00:00,10/03/2025 10:00:00,05:00:00,04:30:00,00:30:00,10/03/2025 09:30:00,Carlos',
    );
  });

  it('malfunction: power cut, GPS loss, tampering, malfunction and silences', async () => {
    const [r, ...rest] = await run('malfunction', { devices: [f.avaria.id, f.eco1.id] });
    expect(rest.map((x) => x.deviceId)).toEqual([f.eco1.id]);
    expect(r).toMatchObject({ deviceId: f.avaria.id, title: 'Avarias do localizador - Avaria' });
    expect(r.data.map((row: unknown[]) => row.slice(0, 5))).toEqual([
      [
        'Corte de alimentação',
        d('08:05:00'),
        d('08:08:00'),
        '00:03:00',
        'Alimentação mínima: 0 V · Alarme: Corte de alimentação',
      ],
      ['Perda de GPS', d('08:10:00'), d('08:16:00'), '00:06:00', '12 posições inválidas'],
      ['Adulteração', d('08:17:00'), d('08:18:00'), '00:01:00', 'Alarme: Interferência de sinal'],
      ['Avaria', d('08:19:00'), d('08:19:30'), '00:00:30', 'Alarme: Avaria'],
      ['Sem comunicação', d('08:20:00'), d('11:00:00'), '02:40:00', 'Sem posições'],
      ['Sem comunicação', d('11:50:00'), null, '12:10:00', 'Sem posições'],
    ]);
    expect(col(r, 'Local').every((p: string) => p.startsWith('-8.800000, 13.'))).toBe(true);
    expect(r.footer[0].slice(0, 2)).toEqual(['Total', '6 avarias']);
    // Eco 1 reports to 12:00 only: silent to the end of the day
    expect(rest[0].data.map((row: unknown[]) => row[0])).toEqual(['Sem comunicação']);
    // a GPS loss of 6 minutes is no fault with a 10-minute minimum; power under 13 V is a cut all day
    const options = await run('malfunction', { devices: [f.avaria.id], text1: '13', text2: '10' });
    expect(col(options[0], 'Tipo')).not.toContain('Perda de GPS');
    expect(col(options[0], 'Tipo')[0]).toBe('Corte de alimentação');
    expect(col(options[0], 'Início')[0]).toBe(d('06:00:00'));
  });

  it('vista_waste: zones visited in order with times, missed zones, per vehicle per day', async () => {
    const [c1, c2, c3, c4] = f.containers;
    const results = await run('vista_waste', {
      devices: [f.recolha.id],
      geofences: [c1.id, c3.id, c2.id, c4.id],
      to: '2025-03-11 23:59:59',
    });
    expect(results.map((r) => r.title)).toEqual([
      'Recolha de resíduos Vista - Recolha - 10/03/2025',
      'Recolha de resíduos Vista - Recolha - 11/03/2025',
    ]);
    const [day1, day2] = results;
    expect(day1.subtitle3).toBe('Zonas: Contentor 1, Contentor 3, Contentor 2, Contentor 4');
    expect(day1.data).toEqual([
      [1, 'Contentor 1', 1, d('07:02:00'), d('07:10:30'), '00:08:30', 'Visitada'],
      [2, 'Contentor 2', 3, d('07:13:00'), d('07:20:30'), '00:07:30', 'Visitada'],
      [3, 'Contentor 3', 2, d('07:23:00'), d('07:30:30'), '00:07:30', 'Visitada'],
      [null, 'Contentor 4', 4, null, null, null, 'Não visitada'],
    ]);
    expect(day1.footer[0]).toEqual([
      'Total',
      '3 de 4 zonas visitadas',
      '',
      '',
      '',
      '00:23:30',
      '1 não visitadas',
    ]);
    expect(col(day2, 'Estado')).toEqual(['Não visitada', 'Não visitada', 'Não visitada', 'Não visitada']);
    expect(await post('vista_waste', { devices: [f.recolha.id] })).toMatchObject({
      status: 400,
      text: 'Por favor seleccione as zonas pretendidas',
    });
  });

  it('403 for a user without each report permission', async () => {
    for (const name of [
      'luanda_speeding',
      'vista_waste',
      'eco_driving',
      'rag',
      'driving_limits',
      'malfunction',
    ])
      expect((await post(name, { devices: [f.eco1.id] }, f.outsider.client)).status, name).toBe(403);
  });
});
