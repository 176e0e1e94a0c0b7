import { describe, expect, it } from 'vitest';
import { indexBy } from './indexBy';

describe('indexBy', () => {
  it('maps each item by its key, the last of equal keys winning, in first-seen key order', () => {
    const map = indexBy(
      [
        { id: 2, n: 'a' },
        { id: 1, n: 'b' },
        { id: 2, n: 'c' },
      ],
      (item) => item.id,
    );
    expect([...map.keys()]).toEqual([2, 1]);
    expect(map.get(2)?.n).toBe('c');
    expect(indexBy([], (x: number) => x).size).toBe(0);
  });
});
