import { describe, expect, it } from 'vitest';
import { boolAttr, numberAttr, timeAttr } from './attributes';

describe('numberAttr', () => {
  it('reads numbers and numeric strings', () => {
    expect(numberAttr(12.5)).toBe(12.5);
    expect(numberAttr(' 3 ')).toBe(3);
    expect(numberAttr('-1.25')).toBe(-1.25);
  });
  it('rejects everything else', () => {
    expect(numberAttr('')).toBeUndefined();
    expect(numberAttr('abc')).toBeUndefined();
    expect(numberAttr(Number.NaN)).toBeUndefined();
    expect(numberAttr(Infinity)).toBeUndefined();
    expect(numberAttr(true)).toBeUndefined();
    expect(numberAttr(null)).toBeUndefined();
    expect(numberAttr(undefined)).toBeUndefined();
  });
});

describe('boolAttr', () => {
  it('accepts the usual spellings of true', () => {
    expect(boolAttr(true)).toBe(true);
    expect(boolAttr(1)).toBe(true);
    expect(boolAttr('1')).toBe(true);
    expect(boolAttr('true')).toBe(true);
    expect(boolAttr('TRUE')).toBe(true);
  });
  it('is false for zero, false, blanks and missing values', () => {
    expect(boolAttr(false)).toBe(false);
    expect(boolAttr(0)).toBe(false);
    expect(boolAttr('0')).toBe(false);
    expect(boolAttr('false')).toBe(false);
    expect(boolAttr('')).toBe(false);
    expect(boolAttr(undefined)).toBe(false);
    expect(boolAttr(null)).toBe(false);
  });
});

describe('timeAttr', () => {
  it('reads ISO strings, dates, seconds and milliseconds', () => {
    const ms = Date.UTC(2024, 4, 1, 8, 30);
    expect(timeAttr('2024-05-01T08:30:00Z')).toBe(ms);
    expect(timeAttr(new Date(ms))).toBe(ms);
    expect(timeAttr(ms)).toBe(ms);
    expect(timeAttr(ms / 1000)).toBe(ms);
    expect(timeAttr(String(ms))).toBe(ms);
  });
  it('is undefined for blanks, zero and garbage', () => {
    expect(timeAttr('')).toBeUndefined();
    expect(timeAttr(0)).toBeUndefined();
    expect(timeAttr('not a date')).toBeUndefined();
    expect(timeAttr(new Date(Number.NaN))).toBeUndefined();
  });
});
