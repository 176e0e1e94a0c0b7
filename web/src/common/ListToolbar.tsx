import { useState, type MouseEvent, type ReactNode } from 'react';
import { Button, InputAdornment, Menu, MenuItem, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';

export interface ListToolbarProps {
  title?: string;
  search?: string;
  onSearch?: (text: string) => void;
  onExportCsv: () => void;
  onExportExcel: () => void;
  onAdd?: (event: MouseEvent) => void;
  /** Controls of the screen shown before the export button (grouping switch, import button). */
  extra?: ReactNode;
}

/** Title, search box, export (CSV or Excel) and add button above a list. */
export function ListToolbar({
  title,
  search,
  onSearch,
  onExportCsv,
  onExportExcel,
  onAdd,
  extra,
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
      {onSearch && (
        <TextField
          size="small"
          placeholder={t('search')}
          value={search ?? ''}
          onChange={(event) => onSearch(event.target.value)}
          slotProps={{
            htmlInput: { 'data-testid': 'list-search', 'aria-label': t('search') },
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
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        onClick={(event) => setExportAnchor(event.currentTarget)}
        data-testid="list-export"
      >
        {t('export')}
      </Button>
      <Menu anchorEl={exportAnchor} open={exportAnchor !== null} onClose={() => setExportAnchor(null)}>
        <MenuItem onClick={pick(onExportCsv)} data-testid="list-export-csv">
          {t('exportCsv')}
        </MenuItem>
        <MenuItem onClick={pick(onExportExcel)} data-testid="list-export-excel">
          {t('exportExcel')}
        </MenuItem>
      </Menu>
      {onAdd && (
        <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd} data-testid="list-add">
          {t('add')}
        </Button>
      )}
    </Stack>
  );
}
