import { useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import VideocamIcon from '@mui/icons-material/Videocam';
import PhotoLibraryOutlinedIcon from '@mui/icons-material/PhotoLibraryOutlined';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AlertPickers } from '../common/pickers/AlertPickers';
import { useCurrentUser } from '../session/sessionContext';
import { DEFAULT_TIMEZONE } from '../common/formatters';
import { useFormat } from '../common/useFormat';
import { WallDateTimePicker } from '../common/pickers/WallDateTimePicker';
import {
  CAMERA_REFRESH_MS,
  VIDEO_DEFAULT_SECONDS,
  VIDEO_MAX_SECONDS,
  VIDEO_MIN_SECONDS,
  clampVideoSeconds,
  latestMedia,
  mediaTime,
  stateSource,
  videoStartSeconds,
} from './cameraRules';
import { cameraKeys, fetchCameraLatest } from './camerasApi';
import { CameraStatus } from './CameraStatus';
import type { CameraCommand, CameraMedia } from './cameraTypes';
import { MediaThumb } from './MediaThumb';
import { MediaViewer } from './MediaViewer';
import { useCameraCommand } from './useCameraCommand';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The wall-clock text of the picker (the user's timezone). */
const WALL_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export interface CameraDialogProps {
  deviceId: number;
  name: string;
  /** the vehicle's live position attributes (camera and SD-card state IO) */
  attributes?: Record<string, unknown> | null;
  onClose: () => void;
}

/**
 * The camera dialog of the live map (document 1 §2, document 3 §2): the latest road and driver media
 * (read again every 15 s), take photo, take video (start date and time, 5–10 s), camera 1 road, 2 driver or
 * 3 both, the cameras' SD-card state, the image list and back.
 */
export default function CameraDialog({ deviceId, name, attributes, onClose }: CameraDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const navigate = useNavigate();
  const format = useFormat();
  const user = useCurrentUser();
  const tz = typeof user.attributes?.timezone === 'string' ? user.attributes.timezone : DEFAULT_TIMEZONE;
  const latest = useQuery({
    queryKey: cameraKeys.latest(deviceId),
    queryFn: () => fetchCameraLatest(deviceId),
    refetchInterval: CAMERA_REFRESH_MS,
  });
  const { front, rear } = latestMedia(latest.data);
  const [camera, setCamera] = useState<CameraCommand['camera']>(3);
  // A clip of the minute just gone: the usual request after an alert; the user moves it to the event.
  const [start, setStart] = useState(() =>
    dayjs().tz(tz).subtract(1, 'minute').second(0).format(WALL_FORMAT),
  );
  const [duration, setDuration] = useState<string>(String(VIDEO_DEFAULT_SECONDS));
  const [open, setOpen] = useState<CameraMedia | null>(null);
  const command = useCameraCommand(() => void latest.refetch());
  const startSeconds = videoStartSeconds(start, (wall) => dayjs.tz(wall, tz).valueOf());

  const takePhoto = () => void command.send({ deviceId, type: 'photo', camera });
  const takeVideo = () => {
    if (startSeconds === null) return;
    const seconds = clampVideoSeconds(duration);
    setDuration(String(seconds));
    void command.send({
      deviceId,
      type: 'video',
      camera,
      videoDateTime: startSeconds,
      videoDuration: seconds,
    });
  };

  const panel = (side: 'road' | 'driver', media: CameraMedia | null) => (
    <Box
      sx={{
        flex: '1 1 0',
        minWidth: 0,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 0.5,
      }}
      data-testid={`camera-dialog-${side}`}
      data-media-id={media?.id ?? ''}
    >
      <Typography variant="subtitle2">{t(`cameras.side.${side}`)}</Typography>
      <MediaThumb
        media={media}
        height={phone ? 110 : 150}
        onOpen={setOpen}
        testId={`camera-dialog-${side}-media`}
      />
      <Typography variant="caption" color="text.secondary" sx={{ minHeight: '1.5em' }}>
        {media ? format.dateTime(mediaTime(media)) : ''}
      </Typography>
    </Box>
  );

  return (
    <>
      <Dialog open onClose={onClose} fullScreen={phone} maxWidth="sm" fullWidth data-testid="camera-dialog">
        <DialogTitle sx={{ pb: 1 }}>{`${t('cameras.dialogTitle')} · ${name}`}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <CameraStatus attributes={stateSource(attributes, latest.data?.[0])} />
            <Stack direction="row" spacing={2}>
              {panel('road', front)}
              {panel('driver', rear)}
            </Stack>
            <TextField
              select
              size="small"
              label={t('cameras.which')}
              value={camera}
              onChange={(event) => setCamera(Number(event.target.value) as CameraCommand['camera'])}
              slotProps={{ htmlInput: { 'data-testid': 'camera-which' } }}
            >
              <MenuItem value={3}>{t('cameras.both')}</MenuItem>
              <MenuItem value={1}>{t('cameras.side.road')}</MenuItem>
              <MenuItem value={2}>{t('cameras.side.driver')}</MenuItem>
            </TextField>
            <Button
              variant="contained"
              startIcon={<PhotoCameraIcon />}
              disabled={command.sending}
              onClick={takePhoto}
              data-testid="camera-take-photo"
            >
              {t('cameras.takePhoto')}
            </Button>
            <Stack
              direction={phone ? 'column' : 'row'}
              spacing={1.5}
              sx={{ alignItems: phone ? 'stretch' : 'flex-start' }}
            >
              <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
                <AlertPickers>
                  <WallDateTimePicker
                    label={`${t('cameras.videoStart')} *`}
                    value={start}
                    onChange={setStart}
                    testId="camera-video-start"
                  />
                </AlertPickers>
                <Typography variant="caption" color="error" sx={{ mx: 1.75, mt: 0.5, minHeight: '1.66em' }}>
                  {startSeconds === null ? t('cameras.videoStartNeeded') : ''}
                </Typography>
              </Box>
              <TextField
                type="number"
                size="small"
                label={t('cameras.videoDuration')}
                value={duration}
                onChange={(event) => setDuration(event.target.value)}
                onBlur={() => setDuration(String(clampVideoSeconds(duration)))}
                helperText={t('cameras.videoDurationHint', {
                  min: VIDEO_MIN_SECONDS,
                  max: VIDEO_MAX_SECONDS,
                })}
                slotProps={{
                  htmlInput: {
                    min: VIDEO_MIN_SECONDS,
                    max: VIDEO_MAX_SECONDS,
                    'data-testid': 'camera-video-duration',
                  },
                }}
                sx={{ width: phone ? 'auto' : 130 }}
              />
              <Button
                variant="outlined"
                startIcon={<VideocamIcon />}
                disabled={command.sending || startSeconds === null}
                onClick={takeVideo}
                data-testid="camera-take-video"
                sx={{ whiteSpace: 'nowrap', height: 40 }}
              >
                {t('cameras.takeVideo')}
              </Button>
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button
            startIcon={<PhotoLibraryOutlinedIcon />}
            onClick={() => void navigate(`/settings/camera_images/${deviceId}`)}
            data-testid="camera-image-list"
          >
            {t('cameras.imageList')}
          </Button>
          <Button onClick={onClose} data-testid="camera-dialog-back">
            {t('cameras.back')}
          </Button>
        </DialogActions>
      </Dialog>
      <MediaViewer media={open} vehicleName={name} onClose={() => setOpen(null)} />
    </>
  );
}
