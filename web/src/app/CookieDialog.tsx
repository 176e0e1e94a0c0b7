import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { fetchSessionCookie } from '../api/session';

/** Ctrl+Alt+0: asks, then shows the session cookie (it is httpOnly, so the server tells it). */
export function CookieDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [cookie, setCookie] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  const close = () => {
    setCookie(null);
    setFailed(false);
    onClose();
  };
  const show = async () => {
    try {
      const { name, value } = await fetchSessionCookie();
      setCookie(`${name}=${value}`);
    } catch {
      setFailed(true);
    }
  };

  return (
    <Dialog open={open} onClose={close} data-testid="cookie-dialog" maxWidth="sm" fullWidth>
      <DialogTitle>{t('sessionCookie')}</DialogTitle>
      <DialogContent>
        {cookie ? (
          <TextField
            value={cookie}
            fullWidth
            multiline
            slotProps={{ htmlInput: { readOnly: true } }}
            sx={{ mt: 1 }}
          />
        ) : (
          <Typography>{failed ? t('sessionCookieFailed') : t('sessionCookieQuestion')}</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('close')}</Button>
        {!cookie && !failed && (
          <Button variant="contained" onClick={() => void show()}>
            {t('show')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
