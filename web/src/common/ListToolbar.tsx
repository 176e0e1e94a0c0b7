import { useState, type MouseEvent, type ReactNode } from 'react';
import {
  Button,
  IconButton,
  InputAdornment,
  Menu,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { formatNumber } from './formatters';

/** A button acting on the rows the user ticked. */
export interface SelectionAction {
  label: string;
  icon?: ReactNode;
  /** test id of the button (`list-selection-action` when omitted) */
  testId?: string;
  /** Text beside the button while rows are ticked (`N Ficheiros seleccionados`); the button then shows no count. */
  selectedText?: (count: number) => string;
}

export interface ListToolbarProps {
  title?: string;
  search?: string;
  onSearch?: (text: string) => void;
  onExportCsv: () => void;
  onExportExcel: () => void;
  onAdd?: (event: MouseEvent) => void;
  /** Controls of the screen shown before the export button (grouping switch, import button). */
  extra?: ReactNode;
  /** Prefix of the toolbar's test ids (`list` when omitted: list-search, list-export…). */
  idPrefix?: string;
  /** The count of matching rows, shown when given. */
  count?: number;
  onRefresh?: () => void;
  selectionAction?: SelectionAction & { selected: number; onClick: () => void };
}

/** Title, count, search box, refresh, selection action, export (CSV or Excel) and add button above a list. */
export function ListToolbar({
  title,
  search,
  onSearch,
  onExportCsv,
  onExportExcel,
  onAdd,
  extra,
  idPrefix = 'list',
  count,
  onRefresh,
  selectionAction,
}: ListToolbarProps) {
  const { t } = useTranslation();
  const [exportAnchor, setExportAnchor] = useState<HTMLElement | null>(null);
  const pick = (action: () => void) => () => {
    setExportAnchor(null);
    action();
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1 }}>
      {title && (
        <Typography variant="h6" component="h1" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
      )}
      {count !== undefined && (
        <Typography
          variant="body2"
          color="text.secondary"
          data-testid={`${idPrefix}-count`}
          data-count={count}
          aria-live="polite"
        >
          {t('listCount', { count: formatNumber(count) })}
        </Typography>
      )}
      {onSearch && (
        <TextField
          size="small"
          placeholder={t('search')}
          value={search ?? ''}
          onChange={(event) => onSearch(event.target.value)}
          slotProps={{
            htmlInput: { 'data-testid': `${idPrefix}-search`, 'aria-label': t('search') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
      {extra}
      {onRefresh && (
        <Tooltip title={t('refresh')}>
          <IconButton onClick={onRefresh} aria-label={t('refresh')} data-testid={`${idPrefix}-refresh`}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
      )}
      {selectionAction?.selectedText && selectionAction.selected > 0 && (
        <Typography
          variant="body2"
          data-testid={`${idPrefix}-selected`}
          data-count={selectionAction.selected}
        >
          {selectionAction.selectedText(selectionAction.selected)}
        </Typography>
      )}
      {selectionAction && (
        <Button
          variant="outlined"
          startIcon={selectionAction.icon}
          disabled={selectionAction.selected === 0}
          onClick={selectionAction.onClick}
          data-testid={selectionAction.testId ?? `${idPrefix}-selection-action`}
        >
          {selectionAction.selected > 0 && !selectionAction.selectedText
            ? `${selectionAction.label} (${selectionAction.selected})`
            : selectionAction.label}
        </Button>
      )}
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        onClick={(event) => setExportAnchor(event.currentTarget)}
        data-testid={`${idPrefix}-export`}
      >
        {t('export')}
      </Button>
      <Menu anchorEl={exportAnchor} open={exportAnchor !== null} onClose={() => setExportAnchor(null)}>
        <MenuItem onClick={pick(onExportCsv)} data-testid={`${idPrefix}-export-csv`}>
          {t('exportCsv')}
        </MenuItem>
        <MenuItem onClick={pick(onExportExcel)} data-testid={`${idPrefix}-export-excel`}>
          {t('exportExcel')}
        </MenuItem>
      </Menu>
      {onAdd && (
        <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd} data-testid={`${idPrefix}-add`}>
          {t('add')}
        </Button>
      )}
    </Stack>
  );
}
