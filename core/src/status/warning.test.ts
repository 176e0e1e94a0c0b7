import { describe, expect, it } from 'vitest';
import { input } from './testInputs';
import { hasWarning, warningReasons } from './warning';

describe('warningReasons', () => {
  it('is empty for a healthy vehicle', () => {
    const i = input({ attributes: { power: 13.9, rssi: 4, ignition: true }, speedKmh: 40 });
    expect(warningReasons(i)).toEqual([]);
    expect(hasWarning(i)).toBe(false);
  });
  it('flags the orange and red power colours, not the green one', () => {
    expect(warningReasons(input({ attributes: { power: 10.8 } }))).toEqual(['lowPower']);
    expect(warningReasons(input({ attributes: { power: 11.5 } }))).toEqual(['lowPower']);
    expect(warningReasons(input({ attributes: { power: 12.5 } }))).toEqual([]);
    expect(warningReasons(input({ device: { device_type: 2 }, attributes: { batteryLevel: 40 } }))).toEqual([
      'lowPower',
    ]);
    expect(warningReasons(input({ device: { device_type: 2 }, attributes: { batteryLevel: 60 } }))).toEqual(
      [],
    );
    expect(warningReasons(input({ device: { device_type: 2 }, attributes: { batteryLevel: 15 } }))).toEqual([
      'lowPower',
    ]);
  });
  it('flags an invalid position unless the event is 150-152 or io200 is positive', () => {
    expect(warningReasons(input({ valid: false }))).toEqual(['noGps']);
    expect(warningReasons(input({ valid: false, attributes: { io200: 0 } }))).toEqual(['noGps']);
    expect(warningReasons(input({ valid: false, event: 151 }))).toEqual([]);
    expect(warningReasons(input({ valid: false, attributes: { io200: 1 } }))).toEqual([]);
  });
  it('flags a fix older than 86400 s', () => {
    expect(warningReasons(input({ ageS: 90000 }))).toEqual(['staleFix']);
    expect(warningReasons(input({ ageS: 86000 }))).toEqual([]);
  });
  it('flags rssi 1 or less', () => {
    expect(warningReasons(input({ attributes: { rssi: 1 } }))).toEqual(['lowGsm']);
    expect(warningReasons(input({ attributes: { rssi: 2 } }))).toEqual([]);
  });
  it('lists every reason at once', () => {
    const i = input({ valid: false, ageS: 200000, attributes: { power: 9, rssi: 0 } });
    expect(warningReasons(i)).toEqual(['lowPower', 'noGps', 'staleFix', 'lowGsm']);
    expect(hasWarning(i)).toBe(true);
  });
  it('does not warn about a vehicle that never reported', () => {
    expect(warningReasons(input({ noPosition: true }))).toEqual([]);
  });
});
