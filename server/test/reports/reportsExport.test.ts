import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { convert } from 'xmlbuilder2';
import { shapeDialects, startTestServer, type TestServer } from '../harness';
import { parseCsv } from '../csvRead';
import { reportFleet, type ReportFleet } from '../../src/reports/testing/fleet';
import { toCsv } from '../../src/reports/export/csv';
import { toXml } from '../../src/reports/export/xml';
import { toXlsx } from '../../src/reports/export/xlsx';
import { fileWords } from '../../src/reports/export/fileWords';
import { reportTranslator } from '../../src/reports/i18n/reportTexts';

const WORDS = fileWords(reportTranslator('pt'));
import { table, col } from '../../src/reports/model';

const DAY = { from: '2025-03-10 00:00:00', to: '2025-03-10 23:59:59' };

const pdfPages = (buf: Buffer) => (buf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;

async function download(
  c: { request: (m: string, p: string, b?: unknown) => Promise<any> },
  path: string,
  body: unknown,
) {
  const res = await fetch((c as any).base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: (c as any).cookie },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

describe.each(shapeDialects())('report files (%s)', (dialect) => {
  let server: TestServer;
  let f: ReportFleet;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    f = await reportFleet(server);
  });
  afterAll(async () => server.close());

  const file = (name: string, format: string, body: Record<string, unknown> = {}) =>
    download(f.manager.client, `/report/report_${name}.php`, { devices: [f.a.id], ...DAY, format, ...body });

  it('pdf: A4 landscape, opened inline, with pages', async () => {
    const r = await file('trips', 'pdf');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(r.headers.get('content-disposition')).toMatch(
      /^inline; filename="trips_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.pdf"/,
    );
    expect(r.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPages(r.body)).toBe(1);
    // A4 landscape: 841.89 x 595.28 points
    expect(r.body.toString('latin1')).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
    const many = await file('positions', 'pdf');
    expect(pdfPages(many.body)).toBeGreaterThan(1);
  });

  it('pdf: charts drawn for chart km and activity, and a file for an empty result', async () => {
    const chart = await file('chart_km', 'pdf', { to: '2025-03-16 23:59:59' });
    expect(chart.status).toBe(200);
    expect(pdfPages(chart.body)).toBe(1);
    // the bars: filled rectangles in the page content
    const activity = await file('activity', 'pdf');
    expect(activity.body.subarray(0, 5).toString()).toBe('%PDF-');
    const empty = await file('trips', 'pdf', { from: '2025-04-01 00:00:00', to: '2025-04-01 23:59:59' });
    expect(empty.status).toBe(200);
    expect(pdfPages(empty.body)).toBe(1);
  });

  it('excel: a sheet per table, styled header, typed numbers, dates and durations', async () => {
    const r = await file('trips', 'excel', { devices: [f.a.id, f.b.id] });
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="trips_.*\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(r.body as any);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Viagens - Camião 1']);
    const sheet = book.worksheets[0];
    expect(sheet.getCell('A1').value).toBe('Viagens - Camião 1');
    let headerRow = 0;
    sheet.eachRow((row, n) => {
      if (row.getCell(1).value === 'Início') headerRow = n;
    });
    expect(headerRow).toBeGreaterThan(1);
    const header = sheet.getRow(headerRow);
    expect(header.getCell(6).value).toBe('Distância (km)');
    expect(header.getCell(1).font?.bold).toBe(true);
    const first = sheet.getRow(headerRow + 1);
    expect(first.getCell(1).value).toEqual(new Date(Date.UTC(2025, 2, 10, 8, 0, 0)));
    expect(first.getCell(1).numFmt).toBe('dd/mm/yyyy hh:mm:ss');
    // a duration is a fraction of a day (30 min), which exceljs reads back as a time on 1899-12-30
    expect(first.getCell(5).value).toEqual(new Date(Date.UTC(1899, 11, 30, 0, 30, 0)));
    expect(first.getCell(5).numFmt).toBe('[h]:mm:ss');
    expect(first.getCell(6).value).toBe(31.3);
    const footer = sheet.getRow(headerRow + 5);
    expect(footer.getCell(1).value).toBe('Total');
    expect(footer.font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(headerRow + 5);
  });

  it('csv: RFC 4180 with a UTF-8 BOM, attachment', async () => {
    const r = await file('stops', 'csv');
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="stops_.*\.csv"/);
    expect([...r.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = r.body.subarray(3).toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(['Paragens - Camião 1']);
    const h = rows.findIndex((x) => x[0] === 'Início');
    expect(rows[h]).toEqual([
      'Início',
      'Fim',
      'Duração',
      'Tipo',
      'Ralenti',
      'Local',
      'Latitude',
      'Longitude',
      'Odómetro (km)',
    ]);
    expect(rows.slice(h + 1, h + 6).map((x) => x[3])).toEqual([
      'Ignição desligada',
      'Ignição desligada',
      'Ralenti',
      'Ignição desligada',
      'Ignição desligada',
    ]);
    // a place without address holds a comma: quoted, and read back whole
    expect(rows[h + 1][5]).toMatch(/^-8\.800000, 13\.\d{6}$/);
    expect(text).toContain('"-8.800000, 13.');
  });

  it('xml: parses back to the rows', async () => {
    const r = await file('trips', 'xml');
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="trips_.*\.xml"/);
    const doc = convert(r.body.toString('utf8'), { format: 'object' }) as any;
    const report = doc.reports.report;
    expect(report['@name']).toBe('trips');
    expect(report['@title']).toBe('Viagens - Camião 1');
    expect(report.columns.column[0]).toEqual({ '@type': 'datetime', '#': 'Início' });
    expect(report.rows.row).toHaveLength(4);
    expect(report.rows.row[0].cell[0]).toBe('10/03/2025 08:00:00');
  });

  it('drops columns with an empty title from every file', async () => {
    const result = table({
      report: 'x',
      title: 'X',
      subtitle: 'p',
      columns: [col('A'), col('', 'hidden'), col('B', 'number')],
      data: [['a, "q"', 7, 1.5]],
    });
    const csv = parseCsv(toCsv([result], 'X', WORDS).subarray(3).toString('utf8'));
    expect(csv.slice(2)).toEqual([
      ['A', 'B'],
      ['a, "q"', '1.5'],
    ]);
    const xml = convert(toXml([result], 'X', 'now').toString(), { format: 'object' }) as any;
    expect(xml.reports.report.columns.column.map((c: any) => c['#'])).toEqual(['A', 'B']);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await toXlsx([result], 'X', 'Frota', WORDS)) as any);
    expect(book.worksheets[0].getRow(4).values).toEqual([undefined, 'A', 'B']);
    const empty = toCsv([], 'Viagens', WORDS).toString('utf8');
    expect(empty).toContain('Sem dados.');
  });

  it('opens an Arabic reader’s Excel sheets from the right', async () => {
    const result = table({ report: 'x', title: 'X', subtitle: 'p', columns: [col('A')], data: [['a']] });
    const sheetView = async (language: string) => {
      const book = new ExcelJS.Workbook();
      const words = fileWords(reportTranslator(language));
      await book.xlsx.load((await toXlsx([result], 'X', 'Frota', words)) as any);
      return book.worksheets[0].views[0];
    };
    expect((await sheetView('ar')).rightToLeft).toBe(true);
    expect((await sheetView('pt')).rightToLeft).toBeFalsy();
  });
});
