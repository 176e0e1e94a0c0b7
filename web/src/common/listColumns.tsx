import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  GridActionsCellItem,
  type GridColDef,
  type GridRenderCellParams,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { GROUP_HEADING, isGroupHeading } from './groupRows';
import { rowActions, type RowActions } from './listActions';

/** The first column spans the whole heading row of a group and shows the group's name and count. */
export function withGroupHeadings<R extends GridValidRowModel>(
  columns: GridColDef<R>[],
  span: number,
): GridColDef<R>[] {
  return columns.map((column, index) =>
    index > 0
      ? column
      : {
          ...column,
          colSpan: (value, row, col, apiRef) =>
            isGroupHeading(row)
              ? span
              : typeof column.colSpan === 'function'
                ? column.colSpan(value, row, col, apiRef)
                : column.colSpan,
          renderCell: (params: GridRenderCellParams<R>) =>
            isGroupHeading(params.row) ? (
              <span data-testid="list-group-heading">
                {`${params.row[GROUP_HEADING]} (${params.row.count})`}
              </span>
            ) : column.renderCell ? (
              column.renderCell(params)
            ) : (
              params.formattedValue
            ),
        },
  );
}

export interface ActionsColumnOptions<R> {
  offered: RowActions;
  /** Rows that have a row menu (heading rows and inactive items have none). */
  active: (row: R) => boolean;
  onEdit: (row: R) => void;
  onRemove: (row: R) => void;
  labels: { edit: string; remove: string };
}

/** The edit and remove buttons of a row; null when the list offers neither. */
export function actionsColumn<R extends GridValidRowModel>({
  offered,
  active,
  onEdit,
  onRemove,
  labels,
}: ActionsColumnOptions<R>): GridColDef<R> | null {
  if (!offered.edit && !offered.remove) return null;
  return {
    field: 'actions',
    type: 'actions',
    headerName: '',
    width: (offered.edit ? 48 : 0) + (offered.remove ? 48 : 0),
    disableExport: true,
    getActions: ({ row }) => {
      const { edit, remove } = rowActions(offered, active(row));
      return [
        ...(edit
          ? [
              <GridActionsCellItem
                key="edit"
                icon={<EditIcon />}
                label={labels.edit}
                onClick={() => onEdit(row)}
                data-testid="list-edit"
              />,
            ]
          : []),
        ...(remove
          ? [
              <GridActionsCellItem
                key="remove"
                icon={<DeleteIcon />}
                label={labels.remove}
                onClick={() => onRemove(row)}
                data-testid="list-remove"
              />,
            ]
          : []),
      ];
    },
  };
}
