/** One report table as shown (searched and sorted rows, visible columns) to CSV or Excel. */
import { csvText } from '@frota/core/csv';
import { cellText, type CellFormatters } from './cellFormat';
import { shownCells, type Cell, type TableModel } from './resultModel';
import { downloadFile } from './runReport';

/** The table's text grid: header, rows, footer. */
export function tableGrid(model: TableModel, rows: Cell[][], f: CellFormatters): string[][] {
  const text = (row: Cell[]) =>
    model.columns.map((column, i) => cellText(shownCells(model, row)[i], { ...column, format: '' }, f));
  return [model.columns.map((column) => column.title), ...rows.map(text), ...model.footer.map(text)];
}

/** RFC 4180 by the shared writer: comma separated, quoted when needed, CRLF, formula-like cells neutralised. */
export const toCsv = (grid: string[][]): string => csvText(grid);

/** A file name from the table title: letters, digits, dashes. */
export const tableFileName = (title: string): string =>
  title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '') || 'report';

export function downloadTableCsv(model: TableModel, rows: Cell[][], f: CellFormatters): void {
  const blob = new Blob(['\uFEFF', toCsv(tableGrid(model, rows, f))], { type: 'text/csv;charset=utf-8' });
  downloadFile({ blob, fileName: `${tableFileName(model.title)}.csv` });
}

/** Excel keeps numbers as numbers. */
export async function downloadTableExcel(model: TableModel, rows: Cell[][]): Promise<void> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const cell = (value: Cell) => (value === null || value === undefined ? null : { value });
  const sheet = [
    model.columns.map((column) => ({ value: column.title, fontWeight: 'bold' as const })),
    ...[...rows, ...model.footer].map((row) => shownCells(model, row).map(cell)),
  ];
  await writeXlsxFile(sheet).toFile(`${tableFileName(model.title)}.xlsx`);
}
