import { Button } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/NotificationsActive';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NOTIFICATIONS_PATH } from './notificationPaths';

/** The way from the maintenance summary to the daily maintenance notifications. */
export function NotificationsLink() {
  const { t } = useTranslation();
  return (
    <Button
      component={Link}
      to={NOTIFICATIONS_PATH}
      startIcon={<NotificationsIcon />}
      data-testid="management-notifications-link"
    >
      {t('management.notifications.open')}
    </Button>
  );
}
