import { describe, expect, it } from 'vitest';
import { fillGaps, MAX_FILLED_POINTS } from './gapFill';

const list = (values: Float64Array) => [...values].map((v) => (Number.isNaN(v) ? null : v));

describe('chart gap filling', () => {
  it('fills a gap over 1000 ms with empty points, one per second', () => {
    const filled = fillGaps([0, 1000, 4500, 5000], [1, 2, 3, 4]);
    expect([...filled.time]).toEqual([0, 1000, 2000, 3000, 4000, 4500, 5000]);
    expect(list(filled.values)).toEqual([1, 2, null, null, null, 3, 4]);
  });

  it('leaves positions 1 s apart or closer as they are', () => {
    const filled = fillGaps([0, 500, 1500, 2500], [5, 6, 7, 8]);
    expect(list(filled.values)).toEqual([5, 6, 7, 8]);
  });

  it('fills only inside the chosen stretch', () => {
    const filled = fillGaps([0, 5000, 6000, 9000], [1, 2, 3, 4], 1, 2);
    expect([...filled.time]).toEqual([5000, 6000]);
  });
});

describe('bounded gap filling', () => {
  it('draws gaps as single breaks past the limit', () => {
    const filled = fillGaps([0, 1000, 4500, 5000, 60_000], [1, 2, 3, 4, 5], 0, 4, 10);
    expect([...filled.time]).toEqual([0, 1000, 2000, 4500, 5000, 6000, 60_000]);
    expect(list(filled.values)).toEqual([1, 2, null, 3, 4, null, 5]);
  });

  it('keeps a year of hourly positions far below one point per second', () => {
    const hours = 366 * 24;
    const start = Date.UTC(2024, 0, 1);
    const time = Float64Array.from({ length: hours }, (_, i) => start + i * 3_600_000);
    const values = Float64Array.from({ length: hours }, (_, i) => i % 100);
    const filled = fillGaps(time, values);
    // a per-second fill would be ~31.6 M points; bounded: each position and one break after it
    expect(filled.time.length).toBe(2 * hours - 1);
    expect(filled.time.length).toBeLessThanOrEqual(MAX_FILLED_POINTS);
    expect(filled.values.length).toBe(filled.time.length);
    expect(Number.isNaN(filled.values[1])).toBe(true);
    expect(filled.values[2]).toBe(1);
  });
});
