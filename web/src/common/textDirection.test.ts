import { describe, expect, it } from 'vitest';
import { textDirection } from './textDirection';

describe('the direction of a shown value', () => {
  it('keeps dates, amounts and plates left to right, and lets Arabic text find its own', () => {
    expect(textDirection('29/11/2026 09:18:11')).toBe('ltr');
    expect(textDirection('60,429.00 Kz')).toBe('ltr');
    expect(textDirection('LD-25-75-PX')).toBe('ltr');
    expect(textDirection('ديزل')).toBe('auto');
    expect(textDirection('Posto Viana · محطة')).toBe('auto');
  });
});
