import { describe, expect, it } from 'vitest';
import { computeDrivingTimes, computeTachoCounters } from './counters';
import { at, rest, sequence } from './testDays';

/** A regular weekly rest (48 h) ending Monday 06:00, then the day's steps. */
const monday = (...steps: string[]) => [rest(at(-2, 6), at(0, 6)), ...sequence(at(0, 6), ...steps)];

describe('Art. 7: 4 h 30 of driving, then a 45 min break', () => {
  it('plain day: after 4 h 30 of driving the break is due now', () => {
    expect(computeTachoCounters(monday('D 4:30'), at(0, 10, 30))).toEqual({
      Driver1RemainingTimeUntilNextBreakOrRest: 0,
      Driver1DurationOfNextBreakRest: 2700,
      // 10 h (both extensions left) minus 4 h 30; the 24 h window (until 21:00 for a 9 h rest) is later
      Driver1TimeLeftUntilNewDailyRestPeriod: 19_800,
      // Monday 06:00 + 144 h = Sunday 06:00
      Driver1TimeLeftUntilNewWeeklyRestPeriod: 502_200,
      Driver1MinimumDailyRest: 32_400,
      Driver1MinimumWeeklyRest: 86_400,
    });
  });

  it('counts down the driving before the break', () => {
    const counters = computeTachoCounters(monday('D 3:30'), at(0, 9, 30));
    expect(counters.Driver1RemainingTimeUntilNextBreakOrRest).toBe(3600);
    expect(counters.Driver1DurationOfNextBreakRest).toBe(2700);
  });

  it('work and availability neither add to the driving nor count as a break', () => {
    const counters = computeTachoCounters(monday('D 2:00', 'W 1:00', 'A 0:50', 'D 2:00'), at(0, 11, 50));
    expect(counters.Driver1RemainingTimeUntilNextBreakOrRest).toBe(1800);
  });

  it('a 45 min break starts a new 4 h 30', () => {
    const { counters, history } = computeDrivingTimes(monday('D 4:30', 'R 0:45', 'D 1:00'), at(0, 12, 15));
    expect(history.continuousDriving).toBe(3600);
    expect(counters.Driver1RemainingTimeUntilNextBreakOrRest).toBe(12_600);
  });

  it('split 15 + 30 in that order counts as the break', () => {
    const counters = computeTachoCounters(
      monday('D 2:00', 'R 0:15', 'D 2:00', 'R 0:30', 'D 1:00'),
      at(0, 11, 45),
    );
    expect(counters.Driver1RemainingTimeUntilNextBreakOrRest).toBe(12_600);
    expect(counters.Driver1DurationOfNextBreakRest).toBe(2700);
  });

  it('after the first 15 min only 30 min are owed', () => {
    const counters = computeTachoCounters(monday('D 2:00', 'R 0:15', 'D 1:00'), at(0, 9, 15));
    expect(counters.Driver1RemainingTimeUntilNextBreakOrRest).toBe(5400);
    expect(counters.Driver1DurationOfNextBreakRest).toBe(1800);
  });

  it('30 + 15 does not count: the 30 is only a first part', () => {
    const counters = computeTachoCounters(
      monday('D 2:00', 'R 0:30', 'D 2:00', 'R 0:15', 'D 0:30'),
      at(0, 11, 15),
    );
    expect(counters.Driver1RemainingTimeUntilNextBreakOrRest).toBe(0);
    expect(counters.Driver1DurationOfNextBreakRest).toBe(1800);
  });

  it('breaks under 15 min count for nothing', () => {
    const counters = computeTachoCounters(monday('D 2:00', 'R 0:14', 'D 2:00'), at(0, 10, 14));
    expect(counters.Driver1RemainingTimeUntilNextBreakOrRest).toBe(1800);
    expect(counters.Driver1DurationOfNextBreakRest).toBe(2700);
  });

  it('while a break is under way, shows what is left of it', () => {
    const counters = computeTachoCounters(monday('D 4:30', 'R 0:20'), at(0, 10, 50));
    expect(counters.Driver1RemainingTimeUntilNextBreakOrRest).toBe(0);
    expect(counters.Driver1DurationOfNextBreakRest).toBe(1500);
    // the second part after a first 15 min: 30 - 10
    const second = computeTachoCounters(monday('D 2:00', 'R 0:15', 'D 2:30', 'R 0:10'), at(0, 10, 55));
    expect(second.Driver1DurationOfNextBreakRest).toBe(1200);
  });

  it('a finished break restores the full 4 h 30 at once', () => {
    const counters = computeTachoCounters(monday('D 4:30', 'R 0:45'), at(0, 11, 15));
    expect(counters.Driver1RemainingTimeUntilNextBreakOrRest).toBe(16_200);
    expect(counters.Driver1DurationOfNextBreakRest).toBe(2700);
  });

  it('a driver with no history may drive 4 h 30 and owes a 45 h weekly rest', () => {
    expect(computeTachoCounters([], at(0, 6))).toEqual({
      Driver1RemainingTimeUntilNextBreakOrRest: 16_200,
      Driver1DurationOfNextBreakRest: 2700,
      Driver1TimeLeftUntilNewDailyRestPeriod: 36_000,
      Driver1TimeLeftUntilNewWeeklyRestPeriod: null,
      Driver1MinimumDailyRest: 32_400,
      Driver1MinimumWeeklyRest: 162_000,
    });
  });
});
