import { useEffect, useRef, useState } from 'react';
import CameraAltIcon from '@mui/icons-material/CameraAlt';
import CameraswitchIcon from '@mui/icons-material/Cameraswitch';
import ReplayIcon from '@mui/icons-material/Replay';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { DocumentFile } from './managementApi';
import { dataUrlBytes } from './documentForm';
import { CAPTURE_QUALITY, captureCrop } from './rules';

type Facing = 'environment' | 'user';

interface Captured {
  file: DocumentFile;
  width: number;
  height: number;
}

/** Draws the video's current frame at the document size (document 3 §5) and answers it as a JPEG. */
function grab(video: HTMLVideoElement): Captured | null {
  const crop = captureCrop(video.videoWidth, video.videoHeight);
  const canvas = document.createElement('canvas');
  canvas.width = crop.width;
  canvas.height = crop.height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(video, crop.sx, crop.sy, crop.sw, crop.sh, 0, 0, crop.width, crop.height);
  const content = canvas.toDataURL('image/jpeg', CAPTURE_QUALITY);
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  return {
    file: { name: `camera_${stamp}.jpg`, type: 'image/jpeg', size: dataUrlBytes(content), content },
    width: crop.width,
    height: crop.height,
  };
}

/**
 * The `Câmara` tab (document 3 §2, §4): the live camera with a capture button and a front/rear switch, then
 * the photo with a retake button and its size in pixels. The camera is released when not shown.
 */
export function CameraCapture({ onChange }: { onChange: (file: DocumentFile | null) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [facing, setFacing] = useState<Facing>('environment');
  const [captured, setCaptured] = useState<Captured | null>(null);
  const [session, setSession] = useState(0);
  const [status, setStatus] = useState<{ attempt: string; state: 'ready' | 'failed' } | null>(null);
  // Each camera start (another camera, a retake) is an attempt; its state is known once it answers.
  const attempt = `${facing}-${session}`;
  const state = status?.attempt === attempt ? status.state : 'starting';
  const ready = state === 'ready';
  const failed = state === 'failed';

  useEffect(() => {
    if (captured) return;
    let stream: MediaStream | null = null;
    let cancelled = false;
    const start = async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera');
        stream = await navigator.mediaDevices.getUserMedia({
          audio: false,
          video: { facingMode: { ideal: facing }, width: { ideal: 2000 }, height: { ideal: 1500 } },
        });
        if (cancelled) return;
        const element = video.current;
        if (!element) return;
        element.srcObject = stream;
        await element.play();
        if (!cancelled) setStatus({ attempt, state: 'ready' });
      } catch {
        if (!cancelled) setStatus({ attempt, state: 'failed' });
      }
    };
    void start();
    return () => {
      cancelled = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [facing, captured, attempt]);

  const capture = () => {
    const element = video.current;
    if (!element || !element.videoWidth) return;
    const shot = grab(element);
    if (!shot) return;
    setCaptured(shot);
    onChange(shot.file);
  };

  const retake = () => {
    setCaptured(null);
    setSession((n) => n + 1);
    onChange(null);
  };

  if (captured)
    return (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }} data-testid="document-camera-preview">
        <Box
          component="img"
          src={captured.file.content}
          alt={captured.file.name}
          sx={{ maxWidth: '100%', maxHeight: 320, borderRadius: 1, border: 1, borderColor: 'divider' }}
        />
        <Typography variant="body2" data-testid="document-capture-size">
          {`${captured.width} x ${captured.height} px`}
        </Typography>
        <Button startIcon={<ReplayIcon />} onClick={retake} data-testid="document-retake">
          {t('management.document.retake')}
        </Button>
      </Stack>
    );

  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      {failed && (
        <Alert severity="warning" data-testid="document-camera-error">
          {t('management.document.cameraUnavailable')}
        </Alert>
      )}
      <Box
        component="video"
        ref={video}
        muted
        playsInline
        data-testid="document-camera-video"
        sx={{
          width: '100%',
          maxHeight: 360,
          bgcolor: 'common.black',
          borderRadius: 1,
          display: failed ? 'none' : 'block',
        }}
      />
      <Stack direction="row" spacing={1}>
        <Button
          variant="contained"
          startIcon={<CameraAltIcon />}
          onClick={capture}
          disabled={!ready}
          data-testid="document-capture"
        >
          {t('management.document.capture')}
        </Button>
        <Button
          startIcon={<CameraswitchIcon />}
          onClick={() => setFacing((f) => (f === 'environment' ? 'user' : 'environment'))}
          disabled={failed}
          data-testid="document-camera-switch"
        >
          {t('management.document.switchCamera')}
        </Button>
      </Stack>
    </Stack>
  );
}
