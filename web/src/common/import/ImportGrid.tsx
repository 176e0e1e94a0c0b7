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

const WIDTHS: Record<ImportColumn, string> = { name: '34%', phone: '18%', notes: '26%', rfid: '22%' };

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
      <Table size="small" stickyHeader data-testid="import-grid" sx={{ minWidth: 720 }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 40 }}>#</TableCell>
            {IMPORT_COLUMNS.map((key) => (
              <TableCell key={key} sx={{ width: WIDTHS[key] }}>
                {t(HEADERS[key])}
              </TableCell>
            ))}
            <TableCell sx={{ width: 110 }}>{t('settings.status')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={index} data-testid="import-row">
              <TableCell>{index + 1}</TableCell>
              {IMPORT_COLUMNS.map((key, column) => (
                <TableCell key={key} sx={{ py: 0.25 }}>
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
              <TableCell>
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
