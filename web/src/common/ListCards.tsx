import type { ReactNode, RefObject } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, Checkbox, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import type { GridApiCommunity } from '@mui/x-data-grid/internals';
import type { GridColDef, GridRenderCellParams, GridValidRowModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { ListRowAttributes } from './ListRow';
import type { ListTone } from './listTones';
import { formatNumber } from './formatters';
import { textDirection } from './textDirection';
import { keepBracketsWhole } from './keepBracketsWhole';

export interface ListCardsProps<R extends GridValidRowModel & { id: number }> {
  /** the rows of the page shown */
  rows: R[];
  columns: GridColDef<R>[];
  apiRef: RefObject<GridApiCommunity | null>;
  rowTone?: (row: R) => ListTone | null | undefined;
  cellTone?: (row: R, field: string) => ListTone | null | undefined;
  rowAttributes?: ListRowAttributes;
  onOpen?: (row: R) => void;
  onEdit?: (row: R) => void;
  onRemove?: (row: R) => void;
  labels: { edit: string; remove: string };
  empty: string;
  /** The field of the card's title (the first titled column when omitted). */
  titleField?: string;
  /** Tick boxes on the cards (a list with an action on the ticked rows). */
  selection?: { isSelected: (id: number) => boolean; onToggle: (id: number, ticked: boolean) => void };
  page: { index: number; size: number; total: number; onPage: (index: number) => void };
}

/** A text with a letter in it (a name, a plate): figures and dates may repeat, equal by chance. */
const WORDED = /\p{L}/u;

/** What a column shows for a row: its own cell renderer where it has one, else its formatted value. */
function cellOf<R extends GridValidRowModel & { id: number }>(
  row: R,
  column: GridColDef<R>,
  apiRef: RefObject<GridApiCommunity | null>,
): ReactNode {
  const api = apiRef.current as GridApiCommunity;
  const raw = row[column.field as keyof R] as never;
  const value = column.valueGetter ? column.valueGetter(raw, row, column, apiRef as never) : raw;
  const formatted = column.valueFormatter
    ? column.valueFormatter(value as never, row, column, apiRef as never)
    : value;
  if (column.renderCell) {
    const params = {
      row,
      value,
      formattedValue: formatted,
      field: column.field,
      id: row.id,
      colDef: column,
      api,
      tabIndex: 0,
      hasFocus: false,
      cellMode: 'view',
      rowNode: { id: row.id, type: 'leaf', depth: 0, parent: null, groupingKey: null },
      isEditable: false,
    } as unknown as GridRenderCellParams<R>;
    return column.renderCell(params);
  }
  if (formatted === null || formatted === undefined || formatted === '') return null;
  if (typeof formatted === 'number') return formatNumber(formatted, Number.isInteger(formatted) ? 0 : 2);
  return String(formatted);
}

/**
 * A list on a phone (document 1 §6's list, below 600 px): one card per row, its first titled column as the
 * title and every other titled column that has a value as a label and value below it, in the columns'
 * order; untitled columns (a download button, say) beside the title with the edit and remove buttons; the
 * row's colour, its cells' colours, its tick box, open, edit and remove, and the list's pages, as the grid
 * has them.
 */
export function ListCards<R extends GridValidRowModel & { id: number }>(props: ListCardsProps<R>) {
  const { t } = useTranslation();
  // the page arrows point the way the pages go (right to left in Arabic)
  const rtl = useTheme().direction === 'rtl';
  const Previous = rtl ? ChevronRightIcon : ChevronLeftIcon;
  const Next = rtl ? ChevronLeftIcon : ChevronRightIcon;
  const { rows, columns, apiRef, rowTone, cellTone, rowAttributes, page } = props;
  const shown = columns.filter((c) => c.field !== '__check__');
  const buttons = shown.filter((c) => !c.headerName);
  const titled = shown.filter((c) => c.headerName);
  const title = titled.find((c) => c.field === props.titleField) ?? titled[0];
  const details = titled.filter((c) => c !== title);
  const { selection } = props;
  const pages = Math.max(1, Math.ceil(page.total / page.size));
  const first = page.total === 0 ? 0 : page.index * page.size + 1;
  const last = Math.min(page.total, (page.index + 1) * page.size);
  return (
    <Box data-testid="list-cards" sx={{ height: '100%', overflowY: 'auto', px: 0.5, pb: 1 }}>
      {rows.length === 0 && (
        <Typography sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>{props.empty}</Typography>
      )}
      <Stack spacing={1}>
        {rows.map((row) => {
          const tone = rowTone?.(row);
          // a worded text shown once: a vehicle named by its plate has no second line repeating the plate
          const titleCell = title ? cellOf(row, title, apiRef) : null;
          const shownTexts = new Set<string>(typeof titleCell === 'string' ? [titleCell] : []);
          const attributes: Record<string, string> = {};
          if (rowAttributes?.rowIdAttribute)
            attributes[`data-${rowAttributes.rowIdAttribute}`] = String(row.id);
          for (const [key, value] of Object.entries(rowAttributes?.rowData?.(row as never) ?? {}))
            attributes[`data-${key}`] = value;
          return (
            <Paper
              key={row.id}
              variant="outlined"
              data-testid={rowAttributes?.rowTestId ?? 'list-card'}
              {...attributes}
              onClick={(event) => {
                if ((event.target as HTMLElement).closest('button, a, input')) return;
                props.onOpen?.(row);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && event.target === event.currentTarget) props.onOpen?.(row);
              }}
              tabIndex={props.onOpen ? 0 : undefined}
              sx={(theme) => ({
                p: 1.25,
                cursor: props.onOpen ? 'pointer' : undefined,
                ...(tone ? { bgcolor: alpha(theme.palette[tone].main, 0.1) } : {}),
              })}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                {selection && (
                  <Checkbox
                    size="small"
                    sx={{ p: 0.5 }}
                    checked={selection.isSelected(row.id)}
                    onChange={(event) => selection.onToggle(row.id, event.target.checked)}
                    slotProps={{ input: { 'aria-label': t('selectRow') } }}
                    data-testid="list-card-check"
                  />
                )}
                <Typography
                  component="div"
                  sx={{ fontWeight: 600, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
                >
                  {title ? keepBracketsWhole(titleCell) : row.id}
                </Typography>
                {buttons.map((column) => (
                  <Box key={column.field} data-field={column.field} sx={{ display: 'flex' }}>
                    {cellOf(row, column, apiRef)}
                  </Box>
                ))}
                {props.onEdit && (
                  <Tooltip title={props.labels.edit}>
                    <IconButton
                      size="small"
                      data-testid="list-edit"
                      aria-label={props.labels.edit}
                      onClick={() => props.onEdit?.(row)}
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
                {props.onRemove && (
                  <Tooltip title={props.labels.remove}>
                    <IconButton
                      size="small"
                      data-testid="list-remove"
                      aria-label={props.labels.remove}
                      onClick={() => props.onRemove?.(row)}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
              </Stack>
              <Box
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'minmax(90px, auto) 1fr',
                  columnGap: 1.5,
                  rowGap: 0.25,
                  mt: 0.5,
                }}
              >
                {details.map((column) => {
                  const cell = cellOf(row, column, apiRef);
                  if (cell === null || cell === undefined || cell === '') return null;
                  if (typeof cell === 'string' && WORDED.test(cell)) {
                    if (shownTexts.has(cell)) return null;
                    shownTexts.add(cell);
                  }
                  const cellColour = cellTone?.(row, column.field);
                  return [
                    <Typography
                      key={`${column.field}-label`}
                      variant="caption"
                      sx={{ color: 'text.secondary', alignSelf: 'center' }}
                    >
                      {column.headerName}
                    </Typography>,
                    <Box
                      key={column.field}
                      data-field={column.field}
                      sx={(theme) => ({
                        typography: 'body2',
                        minWidth: 0,
                        overflowWrap: 'anywhere',
                        ...(cellColour ? { color: theme.palette[cellColour].dark, fontWeight: 600 } : {}),
                      })}
                    >
                      {typeof cell === 'string' ? <bdi dir={textDirection(cell)}>{cell}</bdi> : cell}
                    </Box>,
                  ];
                })}
              </Box>
            </Paper>
          );
        })}
      </Stack>
      {page.total > page.size && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end', pt: 1 }}>
          <Typography variant="body2" data-testid="list-cards-range">
            {t('cardsRange', {
              first: formatNumber(first),
              last: formatNumber(last),
              total: formatNumber(page.total),
            })}
          </Typography>
          <IconButton
            aria-label={t('previousPage')}
            disabled={page.index === 0}
            onClick={() => page.onPage(page.index - 1)}
            data-testid="list-cards-previous"
          >
            <Previous />
          </IconButton>
          <IconButton
            aria-label={t('nextPage')}
            disabled={page.index >= pages - 1}
            onClick={() => page.onPage(page.index + 1)}
            data-testid="list-cards-next"
          >
            <Next />
          </IconButton>
        </Stack>
      )}
    </Box>
  );
}
