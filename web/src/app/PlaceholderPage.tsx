import { Paper, Typography } from '@mui/material';
import ConstructionIcon from '@mui/icons-material/Construction';
import { useTranslation } from 'react-i18next';
import type { AppRoute } from '../session/routes';

/** Screens of later issues: the route's title and an "under construction" note. */
export function PlaceholderPage({ route }: { route: AppRoute }) {
  const { t } = useTranslation();
  return (
    <Paper
      sx={{ p: 3, maxWidth: 720, mx: 'auto', textAlign: 'center' }}
      data-testid="placeholder-page"
      data-path={route.path}
    >
      <ConstructionIcon color="action" sx={{ fontSize: 48 }} />
      <Typography variant="h5" component="h1" sx={{ my: 1 }}>
        {t(route.title)}
      </Typography>
      <Typography color="text.secondary">{t('underConstruction')}</Typography>
    </Paper>
  );
}
