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
import { defaultCc } from '../alerts/emailDefaults';
import { TOAST_MS } from '../alerts/EventEmailDialog';
import { useCurrentUser } from '../app/sessionContext';
import { shareProblem } from './refillRules';
import { shareRefill } from './refillsApi';

/** Sends a refill by e-mail: destination and CC (the user's own address when it is a valid one). */
export function RefillShareDialog({ refillId, onClose }: { refillId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { enqueueSnackbar } = useSnackbar();
  const [emailTo, setEmailTo] = useState('');
  const [emailCc, setEmailCc] = useState(() => defaultCc(user.email));
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = shareProblem(emailTo, emailCc);
    if (invalid) {
      setProblem(t(invalid === 'to' ? 'refills.emailToInvalid' : 'refills.emailCcInvalid'));
      return;
    }
    setSending(true);
    setProblem(null);
    try {
      await shareRefill(refillId, emailTo.trim(), emailCc.trim());
      enqueueSnackbar(t('refills.emailSent'), { variant: 'success', autoHideDuration: TOAST_MS });
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.status === 400 && e.body) setProblem(e.body);
      else enqueueSnackbar(t('refills.emailFailed'), { variant: 'error', autoHideDuration: TOAST_MS });
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid="refill-share-dialog">
      <form onSubmit={(event) => void send(event)} noValidate>
        <DialogTitle>{t('refills.sendEmail')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {problem && (
              <Alert severity="error" data-testid="refill-share-error">
                {problem}
              </Alert>
            )}
            <TextField
              label={t('refills.emailTo')}
              value={emailTo}
              onChange={(e) => setEmailTo(e.target.value)}
              autoFocus
              required
              slotProps={{ htmlInput: { 'data-testid': 'refill-share-to', inputMode: 'email' } }}
            />
            <TextField
              label={t('refills.emailCc')}
              value={emailCc}
              onChange={(e) => setEmailCc(e.target.value)}
              slotProps={{ htmlInput: { 'data-testid': 'refill-share-cc', inputMode: 'email' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" variant="contained" disabled={sending} data-testid="refill-share-send">
            {t('send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
