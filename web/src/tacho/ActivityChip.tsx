import { Chip } from '@mui/material';
import {
  isWorkingState,
  WORKING_STATE_COLORS,
  type ReportedWorkingState,
  type WorkingStateColor,
} from '@frota/core';
import { useTranslation } from 'react-i18next';

/** Document 3 §4's colours as chip fills with readable text (yellow keeps dark text). */
export const CHIP_COLOURS: Readonly<Record<WorkingStateColor, { bg: string; fg: string }>> = {
  yellow: { bg: '#fdd835', fg: 'rgba(0, 0, 0, 0.87)' },
  blue: { bg: '#1e88e5', fg: '#fff' },
  green: { bg: '#43a047', fg: '#fff' },
  red: { bg: '#e53935', fg: '#fff' },
};

/** The driver's working state (0–7) as a coloured chip; blank for 4, 5 or no state (document 3 §4). */
export function ActivityChip({ state }: { state: ReportedWorkingState | null }) {
  const { t } = useTranslation();
  if (state === null || !isWorkingState(state))
    return <span data-testid="tacho-activity-chip" data-state={state ?? ''} />;
  const colour = WORKING_STATE_COLORS[state];
  const { bg, fg } = CHIP_COLOURS[colour];
  return (
    <Chip
      size="small"
      label={t(`tacho.state.${state}`)}
      data-testid="tacho-activity-chip"
      data-state={state}
      data-colour={colour}
      sx={{ bgcolor: bg, color: fg, height: 22, fontWeight: 600, minWidth: 96 }}
    />
  );
}
