/**
 * The alert central's period (period.ts): whole local days, both ends included, at most 31 of them, the
 * days read as YYYY-MM-DD. Expected instants written by hand (Luanda UTC+1; Lisbon's 23-hour day).
 *
 * Mutations this catches: the end day made exclusive, days cut in UTC, the 31-day limit off by one
 * (31 days allowed, 32 refused), impossible dates (30 February) accepted, a reversed period accepted.
 */
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../errors';
import { zoneFor } from '../../track/timezone';
import { eventPeriod, MAX_PERIOD_DAYS, PERIOD_TOO_LONG } from './period';

const iso = (p: { from: number; to: number }) => ({
  from: new Date(p.from).toISOString(),
  to: new Date(p.to).toISOString(),
});

describe('eventPeriod', () => {
  const luanda = zoneFor('Africa/Luanda');

  it.each([
    ['one day', '2025-03-10', '2025-03-10', '2025-03-09T23:00:00.000Z', '2025-03-10T23:00:00.000Z'],
    ['31 days', '2025-03-01', '2025-03-31', '2025-02-28T23:00:00.000Z', '2025-03-31T23:00:00.000Z'],
    ['across a year', '2024-12-31', '2025-01-01', '2024-12-30T23:00:00.000Z', '2025-01-01T23:00:00.000Z'],
    ['a leap day', '2024-02-29', '2024-02-29', '2024-02-28T23:00:00.000Z', '2024-02-29T23:00:00.000Z'],
    // 28 and 29 February and 1-29 March 2024: 31 days
    [
      '31 days over a leap February',
      '2024-02-28',
      '2024-03-29',
      '2024-02-27T23:00:00.000Z',
      '2024-03-29T23:00:00.000Z',
    ],
  ])('%s in Luanda', (_what, from, to, start, end) => {
    expect(iso(eventPeriod(from, to, luanda))).toEqual({ from: start, to: end });
  });

  it('follows a daylight-saving change: 30 March 2025 in Lisbon lasts 23 hours', () => {
    expect(iso(eventPeriod('2025-03-30', '2025-03-30', zoneFor('Europe/Lisbon')))).toEqual({
      from: '2025-03-30T00:00:00.000Z',
      to: '2025-03-30T23:00:00.000Z',
    });
  });

  const refusal = (from: string, to: string): [number, string] | 'ok' => {
    try {
      eventPeriod(from, to, luanda);
      return 'ok';
    } catch (err) {
      if (err instanceof HttpError) return [err.statusCode, err.message];
      throw err;
    }
  };

  it.each([
    ['32 days', '2025-03-01', '2025-04-01', PERIOD_TOO_LONG],
    ['32 days over a leap February', '2024-02-28', '2024-03-30', PERIOD_TOO_LONG],
    ['an end before the start', '2025-03-10', '2025-03-09', 'The period ends before it begins'],
    ['30 February', '2025-02-30', '2025-03-01', 'Invalid date 2025-02-30: expected YYYY-MM-DD'],
    [
      '29 February of a common year',
      '2025-03-01',
      '2025-02-29',
      'Invalid date 2025-02-29: expected YYYY-MM-DD',
    ],
    ['no leading zeros', '2025-3-1', '2025-03-01', 'Invalid date 2025-3-1: expected YYYY-MM-DD'],
    [
      'a date and time',
      '2025-03-01 00:00',
      '2025-03-01',
      'Invalid date 2025-03-01 00:00: expected YYYY-MM-DD',
    ],
    ['an empty day', '', '2025-03-01', 'Invalid date : expected YYYY-MM-DD'],
    // a month that does not exist rolled over to another date before wholeDays.ts checked the month
    ['month 13', '2025-13-01', '2025-13-02', 'Invalid date 2025-13-01: expected YYYY-MM-DD'],
    ['month 00', '2025-00-10', '2025-01-02', 'Invalid date 2025-00-10: expected YYYY-MM-DD'],
  ])('refuses %s (400)', (_what, from, to, message) => {
    expect(refusal(from, to)).toEqual([400, message]);
  });

  it('says the limit in the message', () => {
    expect(MAX_PERIOD_DAYS).toBe(31);
    expect(PERIOD_TOO_LONG).toBe('Por favor seleccione um período máximo de 31 dias');
  });
});
