import { describe, expect, it } from 'vitest';
import { parseAmount, parseFlag } from './amounts';

describe('parseAmount (decimal commas accepted)', () => {
  it('reads numbers, points and commas', () => {
    expect(parseAmount(12.5)).toBe(12.5);
    expect(parseAmount('12,5')).toBe(12.5);
    expect(parseAmount('12.5')).toBe(12.5);
    expect(parseAmount(' 1.234,56 ')).toBe(1234.56);
    expect(parseAmount('1 234,5')).toBe(1234.5);
    expect(parseAmount('0')).toBe(0);
  });
  it('answers null for empty and NaN for text', () => {
    expect(parseAmount('')).toBeNull();
    expect(parseAmount(null)).toBeNull();
    expect(parseAmount(undefined)).toBeNull();
    expect(parseAmount('abc')).toBeNaN();
    expect(parseAmount('12,5,3')).toBeNaN();
    expect(parseAmount({})).toBeNaN();
  });
  it('reads flags', () => {
    expect([1, '1', true, 'true', 'on'].map(parseFlag)).toEqual([1, 1, 1, 1, 1]);
    expect([0, '0', false, undefined, ''].map(parseFlag)).toEqual([0, 0, 0, 0, 0]);
  });
});
