import { GridRow, type GridRowProps } from '@mui/x-data-grid';

/** Test attributes a list puts on each row: a test id and the row's id under a name of the screen's. */
export interface ListRowAttributes {
  rowTestId?: string;
  /** `event-id` gives each row `data-event-id="{id}"`. */
  rowIdAttribute?: string;
  /** Further `data-*` attributes from the row itself (`{ state: 'soon' }` → `data-state="soon"`). */
  rowData?: (row: never) => Record<string, string>;
}

/** The grid's row with the list's test attributes. */
export function ListRow({ rowTestId, rowIdAttribute, rowData, ...props }: GridRowProps & ListRowAttributes) {
  const attributes: Record<string, string> = rowIdAttribute
    ? { [`data-${rowIdAttribute}`]: String(props.rowId) }
    : {};
  for (const [key, value] of Object.entries(rowData?.(props.row as never) ?? {}))
    attributes[`data-${key}`] = value;
  return <GridRow {...props} data-testid={rowTestId} {...attributes} />;
}
