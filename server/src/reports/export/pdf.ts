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
import type { FileWords } from './fileWords';
import { withArabicFont } from './pdfBidi';

/** pdfmake lays out every row in memory; beyond this a table is cut (Excel and CSV hold everything). */
export const MAX_PDF_ROWS = 20_000;

/**
 * A column title cut only between words, never inside a unit or a figure: "Vel. média (km/h)" may wrap
 * before "(km/h)" but never into "(km/" and "h)".
 */
export function headerCell(title: string, alignment: 'left' | 'right' = 'left'): TableCell {
  const words = title.split(' ');
  return {
    text: words.map((w, i) => ({ text: i < words.length - 1 ? `${w} ` : w, noWrap: /[/()%]/.test(w) })),
    style: 'th',
    alignment,
  };
}

function fontSizeFor(columns: number): number {
  if (columns > 30) return 4.5;
  if (columns > 20) return 5.5;
  if (columns > 12) return 6.5;
  return 8;
}

function tableContent(t: FileTable, words: FileWords): Content[] {
  // a table's title stays on the page of its first rows (headlineLevel: see pageBreakBefore below)
  const out: Content[] = [
    { text: t.title, style: 'title', headlineLevel: 1, alignment: words.rtl ? 'right' : 'left' },
  ];
  const side = words.rtl ? 'right' : 'left';
  for (const s of t.subtitles) out.push({ text: s, style: 'subtitle', alignment: side });
  if (t.source.chart) out.push(barChart(t.source.chart, words));
  if (t.source.cost_chart) out.push(costChart(t.source.cost_chart, words));
  if (t.source.data_pie1?.length) out.push(pieChart(t.source.data_pie1, words));
  const size = fontSizeFor(t.header.length);
  // text starts where the reader starts (right in Arabic); figures stay right-aligned
  const align = (i: number) =>
    (['number', 'integer'].includes(t.types[i]) || words.rtl ? 'right' : 'left') as 'right' | 'left';
  // numbers as the reader writes them, money with its two decimals
  const cell = (c: Cell, i: number): string =>
    typeof c === 'number'
      ? words.number(c, t.formats[i] === 'currency' ? 2 : { min: 0, max: 3 })
      : c === null || c === undefined
        ? ''
        : String(c);
  const rows = t.data.length > MAX_PDF_ROWS ? t.data.slice(0, MAX_PDF_ROWS) : t.data;
  // a right-to-left reader's first column is on the right
  const mirror = <T>(row: T[]): T[] => (words.rtl ? [...row].reverse() : row);
  const body: TableCell[][] = [
    t.header.map((h, i) => headerCell(h, align(i))),
    ...rows.map((row) =>
      row.map((c, i) => ({
        text: cell(c, i),
        alignment: align(i),
        color: t.formats[i] === 'red' ? '#c00000' : undefined,
      })),
    ),
    ...t.footer.map((row) => row.map((c, i) => ({ text: cell(c, i), bold: true, alignment: align(i) }))),
  ].map(mirror);
  const grid: Content = {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: mirror(t.types.map((type) => (type === 'text' ? '*' : 'auto'))),
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
  };
  // a table narrower than the page stands where the reader starts: on the right in Arabic
  const narrow = !t.types.includes('text');
  out.push(
    words.rtl && narrow
      ? {
          columns: [
            { width: '*', text: '' },
            { width: 'auto', ...grid },
          ],
        }
      : grid,
  );
  if (rows.length < t.data.length)
    out.push({
      text: words.text(`Limitado a ${MAX_PDF_ROWS} linhas: use Excel ou CSV para o relatório completo.`),
      style: 'subtitle',
    });
  return out;
}

/** The document pdfmake lays out (its own function so the tests read what each page will say). */
export function pdfDocument(
  results: ReportResult[],
  title: string,
  client: string,
  generated: string,
  words: FileWords,
): TDocumentDefinitions {
  const tables = fileTables(results);
  // tables follow each other on the page (21 short trip tables fill a few pages, not 21)
  const content: Content[] = tables.length
    ? tables.flatMap((t) => tableContent(t, words))
    : [{ text: title, style: 'title' }, { text: words.text(NO_DATA) }];
  return {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [30, 40, 30, 36],
    info: { title, author: client, creator: client },
    header: (): Content => ({
      columns: (<Content[]>[
        { text: client, bold: true, fontSize: 9, alignment: words.rtl ? 'right' : 'left' },
        { text: title, fontSize: 9, alignment: 'center' },
        { text: generated, fontSize: 8, alignment: words.rtl ? 'left' : 'right', color: '#555555' },
      ])[words.rtl ? 'reverse' : 'slice'](),
      margin: [30, 16, 30, 0],
    }),
    footer: (page: number, pages: number) => ({
      text: words.text(`Página ${page} / ${pages}`),
      alignment: 'center',
      fontSize: 8,
      margin: [0, 12, 0, 0],
    }),
    content,
    // a title never ends a page: it moves to the next one with its table
    pageBreakBefore: (node, following) =>
      node.headlineLevel === 1 && following.getFollowingNodesOnPage().length < 6,
    defaultStyle: { font: 'Roboto', fontSize: 8 },
    styles: {
      title: { fontSize: 13, bold: true, margin: [0, 0, 0, 2] },
      subtitle: { fontSize: 8, color: '#444444' },
      th: { bold: true, color: '#ffffff' },
    },
  };
}

export async function toPdf(
  results: ReportResult[],
  title: string,
  client: string,
  generated: string,
  words: FileWords,
): Promise<Buffer> {
  return pdfmakeReady()
    .createPdf(withArabicFont(pdfDocument(results, title, client, generated, words)))
    .getBuffer();
}
