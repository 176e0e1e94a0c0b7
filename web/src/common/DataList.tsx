import { useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Box, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import {
  DataGrid,
  useGridApiRef,
  type GridColDef,
  type GridRowProps,
  type GridRowSelectionModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../api/client';
import { useSession } from '../session/sessionContext';
import { ConfirmDialog } from './ConfirmDialog';
import { ErrorDialog } from './MessageDialog';
import { downloadCsv, downloadExcel, exportCsv, exportExcel, rowsTable } from './listExport';
import { groupRows, isGroupHeading, sortRows } from './groupRows';
import { filterRows } from './listSearch';
import { gridTexts } from './gridTexts';
import { ListToolbar, type SelectionAction } from './ListToolbar';
import { formatSaveError } from './saveError';
import { listActions } from './listActions';
import { actionsColumn, withGroupHeadings } from './listColumns';
import { ListCards } from './ListCards';
import { ListRow, type ListRowAttributes } from './ListRow';
import { ListTotals, type ListTotal } from './ListTotals';
import { ScrollEdges } from './ScrollEdges';
import { cellToneClass, rowToneClass, toneStyles, type ListTone } from './listTones';
import { useListSearch } from './useListSearch';
import type { ServerList } from './useServerList';

/** Document 2 §9: lists page 50 rows, with 10, 50 or 100 offered; event tables page 100. */
export const PAGE_SIZES = [10, 50, 100];
export const DEFAULT_PAGE_SIZE = 50;
export const EVENT_PAGE_SIZE = 100;

/** The grid scales row heights by 0.7 (rounded down) in its compact density. */
const COMPACT_DENSITY = 0.7;

const NO_ROWS: never[] = [];
const EMPTY_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };

/** Whether the grid's selection (the ids it includes, or all but the ids it excludes) ticks a row. */
const ticked = (selection: GridRowSelectionModel, id: number): boolean =>
  selection.ids.has(id) === (selection.type === 'include');

/** The cards' tick boxes over the grid's selection. */
function cardSelection(
  selection: GridRowSelectionModel,
  setSelection: (next: GridRowSelectionModel) => void,
) {
  const include = selection.type === 'include';
  return {
    isSelected: (id: number) => ticked(selection, id),
    onToggle: (id: number, on: boolean) => {
      const ids = new Set(selection.ids);
      if (on === include) ids.add(id);
      else ids.delete(id);
      setSelection({ type: selection.type, ids });
    },
  };
}

export interface DataListProps<R extends GridValidRowModel & { id: number }> {
  /** The rows of a list the browser holds whole; a server-paged list passes `server` instead. */
  rows?: R[] | undefined;
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
  /** Keeps the search text between visits (this browser tab) under this key. */
  searchKey?: string;
  initialSort?: GridSortModel;
  /** Shows the rows under a heading row per group name (in name order), sorted within each group. */
  groupBy?: (row: R) => string;
  /** Controls of the screen in the toolbar (grouping switch, import button). */
  toolbarExtra?: ReactNode;
  /** Edit and remove buttons before the columns (wide lists, where the last column is off screen). */
  actionsFirst?: boolean;
  /** Rows that have a row menu (inactive vehicles have none); every row when omitted. */
  rowActive?: (row: R) => boolean;
  /** Page sizes offered (10, 50, 100 when omitted) and the first one (50 when omitted). */
  pageSizes?: number[];
  pageSize?: number;
  /** The field that titles a row's card on a phone (the first titled column when omitted). */
  cardTitle?: string;
  /** The grid on a phone too (lists that are read across, like a report table), not one card per row. */
  noCards?: boolean;
  /** Column titles wrap onto two lines instead of being cut (lists of many long titles). */
  wrapHeaders?: boolean;
  /** Cell texts wrap onto more lines, each row as tall as its longest text, instead of being cut. */
  wrapCells?: boolean;
  /** Row height in pixels (the compact density's when omitted). */
  rowHeight?: number;
  /** Shows the count of matching rows in the toolbar (`{idPrefix}-count`). */
  showCount?: boolean;
  /** A refresh button (`{idPrefix}-refresh`); server lists refetch their page when it is omitted. */
  onRefresh?: () => void;
  /** The colour of a row, from the screen's rule. */
  rowTone?: (row: R) => ListTone | null | undefined;
  /** The colour of one cell, from the screen's rule. */
  cellTone?: (row: R, field: string) => ListTone | null | undefined;
  /** Tick boxes on the rows and a toolbar button acting on the ticked ones. */
  selectionAction?: SelectionAction & { onAction: (rows: R[]) => void };
  /** Footer totals: fixed figures, or computed from the rows that match the search. */
  totals?: readonly ListTotal[] | ((rows: R[]) => ListTotal[]);
  /** Server-side paging, sorting and search (see useServerList) for lists of millions of rows. */
  server?: ServerList<R>;
  /** Prefix of the toolbar's test ids (`list` when omitted). */
  idPrefix?: string;
  /** Test attributes of each row. */
  rowAttributes?: ListRowAttributes;
  /** Text of an empty list (the shared "no data" text when omitted). */
  emptyText?: string;
  /**
   * What a row opens (an event's dialog): a click anywhere on the row but its own buttons and links, or
   * Enter on one of its cells.
   */
  onRowOpen?: (row: R) => void;
}

/** A click on a control inside a row (a button, a link, a box) belongs to that control, not to the row. */
const onControl = (target: EventTarget | null) =>
  target instanceof Element && !!target.closest('button, a, input, [role="button"], [role="checkbox"]');

/**
 * The generic list of document 1 §6: search, sorting, pages of 10/50/100, export, add/edit/remove; and,
 * where a screen asks for them, a count, refresh, row and cell colours, row selection with an action,
 * footer totals, a search kept between visits and server-side paging.
 */
export function DataList<R extends GridValidRowModel & { id: number }>(props: DataListProps<R>) {
  const { rows, columns, title, exportName, editPath, canAdd, canEdit, canRemove, onRemove, server } = props;
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const apiRef = useGridApiRef();
  const { user } = useSession();
  const language = i18n.language;
  const empty = props.emptyText ?? t('noData');
  const localeText = useMemo(
    () => ({ ...gridTexts(language), noRowsLabel: empty, noResultsOverlayLabel: empty }),
    [language, empty],
  );
  const offered = useMemo(
    () => listActions(user, { editPath, canAdd, canEdit, canRemove, hasRemove: !!onRemove }),
    [user, editPath, canAdd, canEdit, canRemove, onRemove],
  );
  const [localQuery, setLocalQuery] = useListSearch(props.searchKey);
  const query = server ? server.search : localQuery;
  const setQuery = server ? server.setSearch : setLocalQuery;
  const [removing, setRemoving] = useState<R | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selection, setSelection] = useState<GridRowSelectionModel>(EMPTY_SELECTION);
  const [localSort, setLocalSort] = useState<GridSortModel>(props.initialSort ?? []);
  const sortModel = server ? server.sortModel : localSort;
  const pageSizes = props.pageSizes ?? PAGE_SIZES;

  const { searchTexts, itemName, groupBy, rowActive, actionsFirst } = props;
  const visibleRows = useMemo(() => {
    if (server) return server.rows;
    const found = filterRows(
      rows ?? [],
      query,
      searchTexts ?? ((row) => columns.map((column) => row[column.field])),
    );
    // The list sorts its rows itself (the grid only shows them), so grouped lists keep each row under its heading.
    return groupBy
      ? (groupRows(found, groupBy, columns, sortModel) as R[])
      : sortRows(found, columns, sortModel);
  }, [server, rows, query, searchTexts, columns, groupBy, sortModel]);

  const allColumns = useMemo<GridColDef<R>[]>(() => {
    const actions = actionsColumn<R>({
      offered,
      active: (row) => !isGroupHeading(row) && (rowActive?.(row) ?? true),
      onEdit: (row) => void navigate(`${editPath}/${row.id}`),
      onRemove: setRemoving,
      labels: { edit: t('edit'), remove: t('remove') },
    });
    const shown = groupBy ? withGroupHeadings(columns, columns.length + (actions ? 1 : 0)) : columns;
    if (!actions) return shown;
    return actionsFirst ? [actions, ...shown] : [...shown, actions];
  }, [columns, offered, navigate, t, groupBy, editPath, actionsFirst, rowActive]);

  const dataRows = useMemo(() => visibleRows.filter((row) => !isGroupHeading(row)), [visibleRows]);
  const selectedRows = useMemo(
    () => dataRows.filter((row) => ticked(selection, row.id)),
    [dataRows, selection],
  );
  const { totals, selectionAction, rowTone, cellTone } = props;
  const totalsShown = typeof totals === 'function' ? totals(dataRows) : (totals ?? []);

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

  // Below 600 px a row is a card (the grid would show two or three columns of it); the grid stays mounted,
  // hidden and empty, for its columns (the exports read them).
  const theme = useTheme();
  const gridBox = useRef<HTMLDivElement>(null);
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const cards = phone && !props.noCards && !groupBy;
  const [cardPage, setCardPage] = useState(0);
  const localPageSize = props.pageSize ?? DEFAULT_PAGE_SIZE;
  const cardPaging = server
    ? {
        index: server.paginationModel.page,
        size: server.paginationModel.pageSize,
        total: server.rowCount,
        onPage: (page: number) => server.setPaginationModel({ ...server.paginationModel, page }),
      }
    : {
        index: Math.min(cardPage, Math.max(0, Math.ceil(dataRows.length / localPageSize) - 1)),
        size: localPageSize,
        total: dataRows.length,
        onPage: setCardPage,
      };
  const cardRows = server
    ? dataRows
    : dataRows.slice(cardPaging.index * localPageSize, (cardPaging.index + 1) * localPageSize);

  // A server list's other pages are not in the grid: the export fetches every matching row.
  const exportAs = (kind: 'csv' | 'excel') => {
    if (!server && cards) {
      // the cards' grid holds no rows: the export formats the matching rows with its columns
      const table = rowsTable(apiRef, dataRows);
      return kind === 'csv' ? downloadCsv(table, exportName) : void downloadExcel(table, exportName);
    }
    if (!server) return kind === 'csv' ? exportCsv(apiRef, exportName) : void exportExcel(apiRef, exportName);
    void server
      .fetchAll()
      .then((all) => {
        const table = rowsTable(apiRef, all);
        return kind === 'csv' ? downloadCsv(table, exportName) : downloadExcel(table, exportName);
      })
      .catch((e: unknown) =>
        setError(e instanceof ApiError ? formatSaveError(e.status, e.statusText, e.body) : String(e)),
      );
  };

  const refresh = props.onRefresh ?? server?.refetch;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 400 }}>
      <ListToolbar
        title={title}
        search={query}
        onSearch={props.search === false ? undefined : setQuery}
        onExportCsv={() => exportAs('csv')}
        onExportExcel={() => exportAs('excel')}
        onAdd={onAdd}
        extra={props.toolbarExtra}
        idPrefix={props.idPrefix}
        count={props.showCount ? (server ? server.rowCount : dataRows.length) : undefined}
        onRefresh={refresh}
        selectionAction={
          selectionAction && {
            ...selectionAction,
            selected: selectedRows.length,
            onClick: () => selectionAction.onAction(selectedRows),
          }
        }
      />
      {cards && (
        <Box sx={{ flex: 1, minHeight: 0 }}>
          <ListCards<R>
            rows={cardRows}
            columns={columns}
            apiRef={apiRef}
            rowTone={rowTone}
            cellTone={cellTone}
            rowAttributes={props.rowAttributes}
            onOpen={props.onRowOpen}
            onEdit={offered.edit ? (row) => void navigate(`${editPath}/${row.id}`) : undefined}
            onRemove={offered.remove ? setRemoving : undefined}
            labels={{ edit: t('edit'), remove: t('remove') }}
            empty={empty}
            page={cardPaging}
            titleField={props.cardTitle}
            selection={selectionAction && cardSelection(selection, setSelection)}
          />
        </Box>
      )}
      <Box
        ref={gridBox}
        sx={{ flex: 1, minHeight: 0, display: cards ? 'none' : undefined, position: 'relative' }}
      >
        <ScrollEdges
          container={gridBox}
          selector=".MuiDataGrid-virtualScroller"
          rtl={theme.direction === 'rtl'}
        />
        <DataGrid
          apiRef={apiRef}
          rows={cards ? NO_ROWS : visibleRows}
          columns={allColumns}
          loading={server ? server.loading : props.loading}
          pageSizeOptions={pageSizes}
          initialState={{
            pagination: { paginationModel: { pageSize: props.pageSize ?? DEFAULT_PAGE_SIZE } },
          }}
          {...(server
            ? {
                paginationMode: 'server' as const,
                rowCount: server.rowCount,
                paginationModel: server.paginationModel,
                onPaginationModelChange: server.setPaginationModel,
                onSortModelChange: server.setSortModel,
              }
            : { onSortModelChange: setLocalSort })}
          sortModel={sortModel}
          sortingMode="server"
          checkboxSelection={!!selectionAction}
          rowSelectionModel={selection}
          onRowSelectionModelChange={setSelection}
          getRowClassName={({ row }) =>
            isGroupHeading(row) ? 'list-group-heading' : rowToneClass(rowTone?.(row))
          }
          getCellClassName={
            cellTone
              ? ({ row, field }) => (isGroupHeading(row) ? '' : cellToneClass(cellTone(row, field)))
              : undefined
          }
          slots={props.rowAttributes ? { row: ListRow } : undefined}
          slotProps={props.rowAttributes ? { row: props.rowAttributes as Partial<GridRowProps> } : undefined}
          sx={(theme) => ({
            '& .list-group-heading': { bgcolor: 'action.hover', fontWeight: 600 },
            // Right to left, a cell's own text sets its direction: a Latin name, plate or address is cut at
            // its end ("Escolar 1 (LD-14…"), not its start ("…r 1 (LD-14-58-EU)"), and stays at the
            // cell's start (`left` is mirrored to the right by the right-to-left styles).
            ...(theme.direction === 'rtl'
              ? {
                  '& .MuiDataGrid-cell:not(.MuiDataGrid-cell--textRight):not(.MuiDataGrid-cell--textCenter)':
                    {
                      unicodeBidi: 'plaintext',
                      textAlign: 'left',
                    },
                }
              : {}),
            ...(props.onRowOpen ? { '& .MuiDataGrid-row': { cursor: 'pointer' } } : {}),
            ...(props.wrapHeaders
              ? {
                  '& .MuiDataGrid-columnHeaderTitle': {
                    whiteSpace: 'normal',
                    lineHeight: 1.25,
                    overflow: 'hidden',
                    display: '-webkit-box',
                    WebkitLineClamp: 2,
                    WebkitBoxOrient: 'vertical',
                  },
                }
              : {}),
            ...(props.wrapCells
              ? {
                  '& .MuiDataGrid-cell': {
                    display: 'flex',
                    alignItems: 'center',
                    whiteSpace: 'normal',
                    overflowWrap: 'anywhere',
                    lineHeight: 1.3,
                    py: 0.75,
                  },
                  '& .MuiDataGrid-cell--textRight': {
                    justifyContent: 'flex-end',
                  },
                }
              : {}),
            ...toneStyles(theme),
          })}
          localeText={localeText}
          disableRowSelectionOnClick
          {...(props.onRowOpen
            ? {
                onRowClick: ({ row }: { row: R }, event: { target: EventTarget | null }) => {
                  if (!isGroupHeading(row) && !onControl(event.target)) props.onRowOpen?.(row);
                },
                onCellKeyDown: ({ row }: { row: R }, event: { key: string; target: EventTarget | null }) => {
                  if (event.key === 'Enter' && !isGroupHeading(row) && !onControl(event.target))
                    props.onRowOpen?.(row);
                },
              }
            : {})}
          density="compact"
          {...(props.wrapHeaders ? { columnHeaderHeight: 56 } : {})}
          rowHeight={props.rowHeight && Math.ceil(props.rowHeight / COMPACT_DENSITY)}
          {...(props.wrapCells ? { getRowHeight: () => 'auto' as const } : {})}
        />
      </Box>
      <ListTotals totals={totalsShown} />
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
