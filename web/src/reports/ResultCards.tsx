import { Fragment, type KeyboardEvent } from 'react';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { cellText, cellTone, TONE_COLOURS, type CellFormatters } from './cellFormat';
import type { Cell, TableColumn } from './resultModel';

export interface ResultCardsProps {
  columns: TableColumn[];
  rows: Cell[][];
  footer: Cell[][];
  formatters: CellFormatters;
  /** the test id of a row's card (the table's rows keep theirs) */
  rowTestId: string;
  /** a row's background (performance colours) */
  rowColour?: (row: Cell[]) => { name: string; background: string } | null;
  /** the fleet summary: a card opens that vehicle's table */
  onRow?: (row: Cell[]) => void;
  empty: string;
}

/** One card per row: its first column as the card's title, every other column with a value as label and value. */
function RowCard({
  row,
  columns,
  formatters,
  footer,
  testId,
  colour,
  onRow,
}: {
  row: Cell[];
  columns: TableColumn[];
  formatters: CellFormatters;
  footer: boolean;
  testId: string;
  colour: { name: string; background: string } | null;
  onRow?: (row: Cell[]) => void;
}) {
  const [title, ...details] = columns;
  const text = (column: TableColumn) => cellText(row[column.index] ?? null, column, formatters);
  const open = onRow
    ? {
        onClick: () => onRow(row),
        onKeyDown: (event: KeyboardEvent) => {
          if (event.key === 'Enter') onRow(row);
        },
        tabIndex: 0,
        role: 'link',
      }
    : {};
  return (
    <Paper
      variant="outlined"
      data-testid={testId}
      data-colour={colour?.name}
      sx={{
        p: 1.25,
        ...(colour ? { backgroundColor: colour.background } : {}),
        ...(onRow ? { cursor: 'pointer' } : {}),
      }}
      {...open}
    >
      {title && (
        <Typography variant="subtitle2" sx={{ fontWeight: 600 }}>
          <bdi>{text(title)}</bdi>
        </Typography>
      )}
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'minmax(40%, auto) 1fr', columnGap: 1.5, m: 0 }}
      >
        {details.map((column) => {
          const value = text(column);
          if (value === '') return null;
          const tone = footer ? null : cellTone(row[column.index] ?? null, column.format);
          return (
            <Fragment key={column.index}>
              <Typography component="dt" variant="body2" color="text.secondary">
                <bdi>{column.title}</bdi>
              </Typography>
              <Typography
                component="dd"
                variant="body2"
                sx={{
                  m: 0,
                  textAlign: 'end',
                  color: tone ? TONE_COLOURS[tone] : undefined,
                  fontWeight: footer || tone === 'bold' ? 600 : undefined,
                }}
              >
                <bdi dir={column.type === 'text' ? 'auto' : 'ltr'}>{value}</bdi>
              </Typography>
            </Fragment>
          );
        })}
      </Box>
    </Paper>
  );
}

/**
 * A report table on a phone (below 600 px): the rows as cards, so every column of a trip reads without
 * scrolling sideways, and the footer (totals) as a last card in bold.
 */
export function ResultCards(props: ResultCardsProps) {
  const { columns, rows, footer, formatters, rowTestId, rowColour, onRow, empty } = props;
  return (
    <Stack spacing={1} data-testid="report-cards">
      {rows.length === 0 && (
        <Typography variant="body2" color="text.secondary" align="center">
          {empty}
        </Typography>
      )}
      {rows.map((row, i) => (
        <RowCard
          key={i}
          row={row}
          columns={columns}
          formatters={formatters}
          footer={false}
          testId={rowTestId}
          colour={rowColour?.(row) ?? null}
          onRow={onRow}
        />
      ))}
      {footer.map((row, i) => (
        <RowCard
          key={`footer-${i}`}
          row={row}
          columns={columns}
          formatters={formatters}
          footer
          testId="report-footer"
          colour={null}
        />
      ))}
    </Stack>
  );
}
