import { useSyncExternalStore } from 'react';
import {
  Box,
  IconButton,
  Slider,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import FastForwardIcon from '@mui/icons-material/FastForward';
import FastRewindIcon from '@mui/icons-material/FastRewind';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../common/useFormat';
import { MAX_SPEED, STEP, type Playback } from './playback';
import { hasPlace } from './replayData';
import { StreetPhotoButton } from './StreetPhotoButton';
import type { ReplayData } from './types';
import { KNOTS_TO_KMH } from './units';

const SPEEDS = Array.from({ length: MAX_SPEED + 1 }, (_, i) => i);

/** Play/pause, speed 0 (paused) to 4x and the ±60 steps; re-renders only when the speed changes. */
export function PlaybackControls({ playback, disabled }: { playback: Playback; disabled: boolean }) {
  const { t } = useTranslation();
  const speed = useSyncExternalStore(playback.subscribe, () => playback.getSnapshot().speed);
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
      <Tooltip title={t('replay.stepBack')}>
        <span>
          <IconButton
            size="small"
            disabled={disabled}
            onClick={() => playback.step(-STEP)}
            data-testid="replay-step-back"
          >
            <FastRewindIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={t(speed > 0 ? 'replay.pause' : 'replay.play')}>
        <span>
          <IconButton
            color="primary"
            disabled={disabled}
            onClick={() => playback.toggle()}
            data-testid="replay-play"
            data-playing={speed > 0}
          >
            {speed > 0 ? <PauseIcon /> : <PlayArrowIcon />}
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={t('replay.stepForward')}>
        <span>
          <IconButton
            size="small"
            disabled={disabled}
            onClick={() => playback.step(STEP)}
            data-testid="replay-step-forward"
          >
            <FastForwardIcon />
          </IconButton>
        </span>
      </Tooltip>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={speed}
        disabled={disabled}
        onChange={(_, value: number | null) => value !== null && playback.setSpeed(value)}
        data-testid="replay-speed"
        aria-label={t('replay.speed')}
        sx={{ ml: 'auto' }}
      >
        {SPEEDS.map((value) => (
          <ToggleButton
            key={value}
            value={value}
            sx={{ px: 1, py: 0.25, textTransform: 'none' }}
            aria-label={value ? `${value}x` : t('replay.paused')}
          >
            {value ? `${value}x` : '0'}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Stack>
  );
}

/**
 * The timeline of the selection: drag (or move with the arrow keys) to the moment the map shows; a leaf
 * that re-renders on each tick.
 */
export function PlaybackTimeline({ playback, data }: { playback: Playback; data: ReplayData }) {
  const { t } = useTranslation();
  const format = useFormat();
  const state = useSyncExternalStore(playback.subscribe, playback.getSnapshot);
  const { lo, hi } = state.bounds;
  if (hi <= lo) return null;
  const end = Math.min(state.end, data.length - 1);
  return (
    <Box sx={{ px: 1.5 }} dir="ltr">
      <Slider
        size="small"
        min={lo}
        max={hi}
        step={1}
        value={Math.max(lo, Math.min(hi, end))}
        onChange={(_, value) => playback.seek(value as number)}
        valueLabelDisplay="auto"
        valueLabelFormat={(value) => format.dateTime(data.time[value])}
        aria-label={t('replay.timeline')}
        getAriaValueText={(value) => format.dateTime(data.time[value])}
        data-testid="replay-timeline"
      />
    </Box>
  );
}

/**
 * The position at the end of the range: time, speed and its number; a leaf that re-renders on each tick.
 * Its data attributes let tests and the bench follow playback.
 */
export function PositionReadout({
  playback,
  data,
  deviceId,
}: {
  playback: Playback;
  data: ReplayData;
  deviceId: number;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const state = useSyncExternalStore(playback.subscribe, playback.getSnapshot);
  const end = Math.min(state.end, data.length - 1);
  const shown = hasPlace(data, end);
  return (
    <Box
      data-testid="replay-position"
      data-end={end}
      data-start={state.bounds.lo}
      data-ticks={playback.ticks}
      data-dropped-ticks={playback.dropped}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 34 }}
    >
      <Typography variant="body2" sx={{ flex: 1 }} dir="ltr">
        {format.dateTime(data.time[end])}
        {' · '}
        {shown ? `${Math.round(data.speed[end] * KNOTS_TO_KMH)} km/h` : t('replay.private')}
        <Typography component="span" variant="caption" color="text.secondary">
          {`  ${end - state.bounds.lo + 1}/${state.bounds.hi - state.bounds.lo + 1}`}
        </Typography>
      </Typography>
      {shown && state.speed === 0 && (
        <StreetPhotoButton
          key={end}
          latitude={data.latitude[end]}
          longitude={data.longitude[end]}
          course={data.course[end]}
          deviceId={deviceId}
          positionId={data.id[end]}
        />
      )}
    </Box>
  );
}
