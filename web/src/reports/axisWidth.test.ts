import { describe, expect, it } from 'vitest';
import { axisWidth } from './axisWidth';

const pt = (value: number) => new Intl.NumberFormat('pt-PT').format(value);

describe('the width of a chart value axis', () => {
  it('grows with the longest label, so millions are not cut to their last digits', () => {
    const small = axisWidth(80, pt);
    const millions = axisWidth(1_400_000, pt);
    expect(small).toBe(16 + 9 * '100'.length);
    expect(axisWidth(4, pt)).toBe(40);
    // "1 750 000": nine characters
    expect(millions).toBe(16 + 9 * pt(1_750_000).length);
    expect(millions).toBeGreaterThan(90);
  });
});
