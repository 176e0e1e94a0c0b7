import { describe, expect, it } from 'vitest';
import { input } from './testInputs';
import { hasLowGsm, hasNoGps, isSleeping } from './signal';

describe('hasNoGps', () => {
  it('is true for an invalid position with no event or another event', () => {
    expect(hasNoGps(input({ valid: false }).position)).toBe(true);
    expect(hasNoGps(input({ valid: false, event: 239 }).position)).toBe(true);
    expect(hasNoGps(input({ valid: false, event: 153 }).position)).toBe(true);
  });
  it('is false for events 150, 151 and 152, for valid positions and without a position', () => {
    for (const event of [150, 151, 152])
      expect(hasNoGps(input({ valid: false, event }).position)).toBe(false);
    expect(hasNoGps(input({ valid: true }).position)).toBe(false);
    expect(hasNoGps(null)).toBe(false);
  });
});

describe('hasLowGsm', () => {
  it('is true at rssi 1 or less', () => {
    expect(hasLowGsm({ rssi: 1 })).toBe(true);
    expect(hasLowGsm({ rssi: 0 })).toBe(true);
    expect(hasLowGsm({ rssi: '1' })).toBe(true);
  });
  it('is false above 1 or when rssi is missing', () => {
    expect(hasLowGsm({ rssi: 2 })).toBe(false);
    expect(hasLowGsm({})).toBe(false);
  });
});

describe('isSleeping', () => {
  it('reads io200 above 0', () => {
    expect(isSleeping({ io200: 2 })).toBe(true);
    expect(isSleeping({ io200: 0 })).toBe(false);
    expect(isSleeping({})).toBe(false);
  });
});
