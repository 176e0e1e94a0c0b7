import { Box, IconButton, LinearProgress, Paper, Stack, Tooltip, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import ErrorIcon from '@mui/icons-material/Error';
import { useTranslation } from 'react-i18next';
import type { UploadItem } from './uploadQueue';

/** A tray over the list: each uploaded file with its progress, then stored or the server's refusal. */
export function UploadProgress({ items, onClear }: { items: UploadItem[]; onClear: () => void }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  const busy = items.some((item) => item.state === 'waiting' || item.state === 'sending');
  return (
    <Paper
      elevation={6}
      data-testid="tacho-uploads"
      sx={{
        position: 'absolute',
        right: 8,
        bottom: 64,
        zIndex: 5,
        width: 'min(480px, calc(100% - 16px))',
        maxHeight: 220,
        overflow: 'auto',
        p: 1,
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', mb: 0.5 }}>
        <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
          {busy ? t('tacho.uploading') : t('tacho.uploadsDone')}
        </Typography>
        {!busy && (
          <Tooltip title={t('close')}>
            <IconButton
              size="small"
              onClick={onClear}
              aria-label={t('close')}
              data-testid="tacho-uploads-close"
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      {items.map((item) => (
        <Box
          key={item.key}
          data-testid="tacho-upload-item"
          data-state={item.state}
          data-name={item.name}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25, minWidth: 0 }}
        >
          {item.state === 'done' && <CheckCircleIcon fontSize="small" color="success" />}
          {item.state === 'refused' && <ErrorIcon fontSize="small" color="error" />}
          <Typography variant="body2" noWrap sx={{ flex: '0 1 auto', minWidth: 0, maxWidth: '45%' }}>
            {item.name}
          </Typography>
          {item.state === 'refused' ? (
            <Typography variant="body2" color="error" data-testid="tacho-upload-message" sx={{ flex: 1 }}>
              {item.message}
            </Typography>
          ) : item.state === 'done' ? (
            <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
              {t('tacho.uploaded')}
            </Typography>
          ) : (
            <LinearProgress
              variant={item.state === 'waiting' ? 'indeterminate' : 'determinate'}
              value={Math.round(item.progress * 100)}
              sx={{ flex: 1, minWidth: 60 }}
            />
          )}
        </Box>
      ))}
    </Paper>
  );
}
