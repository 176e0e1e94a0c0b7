import { numberAttr } from './attributes';
import { levelColor, type LevelColor, type LevelThresholds } from './level';
import type { AttributeBag } from './types';

/** Device types whose trackers run on their own battery and report a level in percent (phones, personal units). */
export const PERCENT_POWER_DEVICE_TYPES: readonly number[] = [2, 15];
export const POWER_PERCENT_THRESHOLDS: LevelThresholds = { high: 50, low: 25 };
export const POWER_VOLT_THRESHOLDS: LevelThresholds = { high: 12, low: 11 };

export interface PowerReading {
  value: number;
  unit: '%' | 'V';
}

export const usesBatteryPercent = (deviceAttributes: AttributeBag): boolean => {
  const type = numberAttr(deviceAttributes.device_type);
  return type !== undefined && PERCENT_POWER_DEVICE_TYPES.includes(type);
};

/**
 * The reading the power colour is judged on: battery level in percent (batteryLevel, else battery) for
 * device types 2 and 15, external power in volts for the others. Undefined when not reported.
 */
export function powerReading(
  deviceAttributes: AttributeBag,
  positionAttributes: AttributeBag,
): PowerReading | undefined {
  if (usesBatteryPercent(deviceAttributes)) {
    const value = numberAttr(positionAttributes.batteryLevel) ?? numberAttr(positionAttributes.battery);
    return value === undefined ? undefined : { value, unit: '%' };
  }
  const value = numberAttr(positionAttributes.power);
  return value === undefined ? undefined : { value, unit: 'V' };
}

/** Green above 50 % / 12 V, orange above 25 % / 11 V, red otherwise; undefined without a reading. */
export function powerColor(
  deviceAttributes: AttributeBag,
  positionAttributes: AttributeBag,
): LevelColor | undefined {
  const reading = powerReading(deviceAttributes, positionAttributes);
  if (!reading) return undefined;
  return levelColor(reading.value, reading.unit === '%' ? POWER_PERCENT_THRESHOLDS : POWER_VOLT_THRESHOLDS);
}

/** "Low power colour" of the warning rule (document 1 §4): any colour but green, so orange warns as red does. */
export function isLowPower(deviceAttributes: AttributeBag, positionAttributes: AttributeBag): boolean {
  const color = powerColor(deviceAttributes, positionAttributes);
  return color === 'orange' || color === 'red';
}
