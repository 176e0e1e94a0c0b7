import { useMemo, useState, type KeyboardEvent } from 'react';
import {
  Box,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme, type Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../common/DataList';
import { ListToolbar } from '../common/ListToolbar';
import { ShadedTableContainer } from '../common/ShadedTableContainer';
import { alignEnd, bordersStyle, cellText, cellTone, TONE_COLOURS, type CellFormatters } from './cellFormat';
import { performanceColour, visibleRows, type Cell, type Sort, type TableModel } from './resultModel';
import { downloadTableCsv, downloadTableExcel } from './tableExport';
import { ResultCards } from './ResultCards';

interface Props {
  model: TableModel;
  formatters: CellFormatters;
  /** Colour rows by the last column (performance). */
  performance?: boolean;
  /** The fleet summary: its own test ids, and a row click opens that row's table. */
  summary?: { onRow: (row: Cell[]) => void };
}

/** More columns than this read as cards on a phone; fewer fit the phone's width as a table. */
const PHONE_TABLE_COLUMNS = 3;
/** More columns than this: the table scrolls sideways inside the screen, its first column staying put. */
const WIDE_TABLE_COLUMNS = 8;
/** The first column of a wide table stays in view while the others scroll under it. */
const FIRST_COLUMN = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  boxShadow: (theme: Theme) => `1px 0 0 ${theme.palette.divider}`,
} as const;
/** The header row's height, for the column titles under a pre-header row (both stick to the top). */
const HEADER_ROW_PX = 37;
const ROW_COLOURS = { green: '#c8e6c9', yellow: '#fff9c4', red: '#ffcdd2' } as const;
const TABLE_IDS = { table: 'report-table', title: 'report-table-title', row: 'report-row' };
const SUMMARY_IDS = { table: 'report-summary', title: 'report-summary-title', row: 'report-summary-row' };

/** A titled report table: pre-header, header, data and footer rows; searchable, sortable, paged, exportable. */
export function ResultTable({ model, formatters, performance, summary }: Props) {
  const ids = summary ? SUMMARY_IDS : TABLE_IDS;
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<Sort | null>(null);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const rows = useMemo(() => visibleRows(model, query, sort), [model, query, sort]);
  const pageRows = rows.slice(page * pageSize, page * pageSize + pageSize);
  const lastColumn = model.columns[model.columns.length - 1];
  // wide tables (trips' 20 columns) scroll inside a box the height of the screen, so the sideways scroll
  // bar is in view, the titles stay on top and the first column at the side
  const wide = model.columns.length > WIDE_TABLE_COLUMNS;
  const headTop = model.preHeader.length > 0 ? HEADER_ROW_PX : 0;
  // on a phone a row reads as a card, unless its columns are grouped under a pre-header (read across)
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const cards = phone && model.preHeader.length === 0 && model.columns.length > PHONE_TABLE_COLUMNS;
  const rowColour = (row: Cell[]) => {
    const colour = performance && lastColumn ? performanceColour(row[lastColumn.index]) : null;
    return colour ? { name: colour, background: ROW_COLOURS[colour] } : null;
  };

  const sortBy = (index: number) => {
    setSort((current) =>
      current?.column === index
        ? current.direction === 'asc'
          ? { column: index, direction: 'desc' }
          : null
        : { column: index, direction: 'asc' },
    );
    setPage(0);
  };

  const renderCells = (row: Cell[], footer: boolean) =>
    model.columns.map((column, position) => {
      const cell = row[column.index] ?? null;
      const tone = footer ? null : cellTone(cell, column.format);
      return (
        <TableCell
          key={column.index}
          align={alignEnd(column) ? 'right' : 'left'}
          sx={{
            ...(position === 0 && wide ? FIRST_COLUMN : {}),
            whiteSpace: column.type === 'text' ? 'normal' : 'nowrap',
            minWidth: column.type === 'text' ? 160 : undefined,
            color: tone ? TONE_COLOURS[tone] : footer ? 'text.primary' : undefined,
            fontWeight: footer || tone === 'bold' ? 600 : undefined,
            ...bordersStyle(column.borders),
          }}
        >
          <bdi dir={column.type === 'text' ? 'auto' : 'ltr'}>{cellText(cell, column, formatters)}</bdi>
        </TableCell>
      );
    });

  return (
    <Paper sx={{ p: { xs: 1, sm: 2 }, mb: model.noMarginBottom ? 0 : 2 }} data-testid={ids.table}>
      <Typography variant="h6" component="h2" data-testid={ids.title}>
        <bdi>{model.title}</bdi>
      </Typography>
      {model.subtitles.map((text, i) => (
        <Typography key={i} variant="body2" color="text.secondary">
          <bdi>{text}</bdi>
        </Typography>
      ))}
      <Box sx={{ mt: 1 }}>
        <ListToolbar
          search={query}
          onSearch={(text) => {
            setQuery(text);
            setPage(0);
          }}
          onExportCsv={() => downloadTableCsv(model, rows, formatters)}
          onExportExcel={() => void downloadTableExcel(model, rows)}
        />
      </Box>
      {cards ? (
        <ResultCards
          columns={model.columns}
          rows={pageRows}
          footer={model.footer}
          formatters={formatters}
          rowTestId={ids.row}
          rowColour={rowColour}
          onRow={summary?.onRow}
          empty={t('noData')}
        />
      ) : (
        <ShadedTableContainer
          testId="report-table-scroll"
          data-wide={wide ? 'true' : undefined}
          sx={{
            maxWidth: '100%',
            overflowX: 'auto',
            ...(wide ? { maxHeight: 'calc(100vh - 160px)', overflowY: 'auto' } : {}),
          }}
        >
          <Table size="small" stickyHeader={wide}>
            <TableHead>
              {model.preHeader.length > 0 && (
                <TableRow data-testid="report-pre-header">
                  {model.preHeader.map((cell, i) => (
                    <TableCell
                      key={i}
                      colSpan={cell.colspan}
                      align="center"
                      sx={{ fontWeight: 600, height: HEADER_ROW_PX, boxSizing: 'border-box' }}
                    >
                      <bdi>{cell.text}</bdi>
                    </TableCell>
                  ))}
                </TableRow>
              )}
              <TableRow>
                {model.columns.map((column, position) => (
                  <TableCell
                    key={column.index}
                    align={alignEnd(column) ? 'right' : 'left'}
                    sortDirection={sort?.column === column.index ? sort.direction : false}
                    sx={{
                      fontWeight: 600,
                      whiteSpace: 'nowrap',
                      ...(wide ? { top: headTop } : {}),
                      ...(wide && position === 0 ? { ...FIRST_COLUMN, zIndex: 3 } : {}),
                    }}
                  >
                    <TableSortLabel
                      active={sort?.column === column.index}
                      direction={sort?.column === column.index ? sort.direction : 'asc'}
                      onClick={() => sortBy(column.index)}
                      data-testid="report-sort"
                    >
                      <bdi>{column.title}</bdi>
                    </TableSortLabel>
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {pageRows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={model.columns.length} align="center">
                    {t('noData')}
                  </TableCell>
                </TableRow>
              )}
              {pageRows.map((row, i) => {
                const colour = performance && lastColumn ? performanceColour(row[lastColumn.index]) : null;
                return (
                  <TableRow
                    key={i}
                    hover
                    data-testid={ids.row}
                    data-colour={colour ?? undefined}
                    sx={{
                      ...(colour ? { backgroundColor: ROW_COLOURS[colour] } : {}),
                      ...(summary ? { cursor: 'pointer' } : {}),
                    }}
                    {...(summary
                      ? {
                          onClick: () => summary.onRow(row),
                          onKeyDown: (event: KeyboardEvent) => {
                            if (event.key === 'Enter') summary.onRow(row);
                          },
                          tabIndex: 0,
                          role: 'link',
                        }
                      : {})}
                  >
                    {renderCells(row, false)}
                  </TableRow>
                );
              })}
            </TableBody>
            {model.footer.length > 0 && (
              <TableFooter>
                {model.footer.map((row, i) => (
                  <TableRow key={i} data-testid="report-footer">
                    {renderCells(row, true)}
                  </TableRow>
                ))}
              </TableFooter>
            )}
          </Table>
        </ShadedTableContainer>
      )}
      {model.truncated && (
        <Typography variant="body2" color="warning.main" sx={{ mt: 1 }}>
          {t('reports.truncated')}
        </Typography>
      )}
      <TablePagination
        component="div"
        count={rows.length}
        page={Math.min(page, Math.max(0, Math.ceil(rows.length / pageSize) - 1))}
        onPageChange={(_, next) => setPage(next)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(0);
        }}
      />
    </Paper>
  );
}
