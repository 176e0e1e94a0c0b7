/**
 * PDF: A4 landscape; the client's name, the report name and the page number (n / N) on every page; each
 * table titled, its header repeated on each page, footer rows in bold; chart_km bars, the monthly cost bars
 * of the management analysis and the pies (activity, costs by type); money with two decimals.
 */
import { pdfmakeReady } from './pdfmakeSetup';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { Cell, ReportResult } from '../model';
import { fileTables, NO_DATA, type FileTable } from './tables';
import { barChart, costChart, pieChart } from './pdfCharts';

/** pdfmake lays out every row in memory; beyond this a table is cut (Excel and CSV hold everything). */
export const MAX_PDF_ROWS = 20_000;

const text = (v: Cell): string => (v === null || v === undefined ? '' : String(v));

function fontSizeFor(columns: number): number {
  if (columns > 30) return 4.5;
  if (columns > 20) return 5.5;
  if (columns > 12) return 6.5;
  return 8;
}

function tableContent(t: FileTable): Content[] {
  const out: Content[] = [{ text: t.title, style: 'title' }];
  for (const s of t.subtitles) out.push({ text: s, style: 'subtitle' });
  if (t.source.chart) out.push(barChart(t.source.chart));
  if (t.source.cost_chart) out.push(costChart(t.source.cost_chart));
  if (t.source.data_pie1?.length) out.push(pieChart(t.source.data_pie1));
  const size = fontSizeFor(t.header.length);
  const align = (i: number) =>
    (['number', 'integer'].includes(t.types[i]) ? 'right' : 'left') as 'right' | 'left';
  // money with its two decimals
  const cell = (c: Cell, i: number): string =>
    t.formats[i] === 'currency' && typeof c === 'number' ? c.toFixed(2) : text(c);
  const rows = t.data.length > MAX_PDF_ROWS ? t.data.slice(0, MAX_PDF_ROWS) : t.data;
  const body: TableCell[][] = [
    t.header.map((h) => ({ text: h, style: 'th' })),
    ...rows.map((row) =>
      row.map((c, i) => ({
        text: cell(c, i),
        alignment: align(i),
        color: t.formats[i] === 'red' ? '#c00000' : undefined,
      })),
    ),
    ...t.footer.map((row) => row.map((c, i) => ({ text: cell(c, i), bold: true, alignment: align(i) }))),
  ];
  out.push({
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: t.types.map((type) => (type === 'text' ? '*' : 'auto')),
      body,
    },
    layout: {
      hLineWidth: (i: number) => (i <= 1 ? 0.8 : 0.3),
      vLineWidth: () => 0,
      hLineColor: () => '#999999',
      fillColor: (row: number) => (row === 0 ? '#1f4e79' : row % 2 === 0 ? '#f3f6fa' : null),
      paddingLeft: () => 3,
      paddingRight: () => 3,
      paddingTop: () => 1.5,
      paddingBottom: () => 1.5,
    },
    fontSize: size,
    margin: [0, 4, 0, 14],
  });
  if (rows.length < t.data.length)
    out.push({
      text: `Limitado a ${MAX_PDF_ROWS} linhas: use Excel ou CSV para o relatório completo.`,
      style: 'subtitle',
    });
  return out;
}

export async function toPdf(
  results: ReportResult[],
  title: string,
  client: string,
  generated: string,
): Promise<Buffer> {
  const pdfmake = pdfmakeReady();
  const tables = fileTables(results);
  const content: Content[] = tables.length
    ? tables.flatMap((t, i) =>
        i > 0 ? [{ text: '', pageBreak: 'before' as const }, ...tableContent(t)] : tableContent(t),
      )
    : [{ text: title, style: 'title' }, { text: NO_DATA }];
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [30, 40, 30, 36],
    info: { title, author: client, creator: client },
    header: () => ({
      columns: [
        { text: client, bold: true, fontSize: 9 },
        { text: title, fontSize: 9, alignment: 'center' },
        { text: generated, fontSize: 8, alignment: 'right', color: '#555555' },
      ],
      margin: [30, 16, 30, 0],
    }),
    footer: (page: number, pages: number) => ({
      text: `Página ${page} / ${pages}`,
      alignment: 'center',
      fontSize: 8,
      margin: [0, 12, 0, 0],
    }),
    content,
    defaultStyle: { font: 'Roboto', fontSize: 8 },
    styles: {
      title: { fontSize: 13, bold: true, margin: [0, 0, 0, 2] },
      subtitle: { fontSize: 8, color: '#444444' },
      th: { bold: true, color: '#ffffff' },
    },
  };
  return pdfmake.createPdf(doc).getBuffer();
}
