import { Box, Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { cameraStates } from './cameraRules';

const TONE = {
  notDetected: 'default',
  noCard: 'warning',
  cardFailed: 'error',
  cardOk: 'success',
  cardFaulty: 'error',
} as const;

/** The road and driver cameras' SD-card state from the tracker's IO (document 3 §2); nothing when unknown. */
export function CameraStatus({ attributes }: { attributes: Record<string, unknown> }) {
  const { t } = useTranslation();
  const states = cameraStates(attributes);
  if (states.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="camera-status">
      {states.map(({ side, state, value }) => (
        <Chip
          key={side}
          size="small"
          variant="outlined"
          color={TONE[state]}
          label={`${t(`cameras.side.${side}`)}: ${t(`cameras.state.${state}`)}`}
          data-testid="camera-status-item"
          data-side={side}
          data-value={value}
        />
      ))}
    </Box>
  );
}
