import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { convert } from 'xmlbuilder2';
import { dialects, startTestServer, type Client, type TestServer } from '../harness';
import { parseCsv } from '../csvRead';
import { managementFleet, type ManagementFleet } from '../../src/reports/testing/managementFleet';
import { REPORTS } from '../../src/reports/registry';
import { segmentPass } from '../../src/modules/segments/job';
import { storedFuelDays } from '../../src/track/segments/periodFuel';
import { deviceProfile } from '../../src/track/sample';
import { DAY_TZ } from '../../src/reports/testing/seedDay';

const YEAR = { from: '2025-01-01 00:00:00', to: '2025-12-31 23:59:59' };
const FLEET_TOTAL = 398601;
const analysis = '/report/report_management_analysis.php';
const costList = '/report/report_management_cost_list.php';
const liters = '/report/report_monthly_liters.php';

/** The page content streams of a PDF, inflated (pdfmake compresses them). */
function pdfStreams(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const out: string[] = [];
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    try {
      out.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // not a deflated stream (fonts, images)
    }
  }
  return out.join('\n');
}

async function download(c: Client, path: string, body: unknown) {
  const res = await fetch(c.base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: c.cookie },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

type Result = any;

describe.each(dialects())('management reports (%s)', (dialect) => {
  let server: TestServer;
  let f: ManagementFleet;
  let c: Client;
  let both: number[];
  beforeAll(async () => {
    server = await startTestServer(dialect);
    f = await managementFleet(server);
    c = f.manager.client;
    both = [f.a.id, f.b.id];
  });
  afterAll(async () => server.close());

  it('cost analysis: the fleet per vehicle, its chart and pie, then each vehicle by month', async () => {
    const r = await c.post(analysis, { devices: both, ...YEAR });
    expect(r.status).toBe(200);
    const [fleet, one, two]: Result[] = r.body;
    expect(r.body).toHaveLength(3);
    expect(fleet.title).toBe('Análise de custos - Frota');
    expect(fleet.header).toEqual([
      'Veículo',
      'Matrícula',
      'Manutenção',
      'Abastecimento',
      'Seguro',
      'Licença',
      'Imposto',
      'Limpeza',
      'Outro',
      'Total',
      'Distância (km)',
      'Horas de motor (h)',
      'Litros',
      'Custo/km',
      'Custo/hora',
    ]);
    expect(fleet.data_format[9]).toBe('currency');
    expect(fleet.subtitle3).toBe('Custo total: 398\u00a0601,00');
    expect(fleet.data).toEqual([
      [
        'Camião 1',
        'LD-11-00-AA',
        1000.5,
        15000,
        350000,
        0,
        18500,
        7500,
        0,
        392000.5,
        90,
        1.5,
        50,
        4355.56,
        261333.67,
      ],
      ['Camião 2', 'LD-22-00-BB', 0, 3600, 0, 1000, 0, 0, 2000.5, 6600.5, 100, 2, 12, 66.01, 3300.25],
    ]);
    expect(fleet.footer).toEqual([
      [
        'Total',
        '',
        1000.5,
        18600,
        350000,
        1000,
        18500,
        7500,
        2000.5,
        FLEET_TOTAL,
        190,
        3.5,
        62,
        2097.9,
        113886,
      ],
    ]);
    expect(fleet.data_pie1.map((s: Result) => [s.label, s.value, s.percent])).toEqual([
      ['Manutenção', 1000.5, 0.3],
      ['Abastecimento', 18600, 4.7],
      ['Seguro', 350000, 87.8],
      ['Licença', 1000, 0.3],
      ['Imposto', 18500, 4.6],
      ['Limpeza', 7500, 1.9],
      ['Outro', 2000.5, 0.5],
    ]);
    expect(fleet.cost_chart.series.map((s: Result) => s.key)).toEqual([
      'maintenance',
      'refill',
      'insurance',
      'license',
      'tax',
      'cleaning',
      'other',
    ]);
    expect(fleet.cost_chart.data.map((d: Result) => d.month)).toHaveLength(12);
    expect(fleet.cost_chart.data.map((d: Result) => d.total)).toEqual([
      350000, 0, 36600.5, 0, 0, 0, 3000.5, 0, 0, 0, 0, 9000,
    ]);
    expect(fleet.cost_chart.data[2].costs).toMatchObject({ maintenance: 1000.5, refill: 9600, tax: 18500 });

    expect(one.title).toBe('Análise de custos - Camião 1');
    expect(one.deviceId).toBe(f.a.id);
    expect(one.header[0]).toBe('Mês');
    expect(one.data.map((row: Result) => row[0])).toEqual([
      '01/2025',
      '02/2025',
      '03/2025',
      '04/2025',
      '05/2025',
      '06/2025',
      '07/2025',
      '08/2025',
      '09/2025',
      '10/2025',
      '11/2025',
      '12/2025',
    ]);
    expect(one.data[2]).toEqual([
      '03/2025',
      1000.5,
      6000,
      0,
      0,
      18500,
      7500,
      0,
      33000.5,
      90,
      1.5,
      20,
      366.67,
      22000.33,
    ]);
    // the refill at 23:30 on 31 December is of 2025 in Luanda; the one at 00:30 on 1 January is not
    expect(one.data[11]).toEqual(['12/2025', 0, 9000, 0, 0, 0, 0, 0, 9000, 0, 0, 30, null, null]);
    expect(one.footer[0][8]).toBe(392000.5);
    expect(two.footer[0]).toEqual([
      'Total',
      0,
      3600,
      0,
      1000,
      0,
      0,
      2000.5,
      6600.5,
      100,
      2,
      12,
      66.01,
      3300.25,
    ]);
  });

  it('cost analysis: by the year field, one vehicle; nothing in a year without costs or km', async () => {
    const r = await c.post(analysis, { devices: [f.b.id], year: 2025 });
    expect(r.status).toBe(200);
    expect(r.body[0].subtitle).toBe('01/01/2025 00:00:00 - 31/12/2025 23:59:59');
    expect(r.body[0].footer[0][9]).toBe(6600.5);
    const empty = await c.post(analysis, { devices: both, year: '2023' });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
  });

  it('cost list: every line of the year, totals per type and per vehicle', async () => {
    const r = await c.post(costList, { devices: both, ...YEAR });
    expect(r.status).toBe(200);
    const [list, types, vehicles]: Result[] = r.body;
    expect(list.title).toBe('Lista de custos');
    expect(list.header).toEqual([
      'Data',
      'Veículo',
      'Matrícula',
      'Tipo',
      'Descrição',
      'Entidade',
      'Factura',
      'Km',
      'Litros',
      'Valor',
    ]);
    expect(list.data.map((row: Result) => [row[0], row[1], row[3], row[9]])).toEqual([
      ['15/01/2025', 'Camião 1', 'Seguro', 350000],
      ['05/03/2025', 'Camião 1', 'Manutenção', 1000.5],
      ['10/03/2025', 'Camião 1', 'Abastecimento', 6000],
      ['10/03/2025', 'Camião 2', 'Abastecimento', 3600],
      ['20/03/2025', 'Camião 1', 'Imposto', 18500],
      ['25/03/2025', 'Camião 1', 'Limpeza', 7500],
      ['01/07/2025', 'Camião 2', 'Outro', 2000.5],
      ['02/07/2025', 'Camião 2', 'Licença', 1000],
      ['31/12/2025', 'Camião 1', 'Abastecimento', 9000],
    ]);
    expect(list.data[1]).toEqual([
      '05/03/2025',
      'Camião 1',
      'LD-11-00-AA',
      'Manutenção',
      'Revisão geral',
      'Oficina Central',
      'FT 2025-03-05',
      10000,
      null,
      1000.5,
    ]);
    expect(list.data[2].slice(4, 9)).toEqual(['Gasóleo', 'Posto Viana', expect.any(String), 10060, 20]);
    expect(list.footer).toEqual([['Total', '', '', '9 linhas', '', '', '', null, 62, FLEET_TOTAL]]);
    expect(types.data).toEqual([
      ['Manutenção', 1, 1000.5, 0.3],
      ['Abastecimento', 3, 18600, 4.7],
      ['Seguro', 1, 350000, 87.8],
      ['Licença', 1, 1000, 0.3],
      ['Imposto', 1, 18500, 4.6],
      ['Limpeza', 1, 7500, 1.9],
      ['Outro', 1, 2000.5, 0.5],
    ]);
    expect(types.footer).toEqual([['Total', 9, FLEET_TOTAL, 100]]);
    expect(types.data_pie1).toHaveLength(7);
    expect(vehicles.data).toEqual([
      ['Camião 1', 'LD-11-00-AA', 1000.5, 15000, 350000, 0, 18500, 7500, 0, 392000.5],
      ['Camião 2', 'LD-22-00-BB', 0, 3600, 0, 1000, 0, 0, 2000.5, 6600.5],
    ]);
    expect(vehicles.footer[0].at(-1)).toBe(FLEET_TOTAL);
  });

  it('cost list: only the chosen cost types (array or comma text); an unknown type is refused', async () => {
    const r = await c.post(costList, { devices: both, ...YEAR, cost_types: ['tax', 'refill'] });
    const [list, types, vehicles]: Result[] = r.body;
    expect(list.data.map((row: Result) => row[3])).toEqual([
      'Abastecimento',
      'Abastecimento',
      'Imposto',
      'Abastecimento',
    ]);
    expect(list.footer[0][9]).toBe(37100);
    expect(list.subtitle3).toBe('Tipos de custo: Abastecimento, Imposto');
    expect(types.data.map((row: Result) => row[0])).toEqual(['Abastecimento', 'Imposto']);
    expect(vehicles.header).toEqual(['Veículo', 'Matrícula', 'Abastecimento', 'Imposto', 'Total']);
    const text = await c.post(costList, { devices: both, ...YEAR, cost_types: 'insurance,license' });
    expect(text.body[0].footer[0][9]).toBe(351000);
    const none = await c.post(costList, {
      devices: both,
      ...YEAR,
      cost_types: ['cleaning'],
      to: '2025-02-28 23:59:59',
    });
    expect(none.body).toEqual([]);
    const bad = await c.post(costList, { devices: both, ...YEAR, cost_types: ['fuel'] });
    expect(bad.status).toBe(400);
    expect(bad.text).toBe('Tipo de custo inválido');
  });

  it('monthly litres: refilled and consumed per day, totals and L/100km', async () => {
    const r = await c.post(liters, { devices: both, month: '2025-03' });
    expect(r.status).toBe(200);
    const [one, two, fleet]: Result[] = r.body;
    expect(one.title).toBe('Litros mensais - Camião 1');
    expect(one.subtitle).toBe('01/03/2025 00:00:00 - 31/03/2025 23:59:59');
    expect(one.subtitle3).toBe('Origem do consumo: Sensor de combustível');
    expect(one.header).toEqual([
      'Data',
      'Abastecimentos',
      'Abastecido (L)',
      'Custo',
      'Consumido (L)',
      'Distância (km)',
      'L/100km',
    ]);
    expect(one.data).toHaveLength(1);
    const [day, count, refilled, cost, consumed, kms, per100] = one.data[0];
    expect([day, count, refilled, cost, kms]).toEqual(['10/03/2025', 1, 20, 6000, 90]);
    // 80 % - 91 % + 20 % refilled of a 100 L tank, as the fuel analysis measures the refill
    expect(consumed).toBeCloseTo(9, 0);
    expect(per100).toBeCloseTo(10, 0);
    expect(two.subtitle3).toBe('Origem do consumo: Abastecimentos');
    expect(two.data).toEqual([['10/03/2025', 1, 12, 3600, null, 100, null]]);
    // without a fuel level, the month's L/100km comes from the litres refilled
    expect(two.footer).toEqual([['Total', 1, 12, 3600, null, 100, 12]]);
    expect(fleet.title).toBe('Litros mensais - Frota');
    expect(fleet.data.map((row: Result) => row.at(-1))).toEqual(['Sensor de combustível', 'Abastecimentos']);
    expect(fleet.footer[0].slice(0, 5)).toEqual(['Total', '', 2, 32, 9600]);
    expect(fleet.footer[0][6]).toBe(190);
    expect(fleet.footer[0][7]).toBeCloseTo(11, 0);
    const april = await c.post(liters, { devices: both, month: '2025-04' });
    expect(april.body).toEqual([]);

    // once the segments job has read the day, the fuel and km come from its hours, with the same answer
    const db = server.services.db;
    let pass;
    do pass = await segmentPass(db);
    while (pass.more);
    const month = { from: DAY_TZ.toUtc(2025, 3, 1, 0), to: DAY_TZ.toUtc(2025, 4, 1, 0) - 1 };
    const stored = await storedFuelDays(db, f.a.id, deviceProfile(f.a.attributes), DAY_TZ, {
      ...month,
      end: month.to,
    });
    expect(stored?.handedOver).toBeDefined();
    expect((await c.post(liters, { devices: both, month: '2025-03' })).body).toEqual(r.body);
  });

  it('cost reports: at most 3650 days, whatever the number of vehicles', async () => {
    const tenYears = { from: '2016-01-04 00:00:00', to: '2025-12-31 23:59:59' };
    for (const path of [analysis, costList]) {
      const ok = await c.post(path, { devices: both, ...tenYears });
      expect(ok.status, path).toBe(200);
      const over = await c.post(path, { devices: [f.a.id], ...tenYears, from: '2016-01-03 00:00:00' });
      expect(over.status, path).toBe(400);
      expect(over.text).toBe('Por favor seleccione um período máximo de 3650 dias');
    }
    const list = await c.post(costList, { devices: both, ...tenYears });
    // the maintenance of 31/12/2024 is inside the ten years
    expect(list.body[0].footer[0][9]).toBe(FLEET_TOTAL + 999);
    // monthly litres keeps the standard rule: a month, or 31 days with several vehicles
    const long = await c.post(liters, { devices: both, ...YEAR });
    expect(long.status).toBe(400);
    expect(long.text).toBe('Por favor seleccione um período máximo de 31 dias');
    const bad = await c.post(analysis, { devices: both, year: '25' });
    expect(bad.text).toBe('Por favor seleccione um período válido');
  });

  it('access: 401 without a session, 403 without the permission, 404 for a vehicle not visible', async () => {
    for (const path of [analysis, costList, liters]) {
      const body = { devices: both, ...YEAR, month: '2025-03' };
      expect((await server.client().post(path, body)).status, path).toBe(401);
      expect((await f.reportsOnly.client.post(path, body)).status, path).toBe(403);
      expect((await c.post(path, { ...body, devices: [f.a.id, f.hidden.id] })).status, path).toBe(404);
    }
    // the administrator sees the third vehicle's cost
    const admin = await f.admin.post(costList, { devices: [f.hidden.id], ...YEAR });
    expect(admin.body[0].footer[0][9]).toBe(5000);
    // the catalogue offers the management reports to their users only
    const catalogue = (await c.get('/report/api.php/reports')).body as Array<{ name: string }>;
    expect(catalogue.map((r) => r.name)).toEqual([
      'management_analysis',
      'management_cost_list',
      'monthly_liters',
    ]);
    const other = (await f.reportsOnly.client.get('/report/api.php/reports')).body as Array<{ name: string }>;
    expect(other.map((r) => r.name)).toEqual(['km']);
  });

  it('OpenAPI: the three report calls with their columns', async () => {
    const doc = (await server.client().get('/api/openapi.json')).body as Result;
    const analysisDoc = doc.paths['/report/report_management_analysis.php'].post;
    expect(analysisDoc.summary).toBe('Análise de custos (permission management.analysis)');
    expect(analysisDoc.description).toContain('Custo/km (number)');
    expect(doc.paths['/report/report_management_cost_list.php'].post.description).toContain('Factura (text)');
    expect(doc.paths['/report/report_monthly_liters.php'].post.description).toContain('L/100km (number)');
  });

  it('excel: the cost list for the accountant, money as numbers with two decimals', async () => {
    const r = await download(c, costList, { devices: both, ...YEAR, format: 'excel' });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toMatch(
      /^attachment; filename="management_cost_list_.*\.xlsx"/,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(r.body as never);
    expect(book.worksheets.map((s) => s.name)).toEqual([
      'Lista de custos',
      'Totais por tipo de custo',
      'Totais por veículo',
    ]);
    const sheet = book.worksheets[0];
    let header = 0;
    sheet.eachRow((row, n) => {
      if (row.getCell(1).value === 'Data') header = n;
    });
    expect(header).toBeGreaterThan(1);
    const first = sheet.getRow(header + 1);
    expect(first.getCell(1).value).toEqual(new Date(Date.UTC(2025, 0, 15)));
    expect(first.getCell(10).value).toBe(350000);
    expect(first.getCell(10).numFmt).toBe('#,##0.00');
    const footer = sheet.getRow(header + 10);
    expect(footer.getCell(1).value).toBe('Total');
    expect(footer.getCell(10).value).toBe(FLEET_TOTAL);
    expect(footer.font?.bold).toBe(true);
    const perVehicle = book.worksheets[2];
    const last = perVehicle.getRow(perVehicle.rowCount);
    expect(last.getCell(1).value).toBe('Total');
    expect(last.getCell(10).value).toBe(FLEET_TOTAL);
  });

  it('csv: the cost analysis tables with their totals', async () => {
    const r = await download(c, analysis, { devices: both, ...YEAR, format: 'csv' });
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('content-disposition')).toMatch(
      /^attachment; filename="management_analysis_.*\.csv"/,
    );
    const rows = parseCsv(r.body.subarray(3).toString('utf8'));
    expect(rows[0]).toEqual(['Análise de custos - Frota']);
    const totals = rows.filter((row) => row[0] === 'Total');
    expect(totals).toHaveLength(3);
    expect(totals[0].slice(0, 10)).toEqual([
      'Total',
      '',
      '1000.5',
      '18600',
      '350000',
      '1000',
      '18500',
      '7500',
      '2000.5',
      String(FLEET_TOTAL),
    ]);
    expect(rows.find((row) => row[0] === '03/2025')?.[8]).toBe('33000.5');
  });

  it('xml: monthly litres parse back to the rows and totals', async () => {
    const r = await download(c, liters, { devices: both, month: '2025-03', format: 'xml' });
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="monthly_liters_.*\.xml"/);
    const doc = convert(r.body.toString('utf8'), { format: 'object' }) as Result;
    const reports = doc.reports.report;
    expect(reports.map((x: Result) => x['@title'])).toEqual([
      'Litros mensais - Camião 1',
      'Litros mensais - Camião 2',
      'Litros mensais - Frota',
    ]);
    expect(reports[1].rows.row.cell.slice(0, 4)).toEqual(['10/03/2025', '1', '12', '3600']);
    expect(reports[2].footer.row.cell.slice(0, 5)).toEqual(['Total', {}, '2', '32', '9600']);
  });

  it('pdf: each report is an A4 PDF with its totals; the analysis draws its bars and pie', async () => {
    for (const [path, body] of [
      [analysis, { devices: both, ...YEAR }],
      [costList, { devices: both, ...YEAR }],
      [liters, { devices: both, month: '2025-03' }],
    ] as const) {
      const r = await download(c, path, { ...body, format: 'pdf' });
      expect(r.status, path).toBe(200);
      expect(r.headers.get('content-type')).toBe('application/pdf');
      expect(r.body.subarray(0, 5).toString()).toBe('%PDF-');
      expect(r.body.toString('latin1')).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
    }
    // the refill bars of the monthly costs are drawn in orange (#ef6c00): in the analysis, not in the list
    const orange = '0.9372549019607843 0.4235294117647059 0 scn';
    const drawn = pdfStreams((await download(c, analysis, { devices: both, ...YEAR, format: 'pdf' })).body);
    expect(drawn).toContain(orange);
    const list = pdfStreams((await download(c, costList, { devices: both, ...YEAR, format: 'pdf' })).body);
    expect(list).not.toContain(orange);
    expect(list).toMatch(/ re\n/);
  });
});

describe('management reports in the contract', () => {
  const doc = readFileSync(new URL('../../src/reports/REPORTS.md', import.meta.url), 'utf8').replace(
    /[ \t]*\n(?![#|\n-])[ \t]*/g,
    ' ',
  );
  it('REPORTS.md and the OpenAPI description list every column of the three reports', () => {
    for (const name of ['management_analysis', 'management_cost_list', 'monthly_liters']) {
      const def = REPORTS.get(name)!;
      expect(typeof def.columns).toBe('string');
      const start = doc.indexOf(`### ${name} (`);
      const section = doc.slice(start, doc.indexOf('\n### ', start + 4));
      const titles = [
        ...(def.columns as string).matchAll(/([^:;,]+?) \((?:text|number|integer|date)\)/g),
      ].map((m) => m[1].trim());
      expect(titles.length, name).toBeGreaterThan(5);
      for (const title of titles) expect(section, `${name}: ${title}`).toContain(title);
    }
  });
});
