import { describe, expect, it } from 'vitest';
import { arabicDisplayedRows } from './arabicRows';
import { gridTexts } from './gridTexts';

describe('Arabic pagination', () => {
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
