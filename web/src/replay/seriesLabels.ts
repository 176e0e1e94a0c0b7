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

/** Readings trackers commonly send, named for the user (the others keep their attribute name). */
const KNOWN_READINGS = ['power', 'battery', 'batteryLevel', 'rssi', 'sat', 'hdop', 'fuelUsed', 'coolantTemp'];

/** The chip and legend text of a series: its kind's name, a known reading's name, else the attribute's. */
export function seriesLabel(t: TFunction, name: string): string {
  const kind = axisKind(name);
  if (kind === 'other') {
    if (KNOWN_READINGS.includes(name)) return t(`replay.reading.${name}`);
    const io = /^io(\d+)$/.exec(name);
    return io ? t('replay.reading.io', { n: io[1] }) : name;
  }
  if (kind === 'temperature' && name !== 'temp1') return `${t('replay.series.temperature')} (${name})`;
  return t(`replay.series.${kind}`);
}

/**
 * Colours by the order the series were switched on, so the lines shown never share one (by their place
 * among all the offered series, fuel and power could); a series switched off takes the next free colour.
 */
export function seriesColours(series: readonly string[], shown: readonly string[]): Record<string, string> {
  const next = SERIES_COLOURS[shown.length % SERIES_COLOURS.length];
  return Object.fromEntries(
    series.map((name) => {
      const at = shown.indexOf(name);
      return [name, at >= 0 ? SERIES_COLOURS[at % SERIES_COLOURS.length] : next];
    }),
  );
}
