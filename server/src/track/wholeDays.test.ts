/** Whole-day periods typed as dates: the one parser of the alert, refill and camera centres. */
import { describe, expect, it } from 'vitest';
import { HttpError } from '../errors';
import { calendarDay, wholeDays } from './wholeDays';
import { zoneFor } from './timezone';

const refusal = (run: () => unknown): [number, string] | 'accepted' => {
  try {
    run();
    return 'accepted';
  } catch (error) {
    if (error instanceof HttpError) return [error.statusCode, error.message];
    throw error;
  }
};

describe('calendarDay', () => {
  it('reads a date of the calendar', () => {
    expect(calendarDay('2024-02-29')).toEqual({ y: 2024, m: 2, d: 29, utc: Date.UTC(2024, 1, 29) });
  });

  it.each(['2025-13-01', '2025-00-10', '2025-02-29', '2025-04-31', '2025-4-1', '', '2025-01-01T00:00'])(
    'refuses %j with 400',
    (text) => {
      expect(refusal(() => calendarDay(text))).toEqual([400, `Invalid date ${text}: expected YYYY-MM-DD`]);
    },
  );
});

describe('wholeDays', () => {
  it('spans from the first day’s midnight to the midnight after the last, in the zone', () => {
    const luanda = zoneFor('Africa/Luanda');
    expect(wholeDays('2025-03-01', '2025-03-02', luanda)).toEqual({
      from: Date.UTC(2025, 1, 28, 23),
      to: Date.UTC(2025, 2, 2, 23),
      after: 1,
    });
  });

  it('counts the days across a change of summer time as whole days', () => {
    const lisbon = zoneFor('Europe/Lisbon');
    const period = wholeDays('2025-03-29', '2025-03-31', lisbon);
    expect(period.after).toBe(2);
    expect((period.to - period.from) / 3_600_000).toBe(71);
  });

  it('refuses an end before the start', () => {
    expect(refusal(() => wholeDays('2025-03-02', '2025-03-01', zoneFor('UTC')))).toEqual([
      400,
      'The period ends before it begins',
    ]);
  });
});
