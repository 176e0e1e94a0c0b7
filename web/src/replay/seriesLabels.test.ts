import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { SERIES_COLOURS, seriesColours, seriesLabel } from './seriesLabels';

const t = ((key: string, values?: { n?: string }) => (values?.n ? `${key}:${values.n}` : key)) as TFunction;

describe('replay series labels and colours', () => {
  it('names known readings and numbered sensors for the user, and keeps other attribute names', () => {
    expect(seriesLabel(t, 'speed')).toBe('replay.series.speed');
    expect(seriesLabel(t, 'rssi')).toBe('replay.reading.rssi');
    expect(seriesLabel(t, 'power')).toBe('replay.reading.power');
    expect(seriesLabel(t, 'io24')).toBe('replay.reading.io:24');
    expect(seriesLabel(t, 'axle_load')).toBe('axle_load');
  });

  it('gives the lines shown distinct colours, in the order they were switched on', () => {
    const series = ['speed', 'rpm', 'fuel', 'power', 'battery', 'rssi', 'sat', 'hdop', 'io9', 'io10'];
    const colours = seriesColours(series, ['speed', 'io10']);
    expect(colours.speed).toBe(SERIES_COLOURS[0]);
    expect(colours.io10).toBe(SERIES_COLOURS[1]);
    // io10 is ninth and tenth among the offered series, where the colours wrap round to speed's
    expect(colours.io10).not.toBe(colours.speed);
  });
});
