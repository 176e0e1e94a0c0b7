import { describe, expect, it } from 'vitest';
import { integerList } from './integerList';

describe('integerList', () => {
  it('reads the comma-separated integers a listing joins, signs and large ids included', () => {
    expect([...integerList('1,1700000000000,-5,0,9007199254740991')]).toEqual([
      1, 1700000000000, -5, 0, 9007199254740991,
    ]);
    expect(integerList('')).toHaveLength(0);
  });

  it('refuses anything that is not such a list rather than reading a wrong number', () => {
    for (const bad of ['1,,2', '1,2,', ',1', '1.5', '1e3', '--1', '1-2', ' 1', 'x'])
      expect(() => integerList(bad), bad).toThrow(/not a list of integers/);
  });
});
