import type { RefObject } from 'react';
import {
  gridFilteredSortedRowIdsSelector,
  type GridApi,
  type GridColDef,
  type GridRowId,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { csvText } from '@frota/core/csv';

const exportable = (column: GridColDef): boolean => !column.disableExport && column.type !== 'actions';

/** Data rows only: the heading rows of a grouped list (negative ids) are not exported. */
const dataRowIds = (apiRef: RefObject<GridApi | null>): GridRowId[] =>
  gridFilteredSortedRowIdsSelector(apiRef as RefObject<GridApi>).filter((id) => Number(id) >= 0);

/** Downloads the grid's rows (filtered and sorted, every page) as CSV, with a BOM so spreadsheets read UTF-8. */
export function exportCsv(apiRef: RefObject<GridApi | null>, fileName: string): void {
  apiRef.current?.exportDataAsCsv({ fileName, utf8WithBom: true, getRowsToExport: () => dataRowIds(apiRef) });
}

/** The same rows and columns as the CSV export, as a table of formatted values. */
export function gridTable(apiRef: RefObject<GridApi | null>): string[][] {
  const api = apiRef.current;
  if (!api) return [];
  const columns = api.getVisibleColumns().filter(exportable);
  const ids = dataRowIds(apiRef);
  const header = columns.map((column) => column.headerName ?? column.field);
  const body = ids.map((id) => {
    const row = api.getRow(id);
    return columns.map((column) => {
      const value: unknown = row ? api.getRowFormattedValue(row, column) : '';
      return value === null || value === undefined ? '' : String(value);
    });
  });
  return [header, ...body];
}

/** Downloads the grid's rows as an Excel workbook. */
export async function exportExcel(apiRef: RefObject<GridApi | null>, fileName: string): Promise<void> {
  await downloadExcel(gridTable(apiRef), fileName);
}

/** Downloads a table (header first) as a CSV file with a BOM, as the grid's own CSV export does. */
export function downloadCsv(table: string[][], fileName: string): void {
  // the shared writer: RFC 4180, and formula-like cells neutralised as in every other export
  const text = csvText(table, { bom: true });
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${fileName}.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export async function downloadExcel(table: string[][], fileName: string): Promise<void> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  await writeXlsxFile(table).toFile(`${fileName}.xlsx`);
}

/**
 * Rows the grid does not hold (a server-paged list's other pages) as a table of the visible columns'
 * formatted values, the way the grid's own export formats its rows.
 */
export function rowsTable<R extends GridValidRowModel>(
  apiRef: RefObject<GridApi | null>,
  rows: readonly R[],
): string[][] {
  const api = apiRef.current;
  if (!api) return [];
  const columns = api.getVisibleColumns().filter(exportable) as GridColDef<R>[];
  const header = columns.map((column) => column.headerName ?? column.field);
  const body = rows.map((row) => {
    return columns.map((column) => {
      const raw = row[column.field] as never;
      const value = column.valueGetter ? column.valueGetter(raw, row, column, apiRef as never) : raw;
      const shown: unknown = column.valueFormatter
        ? column.valueFormatter(value as never, row, column, apiRef as never)
        : value;
      return shown === null || shown === undefined ? '' : String(shown);
    });
  });
  return [header, ...body];
}
