import { Box, Divider, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { minutesText, type TachoPanel as Panel } from './tachograph';
import { formatNumber, unitText } from '../common/formatters';

/** Tachograph time, odometer, current activity, card, driving and rest times. */
export function TachoPanel({ panel, formatTime }: { panel: Panel; formatTime: (iso: string) => string }) {
  const { t } = useTranslation();
  const rows: Array<[string, string]> = [];
  if (panel.time) rows.push([t('live.tacho.time'), formatTime(panel.time)]);
  if (panel.odometerKm !== undefined)
    rows.push([t('live.odometer'), `${formatNumber(panel.odometerKm, 1)} ${unitText('km')}`]);
  if (panel.activity) rows.push([t('live.tacho.activity'), t(`live.tachoActivity.${panel.activity}`)]);
  if (panel.cardInserted !== undefined)
    rows.push([t('live.tacho.card'), t(panel.cardInserted ? 'live.tacho.cardIn' : 'live.tacho.cardOut')]);
  if (panel.drivingMinutes !== undefined)
    rows.push([t('live.tacho.driving'), minutesText(panel.drivingMinutes)]);
  if (panel.restMinutes !== undefined) rows.push([t('live.tacho.rest'), minutesText(panel.restMinutes)]);
  return (
    <Box data-testid="popup-tachograph" sx={{ mt: 1 }}>
      <Divider />
      <Typography variant="subtitle2" sx={{ mt: 0.5 }}>
        {t('live.tacho.title')}
      </Typography>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, fontSize: 13 }}>
          <span>{label}</span>
          <strong>{value}</strong>
        </Box>
      ))}
    </Box>
  );
}
