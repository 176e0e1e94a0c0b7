/**
 * Whose fuel level gives litres, and how it is read: a vehicle with a level (an analog sensor calibrated
 * with both thresholds, or the level it reports: fuel sensor port, CAN bus) and a tank capacity. Electric
 * vehicles report a state of charge, not fuel. Monthly litres and the daily figures count its consumption
 * (FuelDays), and the segments job keeps it per hour (modules/segments/fuelHours.ts).
 */
import { boolAttr, fuelPercent, hasFuelSensor, isElectric, numberAttr, type AttributeBag } from '@frota/core';

/** The analog sensor's calibration (adc1 when empty and when full), or the level the vehicle reports. */
export type FuelLevelSource = { low: number; high: number } | 'reported';

/** The tank capacity in litres when the vehicle's level can give litres. */
export function fuelTankLitres(a: AttributeBag): number | undefined {
  if (isElectric(a)) return undefined;
  const sensor = hasFuelSensor(a) || boolAttr(a.fuelsensor_port) || boolAttr(a.has_canbus);
  const capacity = numberAttr(a.fuel_tank_capacity);
  return sensor && capacity !== undefined && capacity > 0 ? capacity : undefined;
}

export function fuelLevelSource(a: AttributeBag): FuelLevelSource | undefined {
  if (fuelTankLitres(a) === undefined) return undefined;
  const low = numberAttr(a.fuel_low_threshold);
  const high = numberAttr(a.fuel_high_threshold);
  return low !== undefined && high !== undefined ? { low, high } : 'reported';
}

/** The level in percent of a position's attributes, read as `fuelPercent` reads it for the vehicle. */
export function fuelLevelOf(source: FuelLevelSource): (attrs: AttributeBag) => number | undefined {
  const vehicle: AttributeBag =
    source === 'reported' ? {} : { fuel_low_threshold: source.low, fuel_high_threshold: source.high };
  return (attrs) => fuelPercent(vehicle, attrs);
}

/** The position attributes a level is read from. */
export const FUEL_KEYS = ['fuel', 'adc1'];
