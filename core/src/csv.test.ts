import { describe, expect, it } from 'vitest';
import { csvCell, csvText, neutraliseFormula } from './csv';

describe('the shared CSV writer', () => {
  it('prefixes a quote to text a spreadsheet would run as a formula', () => {
    for (const text of [
      '=HYPERLINK("http://x","y")',
      '+1+2',
      '-1+cmd|x',
      '-2-A1',
      '@SUM(A1)',
      '\t=1',
      '\r=1',
      '  =1',
    ])
      expect(neutraliseFormula(text)).toBe(`'${text}`);
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('=HYPERLINK("a","b")')).toBe('"\'=HYPERLINK(""a"",""b"")"');
  });

  it('keeps numbers, and text that is only a plain number, readable', () => {
    expect(csvCell(-8.81)).toBe('-8.81');
    for (const text of [
      '-8.81',
      '-8,81',
      '+3',
      '-1.234,5',
      '-1 234,5',
      '-5%',
      '-8.8, 13.2',
      '-01:30:00',
      '-',
      'Luanda',
      'a=b',
    ])
      expect(csvCell(text)).toBe(/,/.test(text) ? `"${text}"` : text);
  });

  it('quotes separators, writes objects as JSON, CRLF records, optional BOM', () => {
    expect(csvCell('Rua 1, Luanda')).toBe('"Rua 1, Luanda"');
    expect(csvCell(null)).toBe('');
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
    expect(
      csvText(
        [
          ['a', 1],
          ['=b', null],
        ],
        { bom: true },
      ),
    ).toBe("\uFEFFa,1\r\n'=b,\r\n");
  });
});
