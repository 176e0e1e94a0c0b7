import { describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { ensureLanguage } from '../app/i18n';
import { formatCurrency, formatDate, formatDateTime, TIMEZONES, unitText } from './formatters';

describe('formatDateTime', () => {
  it('formats DD/MM/YYYY HH:mm:ss in Africa/Luanda by default', () => {
    expect(formatDateTime('2026-03-01T23:30:05Z')).toBe('02/03/2026 00:30:05');
  });
  it('uses the given timezone, with summer time', () => {
    expect(formatDateTime('2026-07-15T12:00:00Z', 'Europe/Lisbon')).toBe('15/07/2026 13:00:00');
    expect(formatDateTime('2026-01-15T12:00:00Z', 'Europe/Lisbon')).toBe('15/01/2026 12:00:00');
    expect(formatDateTime('2026-01-15T12:00:00Z', 'Atlantic/Cape_Verde')).toBe('15/01/2026 11:00:00');
  });
  it('accepts epoch milliseconds and Date', () => {
    expect(formatDateTime(Date.UTC(2026, 0, 2, 3, 4, 5))).toBe('02/01/2026 04:04:05');
    expect(formatDateTime(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)), 'Africa/Maputo')).toBe(
      '02/01/2026 05:04:05',
    );
  });
  it('answers empty text for missing or invalid dates and falls back on an unknown zone', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTime('2026-03-01T10:00:00Z', 'Nowhere/City')).toBe('01/03/2026 11:00:00');
  });
  it('answers empty text for an invalid number or Date', () => {
    expect(formatDateTime(Number.NaN)).toBe('');
    expect(formatDateTime(9e15)).toBe('');
    expect(formatDateTime(new Date('not a date'))).toBe('');
  });
  it('checks a date without writing it out as text (Date.toString: slow, and not needed)', () => {
    const toText = vi.spyOn(Date.prototype, 'toString');
    try {
      expect(formatDateTime('2026-03-01T23:30:05Z')).toBe('02/03/2026 00:30:05');
      expect(formatDateTime(Date.UTC(2026, 0, 2, 3, 4, 5))).toBe('02/01/2026 04:04:05');
      expect(formatDate(new Date(Date.UTC(2026, 11, 31, 23, 30)))).toBe('01/01/2027');
      expect(toText).not.toHaveBeenCalled();
    } finally {
      toText.mockRestore();
    }
  });
  it('formats dates alone', () => {
    expect(formatDate('2026-12-31T23:30:00Z')).toBe('01/01/2027');
  });
  it('offers the 8 timezones of the user form', () => {
    expect(TIMEZONES).toHaveLength(8);
    for (const zone of TIMEZONES)
      expect(formatDateTime('2026-01-01T00:00:00Z', zone)).toMatch(/^\d\d\/\d\d\/\d{4} /);
  });
});

describe('formatCurrency', () => {
  const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
  it('uses pt-PT digits with two decimals and the symbol after', () => {
    expect(formatCurrency(12.5, 'Kz')).toBe('12,50 Kz');
    expect(plain(formatCurrency(1234567.891, 'Kz'))).toBe('1 234 567,89 Kz');
    expect(formatCurrency(-3, '€')).toBe('-3,00 €');
  });
  it('reads decimal-comma text and leaves blanks blank', () => {
    expect(formatCurrency('7,25', 'Kz')).toBe('7,25 Kz');
    expect(formatCurrency(null, 'Kz')).toBe('');
    expect(formatCurrency('abc', 'Kz')).toBe('');
    expect(formatCurrency(5)).toBe('5,00');
  });
});

describe('unitText', () => {
  it('writes a unit in the interface language, read from the tables once and again when a table changes', async () => {
    const translate = vi.spyOn(i18n, 't');
    try {
      expect(unitText('kmh')).toBe('km/h');
      const reads = translate.mock.calls.length;
      expect(unitText('kmh')).toBe('km/h');
      expect(translate.mock.calls.length).toBe(reads);

      await ensureLanguage('ar');
      await i18n.changeLanguage('ar');
      expect(unitText('kmh')).toBe('كم/س');
      await i18n.changeLanguage('pt');
      expect(unitText('kmh')).toBe('km/h');

      i18n.addResourceBundle('pt', 'translation', { unit: { kmh: 'km por hora' } }, true, true);
      expect(unitText('kmh')).toBe('km por hora');
    } finally {
      i18n.addResourceBundle('pt', 'translation', { unit: { kmh: 'km/h' } }, true, true);
      await i18n.changeLanguage('pt');
      translate.mockRestore();
    }
    expect(unitText('kmh')).toBe('km/h');
  });
});
