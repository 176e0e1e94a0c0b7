import { describe, expect, it } from 'vitest';
import { at, MONDAY } from './testDays';
import { normalizeTimeline, timelineFromCardDays, timelineFromStates } from './timeline';

describe('timelineFromStates', () => {
  it('holds each state until the next sample, joins repeats and keeps a reported 5 as 5', () => {
    const t0 = at(0, 6);
    const periods = timelineFromStates(
      [
        { time: t0 + 600, state: 3 },
        { time: t0, state: 3 },
        { time: t0 + 1200, state: 0 },
        { time: t0 + 1300, state: 9 },
        { time: t0 + 1500, state: '5' },
      ],
      t0 + 7200,
    );
    expect(periods).toEqual([
      { state: 3, start: t0, end: t0 + 1200 },
      { state: 0, start: t0 + 1200, end: t0 + 1500 },
      // the last sample holds at most 30 min: the rest of the time to `until` stays unknown
      { state: 5, start: t0 + 1500, end: t0 + 3300 },
    ]);
  });
  it('ends the state before a reported 4 and keeps 4 apart from 6', () => {
    const t0 = at(0, 6);
    const periods = timelineFromStates(
      [
        { time: t0, state: 3 },
        { time: t0 + 600, state: 4 },
        { time: t0 + 900, state: 6 },
        { time: t0 + 1200, state: '4' },
      ],
      t0 + 1500,
    );
    expect(periods).toEqual([
      { state: 3, start: t0, end: t0 + 600 },
      { state: 4, start: t0 + 600, end: t0 + 900 },
      { state: 6, start: t0 + 900, end: t0 + 1200 },
      { state: 4, start: t0 + 1200, end: t0 + 1500 },
    ]);
  });
  it('takes the longest hold as an option and ignores samples after `until`', () => {
    const t0 = at(0, 6);
    const periods = timelineFromStates(
      [
        { time: t0, state: 0 },
        { time: t0 + 7200, state: 3 },
        { time: t0 + 9000, state: 2 },
      ],
      t0 + 8000,
      { maxSampleGap: 3600 },
    );
    expect(periods).toEqual([
      { state: 0, start: t0, end: t0 + 3600 },
      { state: 3, start: t0 + 7200, end: t0 + 8000 },
    ]);
  });
});

describe('timelineFromCardDays', () => {
  it('turns daily activity changes into periods, across midnight, cut at `until`', () => {
    const periods = timelineFromCardDays(
      [
        {
          day: MONDAY,
          changes: [
            { activity: 'driving', minute: 360 },
            { activity: 'rest', minute: 0 },
            { activity: 'rest', minute: 630 },
          ],
        },
        {
          day: at(1),
          changes: [
            { activity: 'rest', minute: 0 },
            { activity: 'work', minute: 480 },
            { activity: 'available', minute: 720 },
          ],
        },
      ],
      at(1, 10),
    );
    expect(periods).toEqual([
      { state: 0, start: at(0, 0), end: at(0, 6) },
      { state: 3, start: at(0, 6), end: at(0, 10, 30) },
      { state: 0, start: at(0, 10, 30), end: at(1, 8) },
      { state: 2, start: at(1, 8), end: at(1, 10) },
    ]);
  });
});

describe('normalizeTimeline', () => {
  it('sorts, drops empty periods, cuts overlaps at the later start and joins equal neighbours', () => {
    expect(
      normalizeTimeline(
        [
          { state: 3, start: 200, end: 300 },
          { state: 3, start: 0, end: 150 },
          { state: 2, start: 150, end: 150 },
          { state: 3, start: 150, end: 210 },
          { state: 0, start: 300, end: 900 },
        ],
        500,
      ),
    ).toEqual([
      { state: 3, start: 0, end: 300 },
      { state: 0, start: 300, end: 500 },
    ]);
  });
});
