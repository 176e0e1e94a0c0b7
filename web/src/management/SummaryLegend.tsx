import { Box, Stack, Typography } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

/** The summary's legend (document 3 §2): incomplete (grey), soon (yellow), past due (red). */
export function SummaryLegend() {
  const { t } = useTranslation();
  const theme = useTheme();
  const items = [
    { key: 'incomplete', colour: theme.palette.grey[500] },
    { key: 'soon', colour: theme.palette.warning.main },
    { key: 'pastDue', colour: theme.palette.error.main },
  ];
  return (
    <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', px: 1, py: 0.5 }} data-testid="summary-legend">
      {items.map(({ key, colour }) => (
        <Stack key={key} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <Box
            sx={{
              width: 14,
              height: 14,
              borderRadius: 0.5,
              bgcolor: alpha(colour, 0.35),
              border: 1,
              borderColor: colour,
            }}
          />
          <Typography variant="body2">{t(`management.legend.${key}`)}</Typography>
        </Stack>
      ))}
    </Stack>
  );
}
