import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import { Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Where the results will be, before the first run: what to do to get them. */
export function StartHint({ byDriver }: { byDriver: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      data-testid="report-start-hint"
      sx={{
        p: { xs: 2, sm: 4 },
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        color: 'text.secondary',
        bgcolor: 'transparent',
        borderStyle: 'dashed',
      }}
    >
      <AssessmentOutlinedIcon sx={{ fontSize: 40, flexShrink: 0 }} />
      <Typography variant="body1">
        {t('reports.startHint', {
          items: t(byDriver ? 'reports.startHintDrivers' : 'reports.startHintVehicles'),
          query: t('reports.query'),
        })}
      </Typography>
    </Paper>
  );
}
