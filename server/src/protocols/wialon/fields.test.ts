import { describe, expect, it } from 'vitest';
import { readCoordinate, readDecimal, readTime, readUnsigned } from './fields';

const NOW = new Date('2026-01-02T03:04:05Z');

describe('readTime', () => {
  it('reads DDMMYY and HHMMSS as UTC', () => {
    expect(readTime('270413', '205601', NOW)).toEqual(new Date('2013-04-27T20:56:01Z'));
  });

  it('reads the fraction of a second version 2.1 allows', () => {
    expect(readTime('010126', '000000.250000000', NOW)).toEqual(new Date('2026-01-01T00:00:00.250Z'));
  });

  it('takes the server time when both are absent', () => {
    expect(readTime('NA', 'NA', NOW)).toEqual(NOW);
  });

  it('refuses impossible dates and times and a half-given time', () => {
    for (const [date, time] of [
      ['310413', '120000'], // 31 April
      ['011326', '120000'],
      ['000126', '120000'],
      ['010126', '240000'],
      ['010126', '126000'],
      ['0101', '120000'],
      ['NA', '120000'],
      ['010126', 'NA'],
    ])
      expect(readTime(date, time, NOW), `${date} ${time}`).toBeUndefined();
  });
});

describe('readCoordinate', () => {
  it('reads DDMM.MMMM and DDDMM.MMMM with their hemispheres', () => {
    expect(readCoordinate('5544.6025', 'N', 'lat')).toBeCloseTo(55.743375, 9);
    expect(readCoordinate('03739.6834', 'E', 'lon')).toBeCloseTo(37.66139, 9);
    expect(readCoordinate('0756.0930', 'S', 'lat')).toBeCloseTo(-7.934883333, 8);
    expect(readCoordinate('12338.6403', 'W', 'lon')).toBeCloseTo(-123.644005, 8);
  });

  it('is null when absent', () => {
    expect(readCoordinate('NA', 'NA', 'lat')).toBeNull();
  });

  it('refuses minutes of 60 or more, out-of-range degrees, wrong letters and half values', () => {
    expect(readCoordinate('5364.0167', 'N', 'lat')).toBeUndefined();
    expect(readCoordinate('9100.0000', 'N', 'lat')).toBeUndefined();
    expect(readCoordinate('18100.0000', 'E', 'lon')).toBeUndefined();
    expect(readCoordinate('5544.6025', 'E', 'lat')).toBeUndefined();
    expect(readCoordinate('5544.6025', 'NA', 'lat')).toBeUndefined();
    expect(readCoordinate('NA', 'N', 'lat')).toBeUndefined();
    expect(readCoordinate('55,446', 'N', 'lat')).toBeUndefined();
  });
});

describe('numbers', () => {
  it('reads decimals, absent values and refuses text', () => {
    expect(readDecimal('-4.000')).toBe(-4);
    expect(readDecimal('18.223')).toBe(18.223);
    expect(readDecimal('NA')).toBeNull();
    expect(readDecimal('')).toBeNull();
    expect(readDecimal('fast')).toBeUndefined();
  });

  it('reads bounded unsigned integers', () => {
    expect(readUnsigned('241', 255)).toBe(241);
    expect(readUnsigned('256', 255)).toBeUndefined();
    expect(readUnsigned('-1', 255)).toBeUndefined();
    expect(readUnsigned('NA', 255)).toBeNull();
  });
});
