import type { GridColDef, GridSortModel, GridValidRowModel } from '@mui/x-data-grid';
import { compareText } from './listSearch';

/** Marks the heading row of a group in a grouped list; heading rows have negative ids. */
export const GROUP_HEADING = '__groupHeading';

export interface GroupHeading {
  id: number;
  [GROUP_HEADING]: string;
  count: number;
}

export const isGroupHeading = (row: unknown): row is GroupHeading =>
  typeof row === 'object' && row !== null && GROUP_HEADING in row;

/** The value a column sorts by: its valueGetter's answer, or the row field. */
function cellValue<R extends GridValidRowModel>(row: R, column: GridColDef<R>): unknown {
  const raw = row[column.field] as never;
  return column.valueGetter ? column.valueGetter(raw, row, column, { current: null } as never) : raw;
}

function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (a === null || a === undefined || a === '') return b === null || b === undefined || b === '' ? 0 : -1;
  if (b === null || b === undefined || b === '') return 1;
  return compareText(a, b);
}

/** Rows sorted the way the grid would sort them by the first item of the sort model. */
export function sortRows<R extends GridValidRowModel>(
  rows: readonly R[],
  columns: GridColDef<R>[],
  model: GridSortModel,
): R[] {
  const first = model[0];
  const column = first && columns.find((c) => c.field === first.field);
  if (!first || !column || !first.sort) return [...rows];
  const direction = first.sort === 'desc' ? -1 : 1;
  const compare = column.sortComparator
    ? (a: R, b: R) =>
        column.sortComparator!(
          cellValue(a, column) as never,
          cellValue(b, column) as never,
          {} as never,
          {} as never,
        )
    : (a: R, b: R) => compareValues(cellValue(a, column), cellValue(b, column));
  return [...rows].sort((a, b) => direction * compare(a, b));
}

/**
 * Rows grouped under heading rows: groups in name order (rows without a group last), each heading followed
 * by its rows in the current sort order.
 */
export function groupRows<R extends GridValidRowModel & { id: number }>(
  rows: readonly R[],
  groupOf: (row: R) => string,
  columns: GridColDef<R>[],
  model: GridSortModel,
): Array<R | GroupHeading> {
  const groups = new Map<string, R[]>();
  for (const row of sortRows(rows, columns, model)) {
    const name = groupOf(row);
    groups.set(name, [...(groups.get(name) ?? []), row]);
  }
  const names = [...groups.keys()].sort((a, b) => (a === '' ? 1 : b === '' ? -1 : compareText(a, b)));
  return names.flatMap((name, index) => [
    { id: -(index + 1), [GROUP_HEADING]: name, count: groups.get(name)!.length },
    ...groups.get(name)!,
  ]);
}
