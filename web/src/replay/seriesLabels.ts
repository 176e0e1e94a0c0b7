import type { TFunction } from 'i18next';
import { axisKind } from './axes';

/** Line colours by series position. */
export const SERIES_COLOURS = [
  '#1565c0',
  '#d81b60',
  '#ef6c00',
  '#2e7d32',
  '#6a1b9a',
  '#00838f',
  '#5d4037',
  '#546e7a',
];

/** The chip and legend text of a series: its kind's name, the attribute name for the others. */
export function seriesLabel(t: TFunction, name: string): string {
  const kind = axisKind(name);
  if (kind === 'other') return name;
  if (kind === 'temperature' && name !== 'temp1') return `${t('replay.series.temperature')} (${name})`;
  return t(`replay.series.${kind}`);
}
