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
import { ApiError } from '../../api/client';
import { useCurrentUser } from '../../session/sessionContext';
import { defaultCc } from './emailDefaults';

export const TOAST_MS = 3000;

export interface ShareEmailDialogProps {
  /** test ids: `{idPrefix}-dialog`, `-error`, `-to`, `-cc`, `-send`, `-cancel` */
  idPrefix: string;
  texts: { title: string; to: string; cc: string; sent: string; failed: string };
  send: (emailTo: string, emailCc: string) => Promise<unknown>;
  /** a message when the addresses are refused before sending (the server refuses them too) */
  check?: (emailTo: string, emailCc: string) => string | null;
  onClose: () => void;
}

/**
 * Sends an item (an event, a refill) by e-mail: destination and CC, the user's own address by default. A
 * refused address shows the server's own words; any other failure is the generic toast.
 */
export function ShareEmailDialog({ idPrefix, texts, send, check, onClose }: ShareEmailDialogProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { enqueueSnackbar } = useSnackbar();
  const [emailTo, setEmailTo] = useState('');
  const [emailCc, setEmailCc] = useState(() => defaultCc(user.email));
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const refused = check?.(emailTo, emailCc) ?? null;
    if (refused) {
      setProblem(refused);
      return;
    }
    setSending(true);
    setProblem(null);
    try {
      await send(emailTo.trim(), emailCc.trim());
      enqueueSnackbar(texts.sent, { variant: 'success', autoHideDuration: TOAST_MS });
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.status === 400 && e.body) setProblem(e.body);
      else enqueueSnackbar(texts.failed, { variant: 'error', autoHideDuration: TOAST_MS });
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid={`${idPrefix}-dialog`}>
      <form onSubmit={(event) => void submit(event)} noValidate={check !== undefined}>
        <DialogTitle>{texts.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {problem && (
              <Alert severity="error" data-testid={`${idPrefix}-error`}>
                {problem}
              </Alert>
            )}
            <TextField
              label={texts.to}
              value={emailTo}
              onChange={(e) => setEmailTo(e.target.value)}
              autoFocus
              required
              type="text"
              slotProps={{ htmlInput: { 'data-testid': `${idPrefix}-to`, inputMode: 'email' } }}
            />
            <TextField
              label={texts.cc}
              value={emailCc}
              onChange={(e) => setEmailCc(e.target.value)}
              type="text"
              slotProps={{ htmlInput: { 'data-testid': `${idPrefix}-cc`, inputMode: 'email' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid={`${idPrefix}-cancel`}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={sending} data-testid={`${idPrefix}-send`}>
            {t('send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
