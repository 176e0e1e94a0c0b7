import { describe, expect, it } from 'vitest';
import { formatCounter } from './format';

describe('formatCounter', () => {
  it('shows seconds as h:mm, whole minutes rounded down, hours past 24', () => {
    expect(formatCounter(0)).toBe('0:00');
    expect(formatCounter(59)).toBe('0:00');
    expect(formatCounter(1500)).toBe('0:25');
    expect(formatCounter(19_800)).toBe('5:30');
    expect(formatCounter(162_000)).toBe('45:00');
    expect(formatCounter(-600)).toBe('-0:10');
  });
  it('is blank for missing values', () => {
    expect(formatCounter(null)).toBe('');
    expect(formatCounter(undefined)).toBe('');
    expect(formatCounter(Number.NaN)).toBe('');
  });
});
