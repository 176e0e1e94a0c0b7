import { useMemo, useState, type MouseEvent } from 'react';
import { Box } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type {} from '@mui/x-data-grid/themeAugmentation';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  DataGrid,
  GridActionsCellItem,
  useGridApiRef,
  type GridColDef,
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
import { filterRows } from './listSearch';
import { ListToolbar } from './ListToolbar';
import { formatSaveError } from './saveError';

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
}

/** The generic list of document 1 §6: search, sorting, pages of 10/50/100, export, add/edit/remove. */
export function DataList<R extends GridValidRowModel & { id: number }>(props: DataListProps<R>) {
  const { rows, columns, loading, title, exportName, editPath, canAdd, canEdit, canRemove, onRemove } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const apiRef = useGridApiRef();
  const { user } = useSession();
  const theme = useTheme();
  // A localeText prop replaces the theme's one (the grid's language), so the theme's texts are kept under ours.
  const localeText = useMemo(
    () => ({
      ...theme.components?.MuiDataGrid?.defaultProps?.localeText,
      noRowsLabel: t('noData'),
      noResultsOverlayLabel: t('noData'),
    }),
    [theme, t],
  );
  const writable = !user?.readonly;
  const [query, setQuery] = useState('');
  const [removing, setRemoving] = useState<R | null>(null);
  const [error, setError] = useState<string | null>(null);

  const { searchTexts, itemName } = props;
  const visibleRows = useMemo(
    () => filterRows(rows ?? [], query, searchTexts ?? ((row) => columns.map((column) => row[column.field]))),
    [rows, query, searchTexts, columns],
  );

  const allColumns = useMemo<GridColDef<R>[]>(() => {
    const showEdit = !!editPath && canEdit;
    const showRemove = writable && canRemove && !!onRemove;
    if (!showEdit && !showRemove) return columns;
    const actions: GridColDef<R> = {
      field: 'actions',
      type: 'actions',
      headerName: '',
      width: 96,
      disableExport: true,
      getActions: ({ row }) => [
        ...(showEdit
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
        ...(showRemove
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
      ],
    };
    return [...columns, actions];
  }, [columns, editPath, canEdit, canRemove, onRemove, writable, navigate, t]);

  const onAdd =
    editPath && canAdd && writable
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
      />
      <Box sx={{ flex: 1, minHeight: 0 }}>
        <DataGrid
          apiRef={apiRef}
          rows={visibleRows}
          columns={allColumns}
          loading={loading}
          pageSizeOptions={PAGE_SIZES}
          initialState={{
            pagination: { paginationModel: { pageSize: DEFAULT_PAGE_SIZE } },
            sorting: { sortModel: props.initialSort ?? [] },
          }}
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
