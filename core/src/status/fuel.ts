import { numberAttr } from './attributes';
import { levelColor, type LevelColor, type LevelThresholds } from './level';
import type { AttributeBag } from './types';

export const FUEL_THRESHOLDS: LevelThresholds = { high: 50, low: 25 };
/** A sensor reading more than 10 % past the "full" calibration is a fault, not fuel. */
export const FUEL_SENSOR_MAX_RATIO = 1.1;
export const ELECTRIC_FUEL_TYPE = 1;

/** Above 50 green, above 25 orange, otherwise red. */
export const fuelColor = (percent: number): LevelColor => levelColor(percent, FUEL_THRESHOLDS);

export const isElectric = (deviceAttributes: AttributeBag): boolean =>
  numberAttr(deviceAttributes.fuel_type) === ELECTRIC_FUEL_TYPE;

const clampPercent = (value: number): number => Math.min(100, Math.max(0, value));

/** True when the vehicle has an analog fuel sensor calibrated with both thresholds. */
export const hasFuelSensor = (deviceAttributes: AttributeBag): boolean =>
  numberAttr(deviceAttributes.fuel_low_threshold) !== undefined &&
  numberAttr(deviceAttributes.fuel_high_threshold) !== undefined;

/**
 * Analog sensor level: where adc1 sits between fuel_low_threshold (empty) and fuel_high_threshold (full).
 * Works for sensors wired either way round (low above high). A ratio above 1.1 is discarded (undefined);
 * otherwise the percentage is clamped to 0..100.
 */
export function fuelSensorPercent(
  deviceAttributes: AttributeBag,
  positionAttributes: AttributeBag,
): number | undefined {
  const low = numberAttr(deviceAttributes.fuel_low_threshold);
  const high = numberAttr(deviceAttributes.fuel_high_threshold);
  const adc = numberAttr(positionAttributes.adc1);
  if (low === undefined || high === undefined || adc === undefined || high === low) return undefined;
  const ratio = (adc - low) / (high - low);
  if (ratio > FUEL_SENSOR_MAX_RATIO) return undefined;
  return clampPercent(ratio * 100);
}

/**
 * The level shown in the fuel/level display: the analog sensor when one is calibrated, else the level the
 * vehicle reports itself (position attribute fuel, in percent; state of charge for electric vehicles).
 */
export function fuelPercent(
  deviceAttributes: AttributeBag,
  positionAttributes: AttributeBag,
): number | undefined {
  if (hasFuelSensor(deviceAttributes)) return fuelSensorPercent(deviceAttributes, positionAttributes);
  const reported = numberAttr(positionAttributes.fuel);
  return reported === undefined ? undefined : clampPercent(reported);
}

/**
 * What the fuel/level display can show. Everyone has the percentage; combustion vehicles add the volume
 * in litres; electric vehicles add the energy in kW and the remaining range in km.
 */
export type FuelDisplayMode = 'percent' | 'volume' | 'energy' | 'range';

export const fuelDisplayModes = (deviceAttributes: AttributeBag): FuelDisplayMode[] =>
  isElectric(deviceAttributes) ? ['percent', 'energy', 'range'] : ['percent', 'volume'];

/** The mode after `current` in the device's cycle; an unknown current mode restarts the cycle. */
export function nextFuelDisplayMode(
  deviceAttributes: AttributeBag,
  current: FuelDisplayMode,
): FuelDisplayMode {
  const modes = fuelDisplayModes(deviceAttributes);
  return modes[(modes.indexOf(current) + 1) % modes.length];
}

export interface FuelDisplayValue {
  value: number;
  unit: '%' | 'L' | 'kW' | 'km';
}

/** The value for one mode; undefined when the data it needs (level, tank capacity, range) is missing. */
export function fuelDisplayValue(
  mode: FuelDisplayMode,
  deviceAttributes: AttributeBag,
  positionAttributes: AttributeBag,
): FuelDisplayValue | undefined {
  if (mode === 'range') {
    const range = numberAttr(positionAttributes.range);
    return range === undefined ? undefined : { value: range, unit: 'km' };
  }
  const percent = fuelPercent(deviceAttributes, positionAttributes);
  if (percent === undefined) return undefined;
  if (mode === 'percent') return { value: percent, unit: '%' };
  const capacity = numberAttr(deviceAttributes.fuel_tank_capacity);
  if (capacity === undefined || capacity <= 0) return undefined;
  return { value: (percent / 100) * capacity, unit: mode === 'energy' ? 'kW' : 'L' };
}
