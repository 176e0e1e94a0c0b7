/**
 * Excel: one sheet per table, title and subtitles on top, a styled header, typed cells (numbers, dates as
 * dates, durations as [h]:mm:ss) and the footer in bold.
 */
import ExcelJS from 'exceljs';
import type { Cell, ColumnType, ReportResult } from '../model';
import { durationSeconds, fileTables, NO_DATA, wallClock } from './tables';
import type { FileWords } from './fileWords';

const FORMATS: Partial<Record<ColumnType, string>> = {
  datetime: 'dd/mm/yyyy hh:mm:ss',
  date: 'dd/mm/yyyy',
  duration: '[h]:mm:ss',
};

function typed(v: Cell, type: ColumnType): ExcelJS.CellValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return v;
  if (type === 'datetime' || type === 'date') return wallClock(v) ?? v;
  if (type === 'duration') {
    const s = durationSeconds(v);
    return s === undefined ? v : s / 86_400;
  }
  return v;
}

function sheetName(title: string, used: Set<string>): string {
  const base =
    title
      .replace(/[[\]:*?/\\]/g, ' ')
      .slice(0, 28)
      .trim() || 'Relatório';
  let name = base;
  for (let i = 2; used.has(name.toLowerCase()); i++) name = `${base.slice(0, 26)} ${i}`;
  used.add(name.toLowerCase());
  return name;
}

export async function toXlsx(
  results: ReportResult[],
  title: string,
  client: string,
  words: FileWords,
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = client;
  book.created = new Date();
  const tables = fileTables(results);
  const used = new Set<string>();
  if (!tables.length) {
    const sheet = book.addWorksheet(sheetName(title, used), { views: [{ rightToLeft: words.rtl }] });
    sheet.addRow([title]).font = { bold: true, size: 14 };
    sheet.addRow([words.text(NO_DATA)]);
  }
  for (const t of tables) {
    const sheet = book.addWorksheet(sheetName(t.title, used));
    sheet.addRow([t.title]).font = { bold: true, size: 14 };
    for (const s of t.subtitles) sheet.addRow([s]).font = { italic: true };
    sheet.addRow([]);
    const header = sheet.addRow(t.header);
    header.eachCell((c) => {
      c.font = { bold: true, color: { argb: 'FFFFFFFF' } };
      c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F4E79' } };
      c.alignment = { vertical: 'middle', wrapText: true };
      c.border = { bottom: { style: 'thin' } };
    });
    sheet.views = [{ state: 'frozen', ySplit: header.number, rightToLeft: words.rtl }];
    const add = (row: Cell[], bold: boolean) => {
      const r = sheet.addRow(row.map((v, i) => typed(v, t.types[i])));
      row.forEach((_v, i) => {
        const fmt = FORMATS[t.types[i]];
        if (fmt) r.getCell(i + 1).numFmt = fmt;
        else if (t.formats[i] === 'currency') r.getCell(i + 1).numFmt = '#,##0.00';
        if (t.formats[i] === 'red') r.getCell(i + 1).font = { color: { argb: 'FFC00000' }, bold };
      });
      if (bold) r.font = { bold: true };
    };
    for (const row of t.data) add(row, false);
    for (const row of t.footer) add(row, true);
    t.header.forEach((h, i) => {
      const longest = Math.max(h.length, ...t.data.slice(0, 200).map((r) => String(r[i] ?? '').length));
      sheet.getColumn(i + 1).width = Math.min(60, Math.max(8, longest + 2));
    });
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
