import { describe, expect, it } from 'vitest';
import { bcd, codePageText, dayStart, ia5Text, timeReal } from './dataTypes';
import { nationAlpha, nationNumeric } from './nations';

describe('code-page texts', () => {
  it('decodes ISO-8859-1 (code pages 0 and 1) and trims the padding', () => {
    const bytes = Buffer.concat([Buffer.from('Estêvão Ção', 'latin1'), Buffer.alloc(10, 0x20)]);
    expect(codePageText(1, bytes)).toBe('Estêvão Ção');
    expect(codePageText(0, bytes)).toBe('Estêvão Ção');
  });

  it('decodes other ISO-8859 parts and KOI8 through TextDecoder', () => {
    expect(codePageText(2, Buffer.from([0xa3, 0xf3, 0x64, 0xbc, 0x20]))).toBe('Łódź');
    expect(codePageText(5, Buffer.from([0xbf, 0xe0, 0xd0]))).toBe('Пра');
    expect(codePageText(80, Buffer.from([0xf0, 0xc5, 0xd4, 0xd2]))).toBe('Петр');
  });

  it('reads 255, all-0xFF and all-zero fields as empty and unknown code pages as Latin-1', () => {
    expect(codePageText(255, Buffer.from('ABC'))).toBe('');
    expect(codePageText(1, Buffer.alloc(35, 0xff))).toBe('');
    expect(codePageText(1, Buffer.alloc(35, 0x00))).toBe('');
    expect(codePageText(42, Buffer.from([0x4a, 0xe9]))).toBe('Jé');
  });

  it('trims IA5 strings', () => {
    expect(ia5Text(Buffer.from('WDB9634031L123456'))).toBe('WDB9634031L123456');
    expect(ia5Text(Buffer.from('P123  \0\0'))).toBe('P123');
  });
});

describe('small data types', () => {
  it('reads TimeReal with 0 and all ones as not set', () => {
    expect(timeReal(0)).toBeNull();
    expect(timeReal(0xffffffff)).toBeNull();
    expect(timeReal(1767225600)).toBe(1767225600);
  });

  it('reads BCD and rejects non-digits', () => {
    expect(bcd(Buffer.from('0354', 'hex'))).toBe(354);
    expect(bcd(Buffer.from('123f', 'hex'))).toBe(123);
    expect(bcd(Buffer.from('12a4', 'hex'))).toBeNaN();
  });

  it('cuts to 00:00 UTC', () => {
    expect(dayStart(Date.parse('2026-03-01T23:59:59Z') / 1000)).toBe(
      Date.parse('2026-03-01T00:00:00Z') / 1000,
    );
    expect(dayStart(Date.parse('2026-03-02T00:00:00Z') / 1000)).toBe(
      Date.parse('2026-03-02T00:00:00Z') / 1000,
    );
  });

  it('maps nation codes both ways', () => {
    expect(nationAlpha(0x27)).toBe('P');
    expect(nationAlpha(0x0f)).toBe('E');
    expect(nationAlpha(0x12)).toBe('FIN');
    expect(nationAlpha(0x0d)).toBe('D');
    expect(nationAlpha(0x00)).toBeUndefined();
    expect(nationNumeric('p')).toBe(0x27);
    expect(nationNumeric('??')).toBe(0);
  });
});
