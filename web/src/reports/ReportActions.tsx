import { useState } from 'react';
import { Button, CircularProgress, Menu, MenuItem, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { EXPORT_FORMATS, type ReportFormat } from './reportDefs';

interface Props {
  formats: ReportFormat[];
  /** Nothing chosen: Query and export are disabled. */
  disabled: boolean;
  running: boolean;
  onRun: (format: ReportFormat) => void;
  onCancel: () => void;
}

/** Query (json), the export menu (PDF, Excel, CSV, XML), and while running a spinner and Cancel. */
export function ReportActions({ formats, disabled, running, onRun, onCancel }: Props) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const exports = EXPORT_FORMATS.filter((format) => formats.includes(format));
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {formats.includes('json') && (
        <Button
          variant="contained"
          startIcon={<SearchIcon />}
          disabled={disabled || running}
          onClick={() => onRun('json')}
          data-testid="report-query"
        >
          {t('reports.query')}
        </Button>
      )}
      {exports.length > 0 && (
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          disabled={disabled || running}
          onClick={(event) => setAnchor(event.currentTarget)}
          data-testid="report-export"
        >
          {t('export')}
        </Button>
      )}
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {exports.map((format) => (
          <MenuItem
            key={format}
            onClick={() => {
              setAnchor(null);
              onRun(format);
            }}
            data-testid={`report-export-${format}`}
          >
            {t(`reports.format.${format}`)}
          </MenuItem>
        ))}
      </Menu>
      {running && (
        <>
          <CircularProgress size={24} data-testid="report-spinner" aria-label={t('reports.running')} />
          <Typography variant="body2" color="text.secondary">
            {t('reports.running')}
          </Typography>
          <Button color="inherit" onClick={onCancel} data-testid="report-cancel">
            {t('cancel')}
          </Button>
        </>
      )}
    </Stack>
  );
}
