import { describe, expect, it } from 'vitest';
import { zoneFormatter, zonedDate, zonedDateTime } from './zonedTime';

describe('zoned time', () => {
  it('writes DD/MM/YYYY HH:mm:ss on the zone wall clock, summer time included', () => {
    expect(zonedDateTime(Date.UTC(2026, 2, 1, 23, 30, 5), 'Africa/Luanda', 'UTC')).toBe(
      '02/03/2026 00:30:05',
    );
    expect(zonedDateTime(Date.UTC(2026, 6, 15, 12), 'Europe/Lisbon', 'UTC')).toBe('15/07/2026 13:00:00');
    expect(zonedDate(Date.UTC(2026, 11, 31, 23, 30), 'Africa/Luanda', 'UTC')).toBe('01/01/2027');
  });

  it('falls back on the given zone for an unknown one, and keeps one formatter per zone', () => {
    expect(zonedDateTime(Date.UTC(2026, 0, 1, 10), 'Nowhere/City', 'Africa/Luanda')).toBe(
      '01/01/2026 11:00:00',
    );
    expect(zoneFormatter('Nowhere/City')).toBeNull();
    expect(zoneFormatter('Europe/Lisbon')).toBe(zoneFormatter('Europe/Lisbon'));
  });
});
