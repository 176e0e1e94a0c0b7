import type { ClipboardEvent } from 'react';
import {
  Box,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ShadedTableContainer } from '../ShadedTableContainer';
import { IMPORT_COLUMNS, pasteInto, type ImportColumn, type ImportRow } from './driverImport';

/**
 * Column widths in pixels under a fixed layout: a phone (about 340 px of grid) shows the number, the name
 * and the phone whole and the notes beginning at the edge, the sign that more lies beyond; a wider screen
 * shares its extra width out in the same proportions.
 */
const NUMBER_WIDTH = 36;
const STATUS_WIDTH = 110;
const WIDTHS: Record<ImportColumn, number> = { name: 164, phone: 120, notes: 200, rfid: 160 };
const GRID_MIN_WIDTH =
  NUMBER_WIDTH + STATUS_WIDTH + Object.values(WIDTHS).reduce((sum, width) => sum + width, 0);
/** Cells with inputs keep a narrow side padding: the width goes to what is typed. */
const CELL_SX = { px: 1 };

const HEADERS: Record<ImportColumn, string> = {
  name: 'name',
  phone: 'phone',
  notes: 'settings.notes',
  rfid: 'settings.rfid',
};

interface Props {
  rows: ImportRow[];
  onChange: (rows: ImportRow[]) => void;
  disabled: boolean;
}

/** Four editable columns that take a paste from a spreadsheet (cells by tab, rows by line) at any cell. */
export function ImportGrid({ rows, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const setCell = (index: number, key: ImportColumn, value: string) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, [key]: value } : r)));
  const paste = (index: number, column: number) => (event: ClipboardEvent) => {
    const text = event.clipboardData.getData('text/plain');
    if (!/[\t\n]/.test(text.replace(/\r?\n$/, ''))) return;
    event.preventDefault();
    onChange(pasteInto(rows, index, column, text));
  };
  return (
    <ShadedTableContainer
      testId="import-grid-scroll"
      sx={{ maxHeight: 420, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      {/* cells wide enough to type a name in: a phone scrolls the grid sideways */}
      <Table
        size="small"
        stickyHeader
        data-testid="import-grid"
        sx={{ minWidth: GRID_MIN_WIDTH, tableLayout: 'fixed' }}
      >
        <TableHead>
          <TableRow>
            <TableCell sx={{ ...CELL_SX, width: NUMBER_WIDTH }}>#</TableCell>
            {IMPORT_COLUMNS.map((key) => (
              <TableCell key={key} sx={{ ...CELL_SX, width: WIDTHS[key] }}>
                {t(HEADERS[key])}
              </TableCell>
            ))}
            <TableCell sx={{ ...CELL_SX, width: STATUS_WIDTH }}>{t('settings.status')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={index} data-testid="import-row">
              <TableCell sx={CELL_SX}>{index + 1}</TableCell>
              {IMPORT_COLUMNS.map((key, column) => (
                <TableCell key={key} sx={{ ...CELL_SX, py: 0.25 }}>
                  <TextField
                    variant="standard"
                    size="small"
                    fullWidth
                    value={row[key]}
                    disabled={disabled}
                    onChange={(e) => setCell(index, key, e.target.value)}
                    onPaste={paste(index, column)}
                    slotProps={{
                      htmlInput: {
                        'data-testid': `import-${key}-${index}`,
                        'aria-label': `${t(HEADERS[key])} ${index + 1}`,
                      },
                    }}
                  />
                </TableCell>
              ))}
              <TableCell sx={CELL_SX}>
                <Box
                  sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
                  data-testid={`import-status-${index}`}
                  data-status={row.status}
                  data-failed={row.failed ? 'true' : 'false'}
                >
                  {/* a bar only for a row with something to import (an empty row has no state) */}
                  {(IMPORT_COLUMNS.some((key) => row[key].trim() !== '') || row.status > 0 || row.failed) && (
                    <LinearProgress
                      variant="determinate"
                      value={row.status * 100}
                      color={row.failed ? 'error' : row.status >= 1 ? 'success' : 'primary'}
                      sx={{ flex: 1 }}
                    />
                  )}
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ShadedTableContainer>
  );
}
