import { describe, expect, it } from 'vitest';
import { ICON_SCALE_EXPRESSION, iconScale } from './iconScale';

describe('replay icon scale', () => {
  it('is zoom/20 + 0.3 clamped to 0..1', () => {
    expect(iconScale(0)).toBeCloseTo(0.3);
    expect(iconScale(10)).toBeCloseTo(0.8);
    expect(iconScale(14)).toBeCloseTo(1);
    expect(iconScale(18)).toBe(1);
    expect(iconScale(-10)).toBe(0);
  });

  it('matches the style expression the map draws with', () => {
    const [, , , z0, s0, z1, s1] = ICON_SCALE_EXPRESSION as unknown as number[];
    for (const zoom of [0, 3.5, 7, 12, 14]) {
      const drawn = s0 + ((s1 - s0) * (Math.min(zoom, z1) - z0)) / (z1 - z0);
      expect(drawn).toBeCloseTo(iconScale(zoom));
    }
  });
});
