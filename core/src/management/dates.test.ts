import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, parseDay, todayIn } from './dates';

describe('calendar days', () => {
  it('parses valid dates only', () => {
    expect(parseDay('2026-02-28')).toBe('2026-02-28');
    expect(parseDay('2026-02-28T10:00:00Z')).toBe('2026-02-28');
    expect(parseDay('2026-02-30')).toBeNull();
    expect(parseDay('28/02/2026')).toBeNull();
    expect(parseDay(20260228)).toBeNull();
  });
  it('counts days between dates and adds days', () => {
    expect(daysBetween('2026-01-01', '2026-01-31')).toBe(30);
    expect(daysBetween('2026-03-10', '2026-03-01')).toBe(-9);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
  it('gives today in the user timezone', () => {
    const late = Date.UTC(2026, 11, 31, 23, 30);
    expect(todayIn('Africa/Luanda', late)).toBe('2027-01-01');
    expect(todayIn('UTC', late)).toBe('2026-12-31');
    expect(todayIn('Nowhere/City', late)).toBe('2026-12-31');
  });
});
