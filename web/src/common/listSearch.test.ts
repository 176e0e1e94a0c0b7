import { describe, expect, it } from 'vitest';
import { compareText, filterRows, normalizeSearch } from './listSearch';

describe('list search', () => {
  const rows = [
    { id: 1, name: 'João Silva', email: 'joao@frota.ao', phone: null },
    { id: 2, name: 'ana', email: 'ana@frota.ao', phone: '923' },
    { id: 3, name: 'Bruno', email: 'bruno@x.ao', phone: '924' },
  ];
  const texts = (r: (typeof rows)[number]) => [r.name, r.email, r.phone];

  it('ignores case and accents', () => {
    expect(normalizeSearch('  JOÃO ')).toBe('joao');
    expect(filterRows(rows, 'joao', texts).map((r) => r.id)).toEqual([1]);
    expect(filterRows(rows, 'FROTA', texts).map((r) => r.id)).toEqual([1, 2]);
    expect(filterRows(rows, '924', texts).map((r) => r.id)).toEqual([3]);
  });
  it('keeps every row for an empty query', () => {
    expect(filterRows(rows, '  ', texts)).toHaveLength(3);
  });
  it('sorts names ignoring case', () => {
    expect(rows.map((r) => r.name).sort(compareText)).toEqual(['ana', 'Bruno', 'João Silva']);
    expect(compareText(undefined, 'a')).toBeLessThan(0);
  });
});
