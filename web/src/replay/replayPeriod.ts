import type { PeriodPreset } from '../common/period/period';

/** Document 2 §2.6: the replay's periods. */
export const REPLAY_PRESETS: PeriodPreset[] = [
  'today',
  'yesterday',
  'dayBeforeYesterday',
  'thisWeek',
  'previousWeek',
  'custom',
];
