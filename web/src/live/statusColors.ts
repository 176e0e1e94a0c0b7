import type { StatusColor } from '@frota/core';

/** Status colours of rows, popup and markers (document 1 §4: green, yellow, red, grey). */
export const STATUS_HEX: Record<StatusColor, string> = {
  green: '#2e7d32',
  yellow: '#f9a825',
  red: '#c62828',
  gray: '#757575',
};
