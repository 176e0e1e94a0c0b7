import { Stack, Typography } from '@mui/material';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { useTranslation } from 'react-i18next';

/**
 * What a list's marks mean, below it: the drivers' counters in italics (computed from the card's history,
 * not sent by the tracker) or the files' warning (a download overdue). Shown only while a row has the mark.
 */
export function TachoLegend({ mark }: { mark: 'computed' | 'stale' }) {
  const { t } = useTranslation();
  return (
    <Stack
      direction="row"
      spacing={0.75}
      sx={{ alignItems: 'center', px: 1, py: 0.5, color: 'text.secondary' }}
      data-testid={`tacho-legend-${mark}`}
    >
      {mark === 'stale' ? (
        <WarningAmberIcon fontSize="small" color="warning" />
      ) : (
        <Typography variant="caption" component="i">
          {t('tacho.legendItalic')}
        </Typography>
      )}
      <Typography variant="caption">
        {t(mark === 'stale' ? 'tacho.legendStale' : 'tacho.computed')}
      </Typography>
    </Stack>
  );
}
