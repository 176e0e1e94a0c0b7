import { Box, CircularProgress } from '@mui/material';

/** Shown while a screen's code or the session loads. */
export function LoadingPage({ fullHeight = false }: { fullHeight?: boolean }) {
  return (
    <Box
      data-testid="page-loading"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        height: fullHeight ? '100vh' : '100%',
        minHeight: 160,
      }}
    >
      <CircularProgress />
    </Box>
  );
}
