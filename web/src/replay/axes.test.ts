import { describe, expect, it } from 'vitest';
import { axisDomain, axisKind, timeTicks } from './axes';

describe('replay chart axes', () => {
  it('rounds speed up to the next 10 and rpm to the next 100', () => {
    expect(axisDomain('speed', Float64Array.of(0, 87.4, NaN))).toEqual([0, 90]);
    expect(axisDomain('speed', Float64Array.of(0, 90))).toEqual([0, 90]);
    expect(axisDomain('speed', Float64Array.of(0))).toEqual([0, 10]);
    expect(axisDomain('rpm', Float64Array.of(800, 2430))).toEqual([0, 2500]);
  });

  it('pads temperature by 3 on each side and keeps fuel at 0–100', () => {
    expect(axisDomain('temperature', Float64Array.of(4, -2, 7.5))).toEqual([-5, 11]);
    expect(axisDomain('fuel', Float64Array.of(20, 30))).toEqual([0, 100]);
    expect(axisDomain('other', Float64Array.of(12.1, 12.6))).toEqual(['auto', 'auto']);
  });

  it('knows the series by name', () => {
    expect(axisKind('temp1')).toBe('temperature');
    expect(axisKind('rpm')).toBe('rpm');
    expect(axisKind('fuel')).toBe('fuel');
    expect(axisKind('power')).toBe('other');
  });
});

describe('time ticks', () => {
  const at = (iso: string) => Date.parse(iso);
  it('puts a few ticks on whole minutes or hours of the user clock, each minute once', () => {
    const ticks = timeTicks(at('2026-11-28T13:50:20Z'), at('2026-11-28T13:53:40Z'), 3_600_000);
    expect(ticks.map((t) => new Date(t).toISOString().slice(11, 16))).toEqual(['13:51', '13:52', '13:53']);
    const day = timeTicks(at('2026-11-28T05:10:00Z'), at('2026-11-28T21:40:00Z'), 3_600_000);
    // Luanda (UTC+1): every 3 hours on its clock, 06:00, 09:00 … local
    expect(day.map((t) => new Date(t + 3_600_000).toISOString().slice(11, 16))).toEqual([
      '09:00',
      '12:00',
      '15:00',
      '18:00',
      '21:00',
    ]);
    expect(day.length).toBeLessThanOrEqual(7);
  });
});
