import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { requestPasswordReset } from '../../api/session';
import { MessageDialog } from '../../common/MessageDialog';

/** Asks for the e-mail and requests the recovery instructions (document 1 §8 texts). */
export function RecoverPasswordDialog({
  open,
  onClose,
  initialEmail,
}: {
  open: boolean;
  onClose: () => void;
  initialEmail: string;
}) {
  const { t } = useTranslation();
  const [email, setEmail] = useState<string | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const value = email ?? initialEmail;

  const send = async () => {
    try {
      await requestPasswordReset(value.trim());
      setResult({ ok: true, text: t('recoverySent', { email: value.trim() }) });
    } catch {
      setResult({ ok: false, text: t('recoveryFailed') });
    }
    onClose();
  };

  return (
    <>
      <Dialog open={open} onClose={onClose} data-testid="recover-dialog" maxWidth="xs" fullWidth>
        <DialogTitle>{t('recoverPassword')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('recoverPasswordHelp')}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            type="email"
            label={t('email')}
            value={value}
            onChange={(e) => setEmail(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'recover-email' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button
            variant="contained"
            disabled={!value.trim()}
            onClick={() => void send()}
            data-testid="recover-submit"
          >
            {t('send')}
          </Button>
        </DialogActions>
      </Dialog>
      <MessageDialog
        open={result !== null}
        title={t('recoverPassword')}
        message={result?.text ?? ''}
        error={result?.ok === false}
        onClose={() => setResult(null)}
      />
    </>
  );
}
