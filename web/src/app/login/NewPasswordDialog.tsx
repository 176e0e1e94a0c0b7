import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { updatePassword } from '../../api/session';
import { MessageDialog } from '../../common/MessageDialog';

/** Opened by a reset link: sets the new password with the link's token. */
export function NewPasswordDialog({
  token,
  user,
  onClose,
}: {
  token: string;
  user: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const mismatch = confirm !== '' && confirm !== password;

  const save = async () => {
    try {
      await updatePassword(token, password);
      setResult({ ok: true, text: t('passwordUpdated', { name: user }) });
    } catch {
      setResult({ ok: false, text: t('passwordUpdateFailed') });
    }
  };

  return (
    <>
      <Dialog
        open={result === null}
        onClose={onClose}
        data-testid="new-password-dialog"
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle>{t('newPassword')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField label={t('email')} value={user} slotProps={{ htmlInput: { readOnly: true } }} />
            <TextField
              autoFocus
              type="password"
              autoComplete="new-password"
              label={t('newPassword')}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              slotProps={{ htmlInput: { 'data-testid': 'new-password' } }}
            />
            <TextField
              type="password"
              autoComplete="new-password"
              label={t('confirmPassword')}
              value={confirm}
              error={mismatch}
              helperText={mismatch ? t('passwordsDiffer') : ' '}
              onChange={(e) => setConfirm(e.target.value)}
              slotProps={{ htmlInput: { 'data-testid': 'new-password-confirm' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button
            variant="contained"
            disabled={!password || password !== confirm}
            onClick={() => void save()}
            data-testid="new-password-submit"
          >
            {t('save')}
          </Button>
        </DialogActions>
      </Dialog>
      <MessageDialog
        open={result !== null}
        title={t('newPassword')}
        message={result?.text ?? ''}
        error={result?.ok === false}
        onClose={onClose}
      />
    </>
  );
}
