import { useState } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { sendJson } from '../api/client';
import { hasPermission } from '../session/permissions';
import { useSession } from '../session/sessionContext';
import { ErrorDialog, MessageDialog } from '../common/MessageDialog';

/** Turns the RFID reader's buzzer on or off (device types 1, 3, 12, 13, 16, 20 with has_rfid). */
export function RfidBuzzerSection({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [sent, setSent] = useState(false);
  const [failed, setFailed] = useState(false);
  const allowed = hasPermission(user, 'global.rfid_buzzer') && !user?.readonly;
  const send = async (value: boolean) => {
    try {
      await sendJson('POST', '/report/api.php/rfid_buzzer', { deviceId, value });
      setSent(true);
    } catch {
      setFailed(true);
    }
  };
  return (
    <Stack spacing={1} data-testid="rfid-buzzer">
      <Typography variant="subtitle2">{t('settings.rfidBuzzer')}</Typography>
      <Stack direction="row" spacing={1}>
        <Button
          variant="outlined"
          disabled={!allowed}
          onClick={() => void send(true)}
          data-testid="rfid-buzzer-on"
        >
          {t('settings.buzzerOn')}
        </Button>
        <Button
          variant="outlined"
          disabled={!allowed}
          onClick={() => void send(false)}
          data-testid="rfid-buzzer-off"
        >
          {t('settings.buzzerOff')}
        </Button>
      </Stack>
      <MessageDialog
        open={sent}
        title={t('settings.rfidBuzzer')}
        message={t('settings.buzzerSent')}
        onClose={() => setSent(false)}
      />
      <ErrorDialog message={failed ? t('settings.buzzerFailed') : null} onClose={() => setFailed(false)} />
    </Stack>
  );
}
