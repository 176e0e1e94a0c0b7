import { GridRow, type GridRowProps } from '@mui/x-data-grid';

/** Test attributes a list puts on each row: a test id and the row's id under a name of the screen's. */
export interface ListRowAttributes {
  rowTestId?: string;
  /** `event-id` gives each row `data-event-id="{id}"`. */
  rowIdAttribute?: string;
}

/** The grid's row with the list's test attributes. */
export function ListRow({ rowTestId, rowIdAttribute, ...props }: GridRowProps & ListRowAttributes) {
  const attributes = rowIdAttribute ? { [`data-${rowIdAttribute}`]: String(props.rowId) } : {};
  return <GridRow {...props} data-testid={rowTestId} {...attributes} />;
}
