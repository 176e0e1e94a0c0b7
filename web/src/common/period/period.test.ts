import { describe, expect, it } from 'vitest';
import {
  computePeriod,
  exceedsMaximum,
  monthChoices,
  monthPeriod,
  offeredPresets,
  periodLength,
  todayIn,
  yearChoices,
  type PeriodPreset,
} from './period';

const at = (iso: string) => new Date(iso);
const range = (preset: PeriodPreset, tz: string, now: string) => computePeriod({ preset }, tz, at(now));

describe('offered presets', () => {
  it('offers customDay with the range presets, and the year presets only with the flag', () => {
    const plain = offeredPresets('range', false);
    expect(plain).toContain('customDay');
    expect(plain).toContain('custom');
    expect(plain).not.toContain('thisYear');
    expect(plain).not.toContain('year');
    expect(offeredPresets('range', true)).toEqual(
      expect.arrayContaining(['thisYear', 'previousYear', 'year']),
    );
    expect(offeredPresets('day', true)).toEqual(['today', 'yesterday', 'dayBeforeYesterday', 'customDay']);
  });
});

describe('period presets in Africa/Luanda (UTC+1, no summer time)', () => {
  // Wednesday 15 April 2026, 23:30 UTC = Thursday 16 April 00:30 in Luanda.
  const now = '2026-04-15T23:30:00Z';
  const tz = 'Africa/Luanda';
  const cases: Array<[PeriodPreset, string, string]> = [
    ['today', '2026-04-16 00:00:00', '2026-04-16 23:59:59'],
    ['yesterday', '2026-04-15 00:00:00', '2026-04-15 23:59:59'],
    ['dayBeforeYesterday', '2026-04-14 00:00:00', '2026-04-14 23:59:59'],
    ['thisWeek', '2026-04-13 00:00:00', '2026-04-19 23:59:59'],
    ['previousWeek', '2026-04-06 00:00:00', '2026-04-12 23:59:59'],
    ['thisMonth', '2026-04-01 00:00:00', '2026-04-30 23:59:59'],
    ['previousMonth', '2026-03-01 00:00:00', '2026-03-31 23:59:59'],
    ['thisYear', '2026-01-01 00:00:00', '2026-12-31 23:59:59'],
    ['previousYear', '2025-01-01 00:00:00', '2025-12-31 23:59:59'],
    ['total', '2000-01-01 00:00:00', '2026-04-16 23:59:59'],
  ];
  for (const [preset, from, to] of cases)
    it(preset, () => expect(range(preset, tz, now)).toEqual({ from, to }));

  it('starts weeks on Monday, also on a Sunday and on a Monday', () => {
    // Sunday 19 April 2026 at 12:00 Luanda.
    expect(range('thisWeek', tz, '2026-04-19T11:00:00Z')?.from).toBe('2026-04-13 00:00:00');
    // Monday 20 April 00:10 Luanda is still Sunday 23:10 UTC.
    expect(range('thisWeek', tz, '2026-04-19T23:10:00Z')?.from).toBe('2026-04-20 00:00:00');
    expect(range('previousWeek', tz, '2026-04-19T23:10:00Z')).toEqual({
      from: '2026-04-13 00:00:00',
      to: '2026-04-19 23:59:59',
    });
  });

  it('crosses year and month boundaries in the user clock', () => {
    // 31 Dec 2025 23:30 UTC is already 1 January 2026 in Luanda.
    expect(range('yesterday', tz, '2025-12-31T23:30:00Z')?.from).toBe('2025-12-31 00:00:00');
    expect(range('previousMonth', tz, '2025-12-31T23:30:00Z')?.from).toBe('2025-12-01 00:00:00');
    expect(range('previousYear', tz, '2025-12-31T23:30:00Z')?.from).toBe('2025-01-01 00:00:00');
    // 1 March in a leap year: the previous month has 29 days.
    expect(range('previousMonth', tz, '2028-03-01T10:00:00Z')?.to).toBe('2028-02-29 23:59:59');
  });

  it('takes a given year, a custom range and a single day', () => {
    expect(computePeriod({ preset: 'year', year: 2023 }, tz, at(now))).toEqual({
      from: '2023-01-01 00:00:00',
      to: '2023-12-31 23:59:59',
    });
    expect(computePeriod({ preset: 'year' }, tz, at(now))).toBeNull();
    const custom = { preset: 'custom' as const, from: '2026-04-01 08:00:00', to: '2026-04-02 17:30:00' };
    expect(computePeriod(custom, tz, at(now))).toEqual({ from: custom.from, to: custom.to });
    expect(computePeriod({ ...custom, to: '2026-03-31 00:00:00' }, tz, at(now))).toBeNull();
    expect(computePeriod({ ...custom, from: '2026-02-30 00:00:00' }, tz, at(now))).toBeNull();
    expect(computePeriod({ ...custom, from: undefined }, tz, at(now))).toBeNull();
    expect(computePeriod({ preset: 'customDay', day: '2026-02-28' }, tz, at(now))).toEqual({
      from: '2026-02-28 00:00:00',
      to: '2026-02-28 23:59:59',
    });
    expect(computePeriod({ preset: 'customDay', day: '2026-02-29' }, tz, at(now))).toBeNull();
  });
});

describe('period presets in Europe/Lisbon (summer time)', () => {
  const tz = 'Europe/Lisbon';
  // Friday 31 July 2026, 23:30 UTC = Saturday 1 August 00:30 in Lisbon (UTC+1 in summer).
  const summer = '2026-07-31T23:30:00Z';
  const cases: Array<[PeriodPreset, string, string]> = [
    ['today', '2026-08-01 00:00:00', '2026-08-01 23:59:59'],
    ['yesterday', '2026-07-31 00:00:00', '2026-07-31 23:59:59'],
    ['dayBeforeYesterday', '2026-07-30 00:00:00', '2026-07-30 23:59:59'],
    ['thisWeek', '2026-07-27 00:00:00', '2026-08-02 23:59:59'],
    ['previousWeek', '2026-07-20 00:00:00', '2026-07-26 23:59:59'],
    ['thisMonth', '2026-08-01 00:00:00', '2026-08-31 23:59:59'],
    ['previousMonth', '2026-07-01 00:00:00', '2026-07-31 23:59:59'],
    ['thisYear', '2026-01-01 00:00:00', '2026-12-31 23:59:59'],
    ['previousYear', '2025-01-01 00:00:00', '2025-12-31 23:59:59'],
    ['total', '2000-01-01 00:00:00', '2026-08-01 23:59:59'],
  ];
  for (const [preset, from, to] of cases)
    it(`${preset} in summer`, () => expect(range(preset, tz, summer)).toEqual({ from, to }));
  it('takes a given year, a custom range and a day as typed, whatever the clock change', () => {
    expect(computePeriod({ preset: 'year', year: 2025 }, tz, at(summer))).toEqual({
      from: '2025-01-01 00:00:00',
      to: '2025-12-31 23:59:59',
    });
    // 01:30 on 29 March does not exist in Lisbon; the wall-clock text is kept for the server to read.
    const custom = { preset: 'custom' as const, from: '2026-03-29 01:30:00', to: '2026-03-29 02:30:00' };
    expect(computePeriod(custom, tz, at(summer))).toEqual({ from: custom.from, to: custom.to });
    expect(computePeriod({ preset: 'customDay', day: '2026-10-25' }, tz, at(summer))).toEqual({
      from: '2026-10-25 00:00:00',
      to: '2026-10-25 23:59:59',
    });
  });
  it('uses UTC+0 in winter: 31 January 23:30 UTC is still January', () => {
    expect(range('today', tz, '2026-01-31T23:30:00Z')?.from).toBe('2026-01-31 00:00:00');
    expect(range('thisMonth', tz, '2026-01-31T23:30:00Z')?.from).toBe('2026-01-01 00:00:00');
    // The same instant is 1 February in Luanda.
    expect(range('thisMonth', 'Africa/Luanda', '2026-01-31T23:30:00Z')?.from).toBe('2026-02-01 00:00:00');
  });
  it('uses UTC+1 in summer: 30 June 23:30 UTC is already July', () => {
    expect(range('today', tz, '2026-06-30T23:30:00Z')?.from).toBe('2026-07-01 00:00:00');
    expect(range('previousMonth', tz, '2026-06-30T23:30:00Z')).toEqual({
      from: '2026-06-01 00:00:00',
      to: '2026-06-30 23:59:59',
    });
  });
  it('keeps whole days on the days the clocks change', () => {
    // 29 March 2026: clocks jump from 01:00 to 02:00; 25 October: back from 02:00 to 01:00.
    expect(range('today', tz, '2026-03-29T12:00:00Z')).toEqual({
      from: '2026-03-29 00:00:00',
      to: '2026-03-29 23:59:59',
    });
    expect(range('yesterday', tz, '2026-03-30T00:30:00Z')?.from).toBe('2026-03-29 00:00:00');
    expect(range('thisWeek', tz, '2026-10-25T23:30:00Z')).toEqual({
      from: '2026-10-19 00:00:00',
      to: '2026-10-25 23:59:59',
    });
    expect(range('previousWeek', tz, '2026-03-30T08:00:00Z')).toEqual({
      from: '2026-03-23 00:00:00',
      to: '2026-03-29 23:59:59',
    });
    expect(range('previousMonth', tz, '2026-04-01T00:30:00Z')?.to).toBe('2026-03-31 23:59:59');
  });
  it('falls back to Africa/Luanda for an unknown zone', () => {
    expect(range('today', 'Nowhere/City', '2026-01-31T23:30:00Z')?.from).toBe('2026-02-01 00:00:00');
    expect(range('today', '', '2026-01-31T23:30:00Z')?.from).toBe('2026-02-01 00:00:00');
  });
});

describe('month, year and day choices', () => {
  it('offers the last 24 months newest first, in the user clock', () => {
    const months = monthChoices('Africa/Luanda', at('2026-01-31T23:30:00Z'));
    expect(months).toHaveLength(24);
    expect(months[0]).toBe('2026-02');
    expect(months[23]).toBe('2024-03');
    expect(monthChoices('Europe/Lisbon', at('2026-01-31T23:30:00Z'))[0]).toBe('2026-01');
  });
  it('cuts a month from its first to its last second', () => {
    expect(monthPeriod('2024-02')).toEqual({ from: '2024-02-01 00:00:00', to: '2024-02-29 23:59:59' });
  });
  it('offers ten years and today', () => {
    expect(yearChoices('Africa/Luanda', at('2025-12-31T23:30:00Z'))).toEqual([
      2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018, 2017,
    ]);
    expect(todayIn('Europe/Lisbon', at('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
  });
});

describe('maximum period', () => {
  it('measures a period with its last second', () => {
    expect(periodLength({ from: '2026-03-01 00:00:00', to: '2026-03-31 23:59:59' })).toBe(31 * 86_400_000);
  });
  it('applies 31 days only with more than one vehicle', () => {
    const long = { from: '2026-03-01 00:00:00', to: '2026-04-01 00:00:00' };
    const month = { from: '2026-03-01 00:00:00', to: '2026-03-31 23:59:59' };
    const shifted = { from: '2026-03-01 10:00:00', to: '2026-04-01 09:59:59' };
    expect(exceedsMaximum(long, 2)).toBe(true);
    expect(exceedsMaximum(long, 1)).toBe(false);
    expect(exceedsMaximum(month, 50)).toBe(false);
    expect(exceedsMaximum(shifted, 2)).toBe(false);
    expect(exceedsMaximum({ ...shifted, to: '2026-04-01 10:00:00' }, 2)).toBe(true);
    expect(exceedsMaximum(long, 2, 3650)).toBe(false);
  });
});
