import { describe, expect, it } from 'vitest';
import { axisDomain, axisKind } from './axes';

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
