import { useTranslation } from 'react-i18next';
import { shareEvent } from './eventsApi';
import { ShareEmailDialog } from '../common/centre/ShareEmailDialog';

export { TOAST_MS } from '../common/centre/ShareEmailDialog';

/** Sends an event by e-mail: destination and CC (the user's own address by default). */
export function EventEmailDialog({ eventId, onClose }: { eventId: number; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ShareEmailDialog
      idPrefix="event-email"
      texts={{
        title: t('alerts.sendEmail'),
        to: t('alerts.emailTo'),
        cc: t('alerts.emailCc'),
        sent: t('alerts.emailSent'),
        failed: t('alerts.emailFailed'),
      }}
      send={(emailTo, emailCc) => shareEvent(eventId, emailTo, emailCc)}
      onClose={onClose}
    />
  );
}
