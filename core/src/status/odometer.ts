import { boolAttr, numberAttr } from './attributes';
import type { AttributeBag } from './types';

export type OdometerMode = 'odometer' | 'hours';

/** Odometer in km: io192 divided by 100, rounded to 1 decimal. */
export function odometerKm(positionAttributes: AttributeBag): number | undefined {
  const io192 = numberAttr(positionAttributes.io192);
  return io192 === undefined ? undefined : Math.round(io192 / 10) / 10;
}

/**
 * The odometer a vehicle shows, in km (1 decimal): io192, else the tracker's own `odometer` (metres, such
 * as Teltonika's IO 16), else the distance the server counted (`totalDistance`, metres). One rule for every
 * screen, form and seed that reads a vehicle's km.
 */
export function vehicleOdometerKm(positionAttributes: AttributeBag): number | undefined {
  const io192 = odometerKm(positionAttributes);
  if (io192 !== undefined) return io192;
  const metres = numberAttr(positionAttributes.odometer) ?? numberAttr(positionAttributes.totalDistance);
  return metres === undefined ? undefined : Math.round(metres / 100) / 10;
}

/** Hour meter in hours: the hours attribute is milliseconds. Left unrounded for the formatter. */
export function hourMeter(positionAttributes: AttributeBag): number | undefined {
  const ms = numberAttr(positionAttributes.hours);
  return ms === undefined ? undefined : ms / 1000 / 3600;
}

export const hasHourMeter = (positionAttributes: AttributeBag): boolean =>
  hourMeter(positionAttributes) !== undefined;

/** Tapping the odometer toggles to the hour meter only when hours exist. */
export const odometerModes = (positionAttributes: AttributeBag): OdometerMode[] =>
  hasHourMeter(positionAttributes) ? ['odometer', 'hours'] : ['odometer'];

export function nextOdometerMode(positionAttributes: AttributeBag, current: OdometerMode): OdometerMode {
  const modes = odometerModes(positionAttributes);
  return modes[(modes.indexOf(current) + 1) % modes.length];
}

/** Before the user picks one: the hour meter for vehicles flagged show_hours (machines), else the odometer. */
export function defaultOdometerMode(
  deviceAttributes: AttributeBag,
  positionAttributes: AttributeBag,
): OdometerMode {
  return boolAttr(deviceAttributes.show_hours) && hasHourMeter(positionAttributes) ? 'hours' : 'odometer';
}
