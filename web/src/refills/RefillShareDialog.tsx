import { useTranslation } from 'react-i18next';
import { ShareEmailDialog } from '../common/centre/ShareEmailDialog';
import { shareProblem } from './refillRules';
import { shareRefill } from './refillsApi';

/** Sends a refill by e-mail: destination and CC (the user's own address when it is a valid one). */
export function RefillShareDialog({ refillId, onClose }: { refillId: number; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ShareEmailDialog
      idPrefix="refill-share"
      texts={{
        title: t('refills.sendEmail'),
        to: t('refills.emailTo'),
        cc: t('refills.emailCc'),
        sent: t('refills.emailSent'),
        failed: t('refills.emailFailed'),
      }}
      send={(emailTo, emailCc) => shareRefill(refillId, emailTo, emailCc)}
      check={(emailTo, emailCc) => {
        const invalid = shareProblem(emailTo, emailCc);
        if (!invalid) return null;
        return t(invalid === 'to' ? 'refills.emailToInvalid' : 'refills.emailCcInvalid');
      }}
      onClose={onClose}
    />
  );
}
