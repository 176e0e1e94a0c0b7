import { describe, expect, it } from 'vitest';
import { periodText } from './fileColumns';
import {
  customDaysValid,
  fileSearchTexts,
  fileSizeKb,
  isDriverFile,
  periodicityOf,
  scheduleText,
} from './fileRules';
import type { TachoFile } from './tachoTypes';

const t = (key: string, options?: Record<string, unknown>) =>
  options ? `${key}:${JSON.stringify(options)}` : key;

const file = (extra: Partial<TachoFile>): TachoFile => ({
  id: 1,
  filename: 'C_20260302_0815_J_SILVA_P000001234567000.DDD',
  name: 'João Silva',
  file_type: 'D',
  download_date: '2026-03-02T08:15:00.000Z',
  data_from: '2026-02-01',
  data_to: '2026-03-01',
  days: 29,
  file_size: 25834,
  ...extra,
});

describe('tacho file columns (document 3 §2, §3)', () => {
  it('tells a driver card (D) from a vehicle unit (any other type)', () => {
    expect(isDriverFile({ file_type: 'D' })).toBe(true);
    expect(isDriverFile({ file_type: 'd' })).toBe(true);
    expect(isDriverFile({ file_type: 'V' })).toBe(false);
    expect(isDriverFile({ file_type: 'M' })).toBe(false);
  });

  it('shows the size in kB with one decimal, pt-PT', () => {
    expect(fileSizeKb(25834)).toBe('25,2');
    expect(fileSizeKb(1024)).toBe('1,0');
    expect(fileSizeKb(null)).toBe('');
  });

  it('shows the period from-to, or the side that is known', () => {
    expect(periodText('01/02/2026', '01/03/2026')).toBe('01/02/2026 – 01/03/2026');
    expect(periodText('01/02/2026', '')).toBe('01/02/2026');
    expect(periodText('', '')).toBe('');
  });

  it('reads the schedule, with the days of a custom one', () => {
    expect(periodicityOf({ periodicity: 'weekly' })).toBe('Weekly');
    expect(periodicityOf({ periodicity: 'Yearly' })).toBe('');
    expect(scheduleText(t, { periodicity: 'Monthly' })).toBe('tacho.periodicity.Monthly');
    expect(scheduleText(t, { periodicity: 'Custom', custom_days: 14 })).toBe('tacho.customEvery:{"days":14}');
    expect(scheduleText(t, { periodicity: 'Custom', custom_days: null })).toBe('tacho.periodicity.Custom');
    expect(scheduleText(t, { periodicity: null })).toBe('');
  });

  it('accepts 1 to 365 whole days for a custom schedule', () => {
    expect(customDaysValid(1)).toBe(true);
    expect(customDaysValid(365)).toBe(true);
    expect(customDaysValid(0)).toBe(false);
    expect(customDaysValid(366)).toBe(false);
    expect(customDaysValid(2.5)).toBe(false);
    expect(customDaysValid(Number.NaN)).toBe(false);
  });

  it('searches the entity name and the plate', () => {
    const texts = fileSearchTexts(
      file({ file_type: 'V', name: 'LD-45-67-AB', license_plate: 'LD-45-67-AB' }),
    );
    expect(texts).toEqual(expect.arrayContaining(['LD-45-67-AB']));
    expect(fileSearchTexts(file({}))).toContain('João Silva');
  });
});
