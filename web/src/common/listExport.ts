import type { RefObject } from 'react';
import {
  gridFilteredSortedRowIdsSelector,
  type GridApi,
  type GridColDef,
  type GridRowId,
} from '@mui/x-data-grid';

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
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  await writeXlsxFile(gridTable(apiRef)).toFile(`${fileName}.xlsx`);
}
