import { AppBar, Box, Dialog, IconButton, Toolbar, Tooltip, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../common/useFormat';
import { cameraSide, mediaDownloadPath, mediaPath, mediaTime } from './cameraRules';
import type { CameraMedia } from './cameraTypes';

export interface MediaViewerProps {
  media: CameraMedia | null;
  vehicleName: string;
  onClose: () => void;
}

/**
 * The full-screen viewer (document 3 §2): the photo, or the video in the browser's player (the server
 * answers range requests, so seeking works), with download and back.
 */
export function MediaViewer({ media, vehicleName, onClose }: MediaViewerProps) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Dialog fullScreen open={media !== null} onClose={onClose} data-testid="camera-viewer">
      {media && (
        <>
          <AppBar position="relative" color="default" elevation={1}>
            <Toolbar variant="dense" sx={{ gap: 1 }}>
              <Tooltip title={t('cameras.back')}>
                <IconButton
                  edge="start"
                  onClick={onClose}
                  data-testid="camera-viewer-back"
                  aria-label={t('cameras.back')}
                >
                  <ArrowBackIcon sx={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }} />
                </IconButton>
              </Tooltip>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography noWrap sx={{ fontWeight: 600 }}>
                  {vehicleName}
                </Typography>
                <Typography noWrap variant="body2" color="text.secondary">
                  {`${format.dateTime(mediaTime(media))} · ${t(`cameras.side.${cameraSide(media.camera)}`)}`}
                </Typography>
              </Box>
              <Tooltip title={t('cameras.download')}>
                <IconButton
                  component="a"
                  href={mediaDownloadPath(media, vehicleName)}
                  download
                  data-testid="camera-viewer-download"
                  aria-label={t('cameras.download')}
                >
                  <DownloadIcon />
                </IconButton>
              </Tooltip>
            </Toolbar>
          </AppBar>
          <Box
            sx={{
              flex: 1,
              minHeight: 0,
              bgcolor: 'common.black',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            {media.type === 'V' ? (
              <Box
                component="video"
                key={media.id}
                src={mediaPath(media)}
                controls
                autoPlay
                playsInline
                preload="metadata"
                data-testid="camera-viewer-video"
                sx={{ maxWidth: '100%', maxHeight: '100%' }}
              />
            ) : (
              <Box
                component="img"
                key={media.id}
                src={mediaPath(media)}
                alt={`${vehicleName} ${format.dateTime(mediaTime(media))}`}
                data-testid="camera-viewer-image"
                sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
              />
            )}
          </Box>
        </>
      )}
    </Dialog>
  );
}
