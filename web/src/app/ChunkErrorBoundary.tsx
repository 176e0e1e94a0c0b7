import { Component, type ReactNode } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

function LoadFailed() {
  const { t } = useTranslation();
  return (
    <Box data-testid="page-load-failed" sx={{ p: 3, textAlign: 'center' }}>
      <Typography sx={{ mb: 2 }}>{t('pageLoadFailed')}</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('reload')}
      </Button>
    </Box>
  );
}

/**
 * A screen's code failed to load (network gone, or a new version replaced its file): offers a reload
 * instead of leaving the page blank.
 */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <LoadFailed /> : this.props.children;
  }
}
