import { describe, expect, it } from 'vitest';
import { hasTachograph, tachoActivity } from './tachograph';

describe('hasTachograph', () => {
  it('is true when io48 is above 0', () => {
    expect(hasTachograph({ io48: 1 })).toBe(true);
    expect(hasTachograph({ io48: '3' })).toBe(true);
  });
  it('is false at 0, negative or missing', () => {
    expect(hasTachograph({ io48: 0 })).toBe(false);
    expect(hasTachograph({ io48: -1 })).toBe(false);
    expect(hasTachograph({})).toBe(false);
  });
});

describe('tachoActivity', () => {
  it('maps every documented code', () => {
    expect([0, 1, 2, 3, 6, 7].map(tachoActivity)).toEqual([
      'rest',
      'available',
      'work',
      'driving',
      'error',
      'unavailable',
    ]);
    expect(tachoActivity('3')).toBe('driving');
  });
  it('is undefined for unknown codes', () => {
    expect(tachoActivity(4)).toBeUndefined();
    expect(tachoActivity(5)).toBeUndefined();
    expect(tachoActivity(null)).toBeUndefined();
  });
});
