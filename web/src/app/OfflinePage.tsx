import { useEffect } from 'react';
import { Box, Button, Typography } from '@mui/material';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { useTranslation } from 'react-i18next';
import { isRtl } from './i18n';
import { storedLanguage } from './languageMemory';

const RETRY_MS = 15_000;

/**
 * The server cannot be reached (the app itself came from the service worker's cache): says so plainly and
 * tries again when the browser is back online, every 15 s, or on the button.
 */
export function OfflinePage({ onRetry }: { onRetry: () => void }) {
  const language = storedLanguage();
  const { t } = useTranslation(undefined, { lng: language });

  useEffect(() => {
    window.addEventListener('online', onRetry);
    const timer = window.setInterval(onRetry, RETRY_MS);
    return () => {
      window.removeEventListener('online', onRetry);
      window.clearInterval(timer);
    };
  }, [onRetry]);

  return (
    <Box
      data-testid="offline-page"
      dir={isRtl(language) ? 'rtl' : 'ltr'}
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 3,
        textAlign: 'center',
        fontFamily: 'Roboto, Arial, sans-serif',
      }}
    >
      <CloudOffIcon sx={{ fontSize: 64, color: '#757575' }} />
      <Typography variant="h5" component="h1">
        {t('offlineTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
        {t('offlineText')}
      </Typography>
      <Button variant="contained" onClick={() => onRetry()} data-testid="offline-retry">
        {t('retry')}
      </Button>
    </Box>
  );
}
