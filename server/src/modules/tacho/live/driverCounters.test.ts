import { describe, expect, it } from 'vitest';
import { HOUR, MINUTE, type ActivityPeriod } from '@frota/core';
import { answerCounters, currentSentCounters, TRACKER_COUNTERS_TTL_MS } from './driverCounters';
import { driverHistory } from './driverHistory';

const ALL = {
  Driver1RemainingTimeUntilNextBreakOrRest: 1500,
  Driver1DurationOfNextBreakRest: 2700,
  Driver1TimeLeftUntilNewDailyRestPeriod: 14_400,
  Driver1TimeLeftUntilNewWeeklyRestPeriod: 10_800,
  Driver1MinimumDailyRest: 32_400,
  Driver1MinimumWeeklyRest: 86_400,
};
// Monday 2026-11-23 00:00 UTC
const MONDAY = Date.UTC(2026, 10, 23) / 1000;

describe('driverHistory', () => {
  it('lets the card file speak where it has data and the live states fill the rest', () => {
    const card: ActivityPeriod[] = [{ state: 0, start: MONDAY, end: MONDAY + 8 * HOUR }];
    const samples = [
      { time: MONDAY + 7 * HOUR, state: 3 },
      { time: MONDAY + 7 * HOUR + 20 * MINUTE, state: 3 },
      { time: MONDAY + 7 * HOUR + 40 * MINUTE, state: 3 },
      { time: MONDAY + 8 * HOUR, state: 3 },
      { time: MONDAY + 8 * HOUR + 20 * MINUTE, state: 2 },
    ];
    expect(driverHistory(samples, card, MONDAY + 8 * HOUR + 30 * MINUTE)).toEqual([
      { state: 0, start: MONDAY, end: MONDAY + 8 * HOUR },
      { state: 3, start: MONDAY + 8 * HOUR, end: MONDAY + 8 * HOUR + 20 * MINUTE },
      { state: 2, start: MONDAY + 8 * HOUR + 20 * MINUTE, end: MONDAY + 8 * HOUR + 30 * MINUTE },
    ]);
  });

  it('keeps a reported 4 in the history, where the counters read it as unknown time like 6', () => {
    const samples = (unknown: number) => [
      { time: MONDAY + 6 * HOUR, state: 3 },
      { time: MONDAY + 8 * HOUR, state: unknown },
      { time: MONDAY + 8 * HOUR + 20 * MINUTE, state: unknown },
      { time: MONDAY + 8 * HOUR + 40 * MINUTE, state: 3 },
    ];
    const now = MONDAY + 9 * HOUR;
    const card: ActivityPeriod[] = [{ state: 0, start: MONDAY - 50 * HOUR, end: MONDAY + 6 * HOUR }];
    const four = driverHistory(samples(4), card, now);
    expect(four.map((p) => p.state)).toEqual([0, 3, 4, 3]);
    const six = driverHistory(samples(6), card, now);
    expect(answerCounters({}, () => four, now)).toEqual(answerCounters({}, () => six, now));
  });
});

describe('answerCounters', () => {
  const restThenDriving = (): ActivityPeriod[] => [
    { state: 0, start: MONDAY - 50 * HOUR, end: MONDAY + 6 * HOUR },
    { state: 3, start: MONDAY + 6 * HOUR, end: MONDAY + 10 * HOUR + 5 * MINUTE },
  ];
  const now = MONDAY + 10 * HOUR + 5 * MINUTE;

  it("takes the tracker's six counters as they are", () => {
    let read = false;
    const answer = answerCounters(ALL, () => ((read = true), []), now);
    expect(answer).toEqual({ counters: ALL, source: 'tracker' });
    expect(read).toBe(false);
  });

  it('computes them from the history when none are sent: 25 minutes of driving left before the break', () => {
    const answer = answerCounters({}, restThenDriving, now);
    expect(answer.source).toBe('computed');
    expect(answer.counters.Driver1RemainingTimeUntilNextBreakOrRest).toBe(25 * MINUTE);
    expect(answer.counters.Driver1DurationOfNextBreakRest).toBe(45 * MINUTE);
    expect(answer.counters.Driver1MinimumWeeklyRest).toBe(24 * HOUR);
  });

  it('fills the ones the tracker did not send', () => {
    const answer = answerCounters({ Driver1MinimumDailyRest: 39_600 }, restThenDriving, now);
    expect(answer.source).toBe('mixed');
    expect(answer.counters.Driver1MinimumDailyRest).toBe(39_600);
    expect(answer.counters.Driver1RemainingTimeUntilNextBreakOrRest).toBe(25 * MINUTE);
  });

  it("drops the tracker's counters once newer records came without them for a while", () => {
    expect(
      currentSentCounters({ counters: ALL, countersTime: 1000, lastSeen: 1000 + TRACKER_COUNTERS_TTL_MS }),
    ).toEqual(ALL);
    expect(
      currentSentCounters({ counters: ALL, countersTime: 999, lastSeen: 1000 + TRACKER_COUNTERS_TTL_MS }),
    ).toEqual({});
    expect(currentSentCounters({ counters: ALL, countersTime: null, lastSeen: 1 })).toEqual({});
  });
});
