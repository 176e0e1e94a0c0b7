import { describe, expect, it } from 'vitest';
import { isoTime, toIso } from './mapping';

describe('ISO text of a time', () => {
  it('writes what Date.toISOString writes, for any time, day after day and back', () => {
    const times = [
      0,
      1,
      999,
      86_399_999,
      86_400_000,
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(2025, 11, 31, 23, 59, 59, 999),
      Date.UTC(2026, 0, 1),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      Date.UTC(10_000, 0, 1),
      -1,
      -86_400_001,
      Date.UTC(-5, 3, 4, 5, 6, 7, 8),
      1.5,
      1_700_000_000_000.25,
      8.64e15,
    ];
    // random times over the years, and a run of consecutive seconds across midnight, in one sequence
    let seed = 7;
    const rnd = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let i = 0; i < 20_000; i++) times.push(Math.floor(rnd() * Date.UTC(2100, 0, 1)));
    for (let t = Date.UTC(2026, 11, 1) - 90_000; t < Date.UTC(2026, 11, 1) + 90_000; t += 997) times.push(t);
    for (const t of times) expect(isoTime(t), String(t)).toBe(new Date(t).toISOString());
    expect(toIso(null)).toBe(null);
    expect(toIso(Date.UTC(2026, 11, 1, 3, 4, 5, 6))).toBe('2026-12-01T03:04:05.006Z');
  });

  it('refuses a time that is not one, as Date does', () => {
    expect(() => isoTime(NaN)).toThrow(RangeError);
    expect(() => isoTime(8.64e15 + 1)).toThrow(RangeError);
  });
});
