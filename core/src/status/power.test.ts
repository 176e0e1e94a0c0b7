import { describe, expect, it } from 'vitest';
import { levelColor } from './level';
import { isLowPower, powerColor, powerReading } from './power';

describe('levelColor', () => {
  it('is green strictly above high, orange strictly above low, red otherwise', () => {
    const t = { high: 12, low: 11 };
    expect(levelColor(12.01, t)).toBe('green');
    expect(levelColor(12, t)).toBe('orange');
    expect(levelColor(11.01, t)).toBe('orange');
    expect(levelColor(11, t)).toBe('red');
    expect(levelColor(-1, t)).toBe('red');
  });
});

describe('power colour, volts (ordinary trackers)', () => {
  it('uses 12 V and 11 V on the power attribute', () => {
    expect(powerColor({}, { power: 13.8 })).toBe('green');
    expect(powerColor({ device_type: 1 }, { power: 11.6 })).toBe('orange');
    expect(powerColor({ device_type: 1 }, { power: 10.2 })).toBe('red');
    expect(powerReading({}, { power: '12.4' })).toEqual({ value: 12.4, unit: 'V' });
  });
  it('ignores the battery attribute and gives no colour without power', () => {
    expect(powerColor({}, { battery: 3.9 })).toBeUndefined();
  });
});

describe('power colour, percent (device types 2 and 15)', () => {
  it('uses 50 % and 25 % on the battery level', () => {
    expect(powerColor({ device_type: 2 }, { batteryLevel: 80 })).toBe('green');
    expect(powerColor({ device_type: 15 }, { batteryLevel: 50 })).toBe('orange');
    expect(powerColor({ device_type: '15' }, { batteryLevel: 25 })).toBe('red');
  });
  it('falls back to battery when batteryLevel is missing, and never reads volts', () => {
    expect(powerReading({ device_type: 2 }, { battery: 40, power: 12.5 })).toEqual({ value: 40, unit: '%' });
    expect(powerColor({ device_type: 2 }, { power: 12.5 })).toBeUndefined();
  });
});

describe('isLowPower', () => {
  it('is the orange or red colour', () => {
    expect(isLowPower({}, { power: 10.9 })).toBe(true);
    expect(isLowPower({}, { power: 11.5 })).toBe(true);
    expect(isLowPower({}, { power: 12.1 })).toBe(false);
    expect(isLowPower({ device_type: 2 }, { batteryLevel: 20 })).toBe(true);
    expect(isLowPower({}, {})).toBe(false);
  });
});
