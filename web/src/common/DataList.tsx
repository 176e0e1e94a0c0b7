import { useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { Box } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  DataGrid,
  GridActionsCellItem,
  useGridApiRef,
  type GridColDef,
  type GridRenderCellParams,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../api/client';
import { useSession } from '../app/sessionContext';
import { ConfirmDialog } from './ConfirmDialog';
import { ErrorDialog } from './MessageDialog';
import { exportCsv, exportExcel } from './listExport';
import { GROUP_HEADING, groupRows, isGroupHeading, sortRows } from './groupRows';
import { filterRows } from './listSearch';
import { gridTexts } from './gridTexts';
import { ListToolbar } from './ListToolbar';
import { formatSaveError } from './saveError';
import { listActions, rowActions } from './listActions';

export const PAGE_SIZES = [10, 50, 100];
export const DEFAULT_PAGE_SIZE = 50;

export interface DataListProps<R extends GridValidRowModel & { id: number }> {
  rows: R[] | undefined;
  columns: GridColDef<R>[];
  loading?: boolean;
  title?: string;
  /** File name of the CSV and Excel exports, without extension. */
  exportName: string;
  /** Add goes to `{editPath}` (Ctrl+click: `{editPath}_import`), edit to `{editPath}/{id}`. */
  editPath?: string;
  canAdd?: boolean;
  canEdit?: boolean;
  canRemove?: boolean;
  onRemove?: (row: R) => Promise<void>;
  /** Name shown in the delete confirmation. */
  itemName?: (row: R) => string;
  /** Texts the search box looks in; defaults to the columns' fields. */
  searchTexts?: (row: R) => unknown[];
  search?: boolean;
  initialSort?: GridSortModel;
  /** Shows the rows under a heading row per group name (in name order), sorted within each group. */
  groupBy?: (row: R) => string;
  /** Controls of the screen in the toolbar (grouping switch, import button). */
  toolbarExtra?: ReactNode;
  /** Edit and remove buttons before the columns (wide lists, where the last column is off screen). */
  actionsFirst?: boolean;
  /** Rows that have a row menu (inactive vehicles have none); every row when omitted. */
  rowActive?: (row: R) => boolean;
}

/** The first column spans the whole heading row of a group and shows the group's name and count. */
function withGroupHeadings<R extends GridValidRowModel>(
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

/** The generic list of document 1 §6: search, sorting, pages of 10/50/100, export, add/edit/remove. */
export function DataList<R extends GridValidRowModel & { id: number }>(props: DataListProps<R>) {
  const { rows, columns, loading, title, exportName, editPath, canAdd, canEdit, canRemove, onRemove } = props;
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const apiRef = useGridApiRef();
  const { user } = useSession();
  const language = i18n.language;
  const localeText = useMemo(
    () => ({ ...gridTexts(language), noRowsLabel: t('noData'), noResultsOverlayLabel: t('noData') }),
    [language, t],
  );
  const offered = useMemo(
    () => listActions(user, { editPath, canAdd, canEdit, canRemove, hasRemove: !!onRemove }),
    [user, editPath, canAdd, canEdit, canRemove, onRemove],
  );
  const [query, setQuery] = useState('');
  const [removing, setRemoving] = useState<R | null>(null);
  const [error, setError] = useState<string | null>(null);

  const [sortModel, setSortModel] = useState<GridSortModel>(props.initialSort ?? []);

  const { searchTexts, itemName, groupBy, rowActive, actionsFirst } = props;
  const visibleRows = useMemo(() => {
    const found = filterRows(
      rows ?? [],
      query,
      searchTexts ?? ((row) => columns.map((column) => row[column.field])),
    );
    // The list sorts its rows itself (the grid only shows them), so grouped lists keep each row under its heading.
    return groupBy
      ? (groupRows(found, groupBy, columns, sortModel) as R[])
      : sortRows(found, columns, sortModel);
  }, [rows, query, searchTexts, columns, groupBy, sortModel]);

  const allColumns = useMemo<GridColDef<R>[]>(() => {
    const { edit: showEdit, remove: showRemove } = offered;
    const active = (row: R) => !isGroupHeading(row) && (rowActive?.(row) ?? true);
    const shown = groupBy
      ? withGroupHeadings(columns, columns.length + (showEdit || showRemove ? 1 : 0))
      : columns;
    if (!showEdit && !showRemove) return shown;
    const actions: GridColDef<R> = {
      field: 'actions',
      type: 'actions',
      headerName: '',
      width: (showEdit ? 48 : 0) + (showRemove ? 48 : 0),
      disableExport: true,
      getActions: ({ row }) => {
        const { edit, remove } = rowActions(offered, active(row));
        return [
          ...(edit
            ? [
                <GridActionsCellItem
                  key="edit"
                  icon={<EditIcon />}
                  label={t('edit')}
                  onClick={() => void navigate(`${editPath}/${row.id}`)}
                  data-testid="list-edit"
                />,
              ]
            : []),
          ...(remove
            ? [
                <GridActionsCellItem
                  key="remove"
                  icon={<DeleteIcon />}
                  label={t('remove')}
                  onClick={() => setRemoving(row)}
                  data-testid="list-remove"
                />,
              ]
            : []),
        ];
      },
    };
    return actionsFirst ? [actions, ...shown] : [...shown, actions];
  }, [columns, offered, navigate, t, groupBy, editPath, actionsFirst, rowActive]);

  const onAdd =
    editPath && offered.add
      ? (event: MouseEvent) => void navigate(event.ctrlKey ? `${editPath}_import` : editPath)
      : undefined;

  const confirmRemove = async () => {
    const row = removing;
    setRemoving(null);
    if (!row || !onRemove) return;
    try {
      await onRemove(row);
    } catch (e) {
      setError(e instanceof ApiError ? formatSaveError(e.status, e.statusText, e.body) : String(e));
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 400 }}>
      <ListToolbar
        title={title}
        search={query}
        onSearch={props.search === false ? undefined : setQuery}
        onExportCsv={() => exportCsv(apiRef, exportName)}
        onExportExcel={() => void exportExcel(apiRef, exportName)}
        onAdd={onAdd}
        extra={props.toolbarExtra}
      />
      <Box sx={{ flex: 1, minHeight: 0 }}>
        <DataGrid
          apiRef={apiRef}
          rows={visibleRows}
          columns={allColumns}
          loading={loading}
          pageSizeOptions={PAGE_SIZES}
          initialState={{ pagination: { paginationModel: { pageSize: DEFAULT_PAGE_SIZE } } }}
          sortModel={sortModel}
          onSortModelChange={setSortModel}
          sortingMode="server"
          getRowClassName={({ row }) => (isGroupHeading(row) ? 'list-group-heading' : '')}
          sx={{ '& .list-group-heading': { bgcolor: 'action.hover', fontWeight: 600 } }}
          localeText={localeText}
          disableRowSelectionOnClick
          density="compact"
        />
      </Box>
      <ConfirmDialog
        open={removing !== null}
        title={t('remove')}
        message={t('removeConfirm', { name: removing ? (itemName?.(removing) ?? String(removing.id)) : '' })}
        confirmLabel={t('remove')}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
      <ErrorDialog message={error} onClose={() => setError(null)} />
    </Box>
  );
}
