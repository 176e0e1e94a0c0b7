import { describe, expect, it } from 'vitest';
import { isKnownZone, zoneOffset } from './zoneOffset';

describe('zoneOffset', () => {
  it('reads the offset of the wall clock at an instant, summer time included', () => {
    expect(zoneOffset('Africa/Luanda', Date.UTC(2025, 0, 15, 12))).toBe(3_600_000);
    expect(zoneOffset('Europe/Lisbon', Date.UTC(2025, 0, 15, 12))).toBe(0);
    expect(zoneOffset('Europe/Lisbon', Date.UTC(2025, 6, 15, 12))).toBe(3_600_000);
    expect(zoneOffset('America/Sao_Paulo', Date.UTC(2025, 6, 15, 12))).toBe(-3 * 3_600_000);
    // the change in Lisbon on 30 March 2025 at 01:00 UTC
    expect(zoneOffset('Europe/Lisbon', Date.UTC(2025, 2, 30, 0, 59, 59))).toBe(0);
    expect(zoneOffset('Europe/Lisbon', Date.UTC(2025, 2, 30, 1))).toBe(3_600_000);
  });

  it('counts whole seconds of the instant', () => {
    expect(zoneOffset('UTC', Date.UTC(2025, 0, 1) + 999)).toBe(0);
  });

  it('answers null for a zone the runtime does not know', () => {
    expect(zoneOffset('Mars/Olympus', 0)).toBeNull();
    expect(isKnownZone('Mars/Olympus')).toBe(false);
    expect(isKnownZone('Africa/Luanda')).toBe(true);
  });
});
