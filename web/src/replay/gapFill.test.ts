import { describe, expect, it } from 'vitest';
import { fillGaps } from './gapFill';

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
