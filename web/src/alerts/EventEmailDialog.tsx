import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { useCurrentUser } from '../app/sessionContext';
import { defaultCc } from './emailDefaults';
import { shareEvent } from './eventsApi';

export const TOAST_MS = 3000;

/** Sends an event by e-mail: destination and CC (the user's own address by default). */
export function EventEmailDialog({ eventId, onClose }: { eventId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { enqueueSnackbar } = useSnackbar();
  const [emailTo, setEmailTo] = useState('');
  const [emailCc, setEmailCc] = useState(() => defaultCc(user.email));
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setProblem(null);
    try {
      await shareEvent(eventId, emailTo.trim(), emailCc.trim());
      enqueueSnackbar(t('alerts.emailSent'), { variant: 'success', autoHideDuration: TOAST_MS });
      onClose();
    } catch (e) {
      // The server's own words for a refused address; any other failure is the generic toast.
      if (e instanceof ApiError && e.status === 400 && e.body) setProblem(e.body);
      else enqueueSnackbar(t('alerts.emailFailed'), { variant: 'error', autoHideDuration: TOAST_MS });
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid="event-email-dialog">
      <form onSubmit={(event) => void send(event)}>
        <DialogTitle>{t('alerts.sendEmail')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {problem && (
              <Alert severity="error" data-testid="event-email-error">
                {problem}
              </Alert>
            )}
            <TextField
              label={t('alerts.emailTo')}
              value={emailTo}
              onChange={(e) => setEmailTo(e.target.value)}
              autoFocus
              required
              type="text"
              slotProps={{ htmlInput: { 'data-testid': 'event-email-to', inputMode: 'email' } }}
            />
            <TextField
              label={t('alerts.emailCc')}
              value={emailCc}
              onChange={(e) => setEmailCc(e.target.value)}
              type="text"
              slotProps={{ htmlInput: { 'data-testid': 'event-email-cc', inputMode: 'email' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid="event-email-cancel">
            {t('cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={sending} data-testid="event-email-send">
            {t('send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
