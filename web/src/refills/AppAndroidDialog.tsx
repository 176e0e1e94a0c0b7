import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { fetchAppVersion, refillKeys } from './refillsApi';

/** The operators' Android app: a QR code of its download link, the link, and the latest version. */
export function AppAndroidDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const app = useQuery({ queryKey: refillKeys.appVersion, queryFn: fetchAppVersion });
  const link = app.data?.apk_url ?? '';
  return (
    <Dialog open onClose={onClose} data-testid="refill-app-dialog">
      <DialogTitle>{t('refills.appTitle')}</DialogTitle>
      <DialogContent sx={{ textAlign: 'center' }}>
        {app.isLoading ? (
          <CircularProgress />
        ) : (
          <>
            {link && (
              <>
                <Box sx={{ p: 2, bgcolor: '#fff', display: 'inline-block' }} data-testid="refill-app-qr">
                  <QRCodeSVG value={link} size={220} marginSize={1} />
                </Box>
                <Typography variant="body2" sx={{ mt: 1, wordBreak: 'break-all' }}>
                  <Link href={link} target="_blank" rel="noopener" data-testid="refill-app-link">
                    {link}
                  </Link>
                </Typography>
              </>
            )}
            <Typography variant="body2" sx={{ mt: 1 }} data-testid="refill-app-version">
              {t('refills.appLatest', { version: app.data?.apk_version || '—' })}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
