import { describe, expect, it } from 'vitest';
import { formatNumberIn, formatPercentIn } from './numberFormat';

describe('the number formatter', () => {
  it('writes numbers and percentages as each interface language does, with Latin digits', () => {
    expect(formatNumberIn('pt', 44770.5, 1)).toBe('44\u00a0770,5');
    expect(formatNumberIn('en', 44770.5, 1)).toBe('44,770.5');
    expect(formatNumberIn('ar', 44770.5, 1)).toBe('44,770.5');
    expect(formatPercentIn('pt', 44.4)).toBe('44%');
    expect(formatPercentIn('fr', 44.6)).toBe('45\u00a0%');
    expect(formatPercentIn('en', 100)).toBe('100%');
    expect(formatPercentIn('en', undefined)).toBe('');
  });
});
