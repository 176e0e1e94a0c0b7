import type { ReactNode } from 'react';
import { Box, ButtonBase, Chip, Typography } from '@mui/material';
import HideImageOutlinedIcon from '@mui/icons-material/HideImageOutlined';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutlineOutlined';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { useTranslation } from 'react-i18next';
import { isFailed, isProcessing, mediaPath } from './cameraRules';
import type { CameraMedia } from './cameraTypes';

export interface MediaThumbProps {
  media: CameraMedia | null | undefined;
  /** height in pixels; the width follows at 4:3 */
  height: number;
  onOpen: (media: CameraMedia) => void;
  testId?: string;
}

/**
 * A media's small view: the photo's thumbnail, a video button, a processing or failed mark for a video not
 * playable, or the `no image` placeholder when there is nothing (document 3 §2, §8).
 */
export function MediaThumb({ media, height, onOpen, testId }: MediaThumbProps) {
  const { t } = useTranslation();
  const width = Math.round((height * 4) / 3);
  const frame = { width, height, borderRadius: 1, overflow: 'hidden', flex: 'none' } as const;
  /** A framed mark in place of the media (nothing yet, or a video not playable). */
  const mark = (icon: ReactNode, text: string, id: string, color: string) => (
    <Box
      data-testid={id}
      sx={{
        ...frame,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'action.hover',
        color,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        px: 0.5,
      }}
    >
      {icon}
      {height > 50 && (
        <Typography variant="caption" sx={{ lineHeight: 1.1, fontSize: height > 60 ? 12 : 11 }}>
          {text}
        </Typography>
      )}
    </Box>
  );
  const iconSize = height > 60 ? 'large' : 'small';
  if (!media)
    return mark(
      <HideImageOutlinedIcon fontSize={iconSize} />,
      t('cameras.noImage'),
      'camera-no-image',
      'text.disabled',
    );
  if (media.type === 'V' && (isProcessing(media) || isFailed(media))) {
    const processing = isProcessing(media);
    // Big views (the dialog) keep the frame; list cells take a compact chip.
    if (height > 60)
      return processing
        ? mark(
            <HourglassTopIcon fontSize={iconSize} />,
            t('cameras.processing'),
            'camera-media-processing',
            'text.secondary',
          )
        : mark(
            <ErrorOutlineIcon fontSize={iconSize} />,
            t('cameras.failed'),
            'camera-media-failed',
            'error.main',
          );
    return (
      <Chip
        size="small"
        variant="outlined"
        color={processing ? 'default' : 'error'}
        icon={processing ? <HourglassTopIcon /> : <ErrorOutlineIcon />}
        label={t(processing ? 'cameras.processing' : 'cameras.failed')}
        data-testid={processing ? 'camera-media-processing' : 'camera-media-failed'}
      />
    );
  }
  return (
    <ButtonBase
      onClick={() => onOpen(media)}
      data-testid={testId ?? (media.type === 'V' ? 'camera-media-video' : 'camera-media-thumb')}
      aria-label={t(media.type === 'V' ? 'cameras.playVideo' : 'cameras.openImage')}
      sx={{ ...frame, bgcolor: 'common.black', position: 'relative' }}
    >
      {media.type === 'V' ? (
        <PlayCircleOutlineIcon sx={{ color: 'common.white', fontSize: Math.min(48, height * 0.6) }} />
      ) : (
        <Box
          component="img"
          src={mediaPath(media)}
          alt=""
          loading="lazy"
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      )}
    </ButtonBase>
  );
}
