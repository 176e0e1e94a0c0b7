import { describe, expect, it } from 'vitest';
import { computeDrivingTimes } from './counters';
import { at, rest, sequence, shifts } from './testDays';
import type { ActivityPeriod } from './timeline';

const weeklyRest = rest(at(-2, 6), at(0, 6));

describe('Art. 6(1): 9 h of daily driving, 10 h at most twice a week', () => {
  it('allows 10 h while an extension is left this week', () => {
    const periods = [
      weeklyRest,
      ...shifts([
        [at(0, 6), 10],
        [at(1, 6), 9],
        [at(2, 6), 0],
      ]),
      ...sequence(at(2, 6), 'D 4:00'),
    ];
    const { counters, limits } = computeDrivingTimes(periods, at(2, 10));
    expect(limits.dailyDrivingLimit).toBe(36_000);
    expect(limits.extendedDaysLeft).toBe(1);
    expect(counters.Driver1TimeLeftUntilNewDailyRestPeriod).toBe(21_600);
    expect(counters.Driver1RemainingTimeUntilNextBreakOrRest).toBe(1800);
  });

  it('refuses a third 10 h day in the same week', () => {
    const periods = [
      weeklyRest,
      ...shifts([
        [at(0, 6), 10],
        [at(1, 6), 10],
        [at(2, 6), 0],
      ]),
      ...sequence(at(2, 6), 'D 4:00'),
    ];
    const { counters, limits } = computeDrivingTimes(periods, at(2, 10));
    expect(limits.dailyDrivingLimit).toBe(32_400);
    expect(limits.extendedDaysLeft).toBe(0);
    expect(counters.Driver1TimeLeftUntilNewDailyRestPeriod).toBe(18_000);
  });

  it('at 9 h on the third day the next rest is the daily rest', () => {
    const periods = [
      weeklyRest,
      ...shifts([
        [at(0, 6), 10],
        [at(1, 6), 10],
        [at(2, 6), 0],
      ]),
      ...sequence(at(2, 6), 'D 4:30', 'R 0:45', 'D 4:30'),
    ];
    const { counters, limits } = computeDrivingTimes(periods, at(2, 15, 45));
    expect(limits.nextRest).toBe('daily');
    expect(counters.Driver1RemainingTimeUntilNextBreakOrRest).toBe(0);
    expect(counters.Driver1TimeLeftUntilNewDailyRestPeriod).toBe(0);
    expect(counters.Driver1DurationOfNextBreakRest).toBe(32_400);
  });

  it('extensions of the week before do not count (the week starts Monday 00:00 UTC)', () => {
    const periods = [
      rest(at(-6, 6), at(-4, 6)),
      ...shifts([
        [at(-4, 6), 10],
        [at(-3, 6), 10],
        [at(-2, 6), 9],
        [at(-1, 6), 9],
        [at(0, 6), 10],
        [at(1, 6), 0],
      ]),
      ...sequence(at(1, 6), 'D 1:00'),
    ];
    const { limits } = computeDrivingTimes(periods, at(1, 7));
    expect(limits.extendedDaysLeft).toBe(1);
    expect(limits.dailyDrivingLimit).toBe(36_000);
  });
});

/** A 14 h 30 shift from 06:00 (8 h 30 of driving), then 9 h 30 of rest to 06:00: a reduced daily rest. */
const longDays = (count: number): ActivityPeriod[] =>
  Array.from({ length: count }, (_, day) => [
    ...sequence(at(day, 6), 'D 4:30', 'R 0:45', 'D 4:00', 'W 5:15'),
    rest(at(day, 20, 30), at(day + 1, 6)),
  ]).flat();

describe('Art. 8: daily rest of 11 h, reduced to 9 h at most three times between weekly rests', () => {
  it('after two reduced rests a third is still allowed', () => {
    const periods = [
      weeklyRest,
      ...longDays(2),
      ...sequence(at(2, 6), 'D 4:30', 'R 0:45', 'D 4:00', 'W 3:00'),
    ];
    const { counters, history, limits } = computeDrivingTimes(periods, at(2, 18, 15));
    expect(history.reducedDailyRests).toBe(2);
    expect(limits.reducedDailyRestsLeft).toBe(1);
    expect(counters.Driver1MinimumDailyRest).toBe(32_400);
    // 10 h - 8 h 30 of driving; the 9 h rest may start until 21:00
    expect(counters.Driver1TimeLeftUntilNewDailyRestPeriod).toBe(5400);
  });

  it('after three reduced rests a fourth is not: 11 h, and the 24 h window closes sooner', () => {
    const periods = [
      weeklyRest,
      ...longDays(3),
      ...sequence(at(3, 6), 'D 4:30', 'R 0:45', 'D 4:00', 'W 3:30'),
    ];
    const { counters, history, limits } = computeDrivingTimes(periods, at(3, 18, 45));
    expect(history.reducedDailyRests).toBe(3);
    expect(counters.Driver1MinimumDailyRest).toBe(39_600);
    // the 11 h rest must start by 19:00 to end within 24 h of 06:00: it comes before the break (30 min left)
    expect(counters.Driver1TimeLeftUntilNewDailyRestPeriod).toBe(900);
    expect(counters.Driver1RemainingTimeUntilNextBreakOrRest).toBe(900);
    expect(limits.nextRest).toBe('daily');
    expect(counters.Driver1DurationOfNextBreakRest).toBe(39_600);
  });

  it('a weekly rest gives the three reduced rests back', () => {
    const periods = [
      weeklyRest,
      ...longDays(3),
      ...sequence(at(3, 6), 'D 4:00'),
      rest(at(3, 10), at(5, 10)),
      ...sequence(at(5, 10), 'D 1:00'),
    ];
    const { counters, history } = computeDrivingTimes(periods, at(5, 11));
    expect(history.reducedDailyRests).toBe(0);
    expect(counters.Driver1MinimumDailyRest).toBe(32_400);
  });

  it('11 h of rest is regular; 12 h with only 10 h inside the 24 h window is reduced', () => {
    const regular = [
      weeklyRest,
      ...sequence(at(0, 6), 'D 4:30', 'R 0:45', 'D 4:00', 'W 2:45'),
      rest(at(0, 18), at(1, 5)),
    ];
    expect(
      computeDrivingTimes([...regular, ...sequence(at(1, 5), 'D 1:00')], at(1, 6)).history.reducedDailyRests,
    ).toBe(0);
    const late = [
      weeklyRest,
      ...sequence(at(0, 6), 'D 4:30', 'R 0:45', 'D 4:00', 'W 4:45'),
      rest(at(0, 20), at(1, 8)),
    ];
    const { history } = computeDrivingTimes([...late, ...sequence(at(1, 8), 'D 1:00')], at(1, 9));
    expect(history.reducedDailyRests).toBe(1);
    expect(history.lastRestEnd).toBe(at(1, 8));
  });

  it('split daily rest 3 h + 9 h is regular, and after the 3 h part 9 h are enough', () => {
    const base = [weeklyRest, ...longDays(3), ...sequence(at(3, 6), 'D 4:30', 'R 3:00', 'D 4:00')];
    const first = computeDrivingTimes(base, at(3, 17, 30));
    expect(first.history.splitDailyRestStarted).toBe(true);
    expect(first.history.continuousDriving).toBe(14_400);
    expect(first.counters.Driver1MinimumDailyRest).toBe(32_400);
    expect(first.counters.Driver1RemainingTimeUntilNextBreakOrRest).toBe(1800);
    // 10 h - 8 h 30 of driving; the window (9 h rest to end by Friday 06:00) leaves 3 h 30
    expect(first.counters.Driver1TimeLeftUntilNewDailyRestPeriod).toBe(5400);

    const after = computeDrivingTimes(
      [...base, ...sequence(at(3, 17, 30), 'R 9:00', 'D 1:00')],
      at(4, 3, 30),
    );
    expect(after.history.reducedDailyRests).toBe(3);
    expect(after.history.lastRestEnd).toBe(at(4, 2, 30));
    expect(after.counters.Driver1MinimumDailyRest).toBe(39_600);
  });

  it('9 h then 3 h is not a split rest: the 9 h is a reduced daily rest', () => {
    const periods = [
      weeklyRest,
      ...sequence(at(0, 6), 'D 4:30', 'W 8:30', 'R 9:00', 'D 2:00', 'R 3:00', 'D 1:00'),
    ];
    const { history } = computeDrivingTimes(periods, at(1, 10));
    expect(history.reducedDailyRests).toBe(1);
    expect(history.splitDailyRestStarted).toBe(true);
    expect(history.continuousDriving).toBe(3600);
  });

  it('time not described counts as rest unless told otherwise', () => {
    const periods = [
      weeklyRest,
      ...sequence(at(0, 6), 'D 4:30', 'R 0:45', 'D 4:00'),
      ...sequence(at(1, 2), 'D 1:00'),
    ];
    const asRest = computeDrivingTimes(periods, at(1, 3));
    expect(asRest.history.lastRestEnd).toBe(at(1, 2));
    expect(asRest.history.dailyDriving).toBe(3600);
    const strict = computeDrivingTimes(periods, at(1, 3), { unknownAsRest: false });
    expect(strict.history.lastRestEnd).toBe(at(0, 6));
    expect(strict.history.dailyDriving).toBe(34_200);
    expect(strict.counters.Driver1TimeLeftUntilNewDailyRestPeriod).toBe(0);
  });

  it('error and not-available states count as unknown time', () => {
    const periods = [weeklyRest, ...sequence(at(0, 6), 'D 4:30', 'N 11:00', 'D 1:00')];
    expect(computeDrivingTimes(periods, at(0, 22, 30)).history.lastRestEnd).toBe(at(0, 21, 30));
    expect(
      computeDrivingTimes(periods, at(0, 22, 30), { unknownAsRest: false }).history.continuousDriving,
    ).toBe(19_800);
  });

  it('a reported 4 or 5 counts as unknown time too: neither driving, work nor rest of its own', () => {
    const steps = (unknown: string) => [
      weeklyRest,
      ...sequence(at(0, 6), 'D 4:30', `${unknown} 0:45`, 'D 1:00', `${unknown} 11:00`, 'D 1:00'),
    ];
    const now = at(1, 0, 15);
    for (const unknownAsRest of [true, false]) {
      const asError = computeDrivingTimes(steps('E'), now, { unknownAsRest });
      for (const code of ['4', '5']) {
        expect(computeDrivingTimes(steps(code), now, { unknownAsRest })).toEqual(asError);
      }
    }
    // as rest (the default): the 45 min are a break, the 11 h a daily rest
    const asRest = computeDrivingTimes(steps('4'), now).history;
    expect(asRest.lastRestEnd).toBe(at(0, 23, 15));
    expect(asRest.continuousDriving).toBe(3600);
    // as neither: the driving runs on across them
    const strict = computeDrivingTimes(steps('5'), now, { unknownAsRest: false }).history;
    expect(strict.lastRestEnd).toBe(at(0, 6));
    expect(strict.continuousDriving).toBe(6.5 * 3600);
  });
});
