import { describe, expect, it } from 'vitest';
import {
  fuelColor,
  fuelDisplayModes,
  fuelDisplayValue,
  fuelPercent,
  fuelSensorPercent,
  isElectric,
  nextFuelDisplayMode,
} from './fuel';

const sensor = { fuel_low_threshold: 500, fuel_high_threshold: 4500 };

describe('fuelColor', () => {
  it('is green above 50, orange above 25, red otherwise', () => {
    expect(fuelColor(51)).toBe('green');
    expect(fuelColor(50)).toBe('orange');
    expect(fuelColor(26)).toBe('orange');
    expect(fuelColor(25)).toBe('red');
    expect(fuelColor(0)).toBe('red');
  });
});

describe('fuelSensorPercent', () => {
  it('places adc1 between the low and high thresholds', () => {
    expect(fuelSensorPercent(sensor, { adc1: 2500 })).toBe(50);
    expect(fuelSensorPercent(sensor, { adc1: 1500 })).toBe(25);
    expect(fuelSensorPercent(sensor, { adc1: '4500' })).toBe(100);
  });
  it('clamps to 100 up to a ratio of 1.1 and discards anything above', () => {
    expect(fuelSensorPercent(sensor, { adc1: 4900 })).toBe(100);
    expect(fuelSensorPercent(sensor, { adc1: 4901 })).toBeUndefined();
  });
  it('clamps readings below the empty threshold to 0', () => {
    expect(fuelSensorPercent(sensor, { adc1: 100 })).toBe(0);
  });
  it('handles sensors whose reading falls as the tank fills', () => {
    expect(fuelSensorPercent({ fuel_low_threshold: 4000, fuel_high_threshold: 1000 }, { adc1: 3250 })).toBe(
      25,
    );
  });
  it('is undefined without a calibration or a reading', () => {
    expect(fuelSensorPercent({}, { adc1: 2500 })).toBeUndefined();
    expect(fuelSensorPercent(sensor, {})).toBeUndefined();
    expect(
      fuelSensorPercent({ fuel_low_threshold: 800, fuel_high_threshold: 800 }, { adc1: 800 }),
    ).toBeUndefined();
  });
});

describe('fuelPercent', () => {
  it('prefers a calibrated sensor over the reported fuel level', () => {
    expect(fuelPercent(sensor, { adc1: 2500, fuel: 90 })).toBe(50);
    expect(fuelPercent(sensor, { adc1: 9000, fuel: 90 })).toBeUndefined();
  });
  it('uses the reported fuel level, clamped, without a sensor', () => {
    expect(fuelPercent({}, { fuel: 63 })).toBe(63);
    expect(fuelPercent({}, { fuel: 104 })).toBe(100);
    expect(fuelPercent({}, {})).toBeUndefined();
  });
});

describe('fuel display modes', () => {
  it('combustion vehicles have one extra mode (litres), electric ones two (kW and range)', () => {
    expect(isElectric({ fuel_type: 1 })).toBe(true);
    expect(isElectric({ fuel_type: 2 })).toBe(false);
    expect(fuelDisplayModes({})).toEqual(['percent', 'volume']);
    expect(fuelDisplayModes({ fuel_type: '1' })).toEqual(['percent', 'energy', 'range']);
  });
  it('cycles through the modes and restarts', () => {
    const ev = { fuel_type: 1 };
    expect(nextFuelDisplayMode(ev, 'percent')).toBe('energy');
    expect(nextFuelDisplayMode(ev, 'energy')).toBe('range');
    expect(nextFuelDisplayMode(ev, 'range')).toBe('percent');
    expect(nextFuelDisplayMode({}, 'volume')).toBe('percent');
    expect(nextFuelDisplayMode({}, 'range')).toBe('percent');
  });
  it('computes each mode value', () => {
    const car = { ...sensor, fuel_tank_capacity: 80 };
    expect(fuelDisplayValue('percent', car, { adc1: 2500 })).toEqual({ value: 50, unit: '%' });
    expect(fuelDisplayValue('volume', car, { adc1: 1500 })).toEqual({ value: 20, unit: 'L' });
    const ev = { fuel_type: 1, fuel_tank_capacity: 60 };
    expect(fuelDisplayValue('energy', ev, { fuel: 75 })).toEqual({ value: 45, unit: 'kW' });
    expect(fuelDisplayValue('range', ev, { range: 212 })).toEqual({ value: 212, unit: 'km' });
  });
  it('gives nothing when the data is missing', () => {
    expect(fuelDisplayValue('volume', {}, { fuel: 50 })).toBeUndefined();
    expect(fuelDisplayValue('range', { fuel_type: 1 }, {})).toBeUndefined();
    expect(fuelDisplayValue('percent', {}, {})).toBeUndefined();
  });
});
