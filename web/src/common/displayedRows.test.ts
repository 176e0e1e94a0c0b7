import { describe, expect, it } from 'vitest';
import { arabicDisplayedRows, displayedRows } from './displayedRows';
import { gridTexts } from './gridTexts';

describe('pagination', () => {
  it('groups its figures as every other number of the language', () => {
    expect(displayedRows('pt')({ from: 1, to: 100, count: 2381 })).toBe('1–100 de 2\u00a0381');
    expect(displayedRows('en')({ from: 1001, to: 1100, count: 2381 })).toBe('1,001–1,100 of 2,381');
    expect(displayedRows('fr')({ from: 1, to: 50, count: -1 })).toBe('1–50 sur plus que 50');
    expect(
      gridTexts('pt').paginationDisplayedRows!({ from: 1, to: 100, count: 2381, estimated: undefined }),
    ).toBe('1–100 de 2\u00a0381');
  });

  it('writes its figures in Latin digits, in the grid and in the tables', () => {
    expect(arabicDisplayedRows({ from: 1, to: 26, count: 26 })).toBe('\u20661–26\u2069 من 26');
    expect(arabicDisplayedRows({ from: 51, to: 100, count: -1 })).toBe('\u206651–100\u2069 من أكثر من 100');
    const grid = gridTexts('ar').paginationDisplayedRows!({
      from: 1,
      to: 26,
      count: 26,
      estimated: undefined,
    });
    expect(grid).not.toMatch(/[\u0660-\u0669]/);
    expect(grid).toContain('26');
  });
});
