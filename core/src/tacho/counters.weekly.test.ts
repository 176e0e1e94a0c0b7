import { describe, expect, it } from 'vitest';
import { computeDrivingTimes, computeTachoCounters } from './counters';
import { weekStart } from './rules';
import { at, MONDAY, rest, sequence, shifts } from './testDays';

describe('the week (Art. 4(i)): Monday 00:00 to Sunday 24:00, UTC', () => {
  it('starts on Monday 00:00 UTC', () => {
    expect(weekStart(MONDAY)).toBe(MONDAY);
    expect(weekStart(at(6, 23, 59))).toBe(MONDAY);
    expect(weekStart(at(-1, 23, 59))).toBe(at(-7));
    expect(weekStart(at(3, 12))).toBe(MONDAY);
  });

  it('splits driving across Monday 00:00 between the two weeks', () => {
    const periods = [rest(at(-3), at(-1, 22)), ...sequence(at(-1, 22), 'D 4:00')];
    const { history } = computeDrivingTimes(periods, at(0, 2));
    expect(history.previousWeekDriving).toBe(7200);
    expect(history.weekDriving).toBe(7200);
  });
});

describe('Art. 6(2), 6(3): 56 h in a week, 90 h in two weeks', () => {
  it('the 56 h of the week bind before the day, the break and the fortnight', () => {
    // Week before: weekly rest to Thursday 06:00, four 8 h days. This week: 10 h Monday and Tuesday, a 24 h 30
    // weekly rest, then evening shifts of 9, 9, 9 and 7 h and one hour on Sunday: 55 h this week.
    const periods = [
      rest(at(-6, 6), at(-4, 6)),
      ...shifts([
        [at(-4, 6), 8],
        [at(-3, 6), 8],
        [at(-2, 6), 8],
        [at(-1, 6), 8],
        [at(0, 6), 10],
        [at(1, 6), 10],
        [at(2, 18), 9],
        [at(3, 18), 9],
        [at(4, 18), 9],
        [at(5, 18), 7],
        [at(6, 18), 0],
      ]),
      ...sequence(at(6, 18), 'D 1:00'),
    ];
    const { counters, limits, history } = computeDrivingTimes(periods, at(6, 19));
    expect(history.weekDriving).toBe(198_000);
    expect(history.previousWeekDriving).toBe(115_200);
    expect(history.lastWeeklyRestEnd).toBe(at(2, 18));
    expect(limits.weeklyDrivingLeft).toBe(3600);
    expect(limits.fortnightlyDrivingLeft).toBe(10_800);
    expect(limits.dailyDrivingLimit).toBe(32_400);
    expect(counters).toEqual({
      Driver1RemainingTimeUntilNextBreakOrRest: 3600,
      Driver1DurationOfNextBreakRest: 32_400,
      Driver1TimeLeftUntilNewDailyRestPeriod: 28_800,
      // Wednesday 18:00 + 144 h = next Tuesday 18:00, 47 h after Sunday 19:00
      Driver1TimeLeftUntilNewWeeklyRestPeriod: 169_200,
      Driver1MinimumDailyRest: 32_400,
      // the last weekly rest was reduced: the next one must be regular
      Driver1MinimumWeeklyRest: 162_000,
    });
  });

  it('the 90 h of two weeks bind when the week before was full', () => {
    // Week before: 56 h in six days (two of 10 h) from Tuesday; a 45 h 15 weekly rest to Tuesday 13:00; then
    // 9 h, 9 h, 9 h and 6 h this week: 33 h, 89 h in the two weeks.
    const periods = [
      rest(at(-8, 6), at(-6, 6)),
      ...shifts([
        [at(-6, 6), 10],
        [at(-5, 6), 10],
        [at(-4, 6), 9],
        [at(-3, 6), 9],
        [at(-2, 6), 9],
        [at(-1, 6), 9],
        [at(1, 13), 9],
        [at(2, 13), 9],
        [at(3, 13), 9],
        [at(4, 13), 0],
      ]),
      ...sequence(at(4, 13), 'D 4:30', 'R 0:45', 'D 1:30'),
    ];
    const { counters, limits, history } = computeDrivingTimes(periods, at(4, 19, 45));
    expect(history.previousWeekDriving).toBe(201_600);
    expect(history.weekDriving).toBe(118_800);
    expect(limits.fortnightlyDrivingLeft).toBe(3600);
    expect(limits.weeklyDrivingLeft).toBe(82_800);
    // the extensions of the week before do not limit this week
    expect(limits.dailyDrivingLimit).toBe(36_000);
    expect(counters).toEqual({
      Driver1RemainingTimeUntilNextBreakOrRest: 3600,
      Driver1DurationOfNextBreakRest: 32_400,
      Driver1TimeLeftUntilNewDailyRestPeriod: 14_400,
      // Tuesday 13:00 + 144 h = next Monday 13:00, 65 h 15 after Friday 19:45
      Driver1TimeLeftUntilNewWeeklyRestPeriod: 234_900,
      Driver1MinimumDailyRest: 32_400,
      Driver1MinimumWeeklyRest: 86_400,
    });
  });
});

describe('Art. 8(6): the weekly rest', () => {
  const sixDays = [
    rest(at(-2, 6), at(0, 6)),
    ...shifts([
      [at(0, 6), 8],
      [at(1, 6), 8],
      [at(2, 6), 8],
      [at(3, 6), 8],
      [at(4, 6), 8],
      [at(5, 6), 8],
    ]),
  ];

  it('is due six 24-hour periods after the end of the last one, and then comes first', () => {
    // resting since Saturday 14:45; the weekly rest must start by Sunday 06:00
    const periods = [...sixDays, rest(at(5, 14, 45), at(6, 3))];
    const { counters, limits } = computeDrivingTimes(periods, at(6, 3));
    expect(limits.nextRest).toBe('weekly');
    expect(counters).toEqual({
      Driver1RemainingTimeUntilNextBreakOrRest: 10_800,
      Driver1DurationOfNextBreakRest: 86_400,
      Driver1TimeLeftUntilNewDailyRestPeriod: 36_000,
      Driver1TimeLeftUntilNewWeeklyRestPeriod: 10_800,
      Driver1MinimumDailyRest: 32_400,
      Driver1MinimumWeeklyRest: 86_400,
    });
  });

  it('is overdue at 0', () => {
    const periods = [...sixDays, rest(at(5, 14, 45), at(6, 6)), ...sequence(at(6, 6), 'W 1:00')];
    const counters = computeTachoCounters(periods, at(6, 7));
    expect(counters.Driver1TimeLeftUntilNewWeeklyRestPeriod).toBe(0);
    expect(counters.Driver1RemainingTimeUntilNextBreakOrRest).toBe(0);
    expect(counters.Driver1DurationOfNextBreakRest).toBe(86_400);
  });

  it('may be reduced to 24 h only after a regular one', () => {
    const afterRegular = [rest(at(-2, 6), at(0, 7)), ...sequence(at(0, 7), 'D 1:00')];
    expect(computeTachoCounters(afterRegular, at(0, 8)).Driver1MinimumWeeklyRest).toBe(86_400);
    const afterReduced = [rest(at(-1, 6), at(0, 12)), ...sequence(at(0, 12), 'D 1:00')];
    expect(computeTachoCounters(afterReduced, at(0, 13)).Driver1MinimumWeeklyRest).toBe(162_000);
  });

  it('two reduced in a row are refused: after regular, reduced, the next must be regular again', () => {
    const periods = [
      rest(at(-9, 0), at(-7, 0)),
      ...shifts([
        [at(-7, 0), 9],
        [at(-6, 0), 9],
        [at(-5, 0), 9],
        [at(-4, 0), 9],
        [at(-3, 0), 9],
      ]),
      // 26 h 15: a reduced weekly rest, allowed after the regular one...
      rest(at(-3, 9, 45), at(-2, 12)),
      ...sequence(at(-2, 12), 'D 2:00'),
      // ...and 25 h again: a second reduced one, so the next must be regular
      rest(at(-2, 14), at(-1, 15)),
      ...sequence(at(-1, 15), 'D 1:00'),
    ];
    const { counters, history } = computeDrivingTimes(periods, at(-1, 16));
    expect(history.lastWeeklyRestEnd).toBe(at(-1, 15));
    expect(history.lastWeeklyRestRegular).toBe(false);
    expect(counters.Driver1MinimumWeeklyRest).toBe(162_000);
    expect(counters.Driver1TimeLeftUntilNewWeeklyRestPeriod).toBe(514_800);
  });

  it('unknown without a weekly rest in the history', () => {
    const counters = computeTachoCounters(sequence(at(0, 6), 'D 2:00'), at(0, 8));
    expect(counters.Driver1TimeLeftUntilNewWeeklyRestPeriod).toBeNull();
    expect(counters.Driver1MinimumWeeklyRest).toBe(162_000);
  });
});
