import { isLowPower } from './power';
import { hasLowGsm, hasNoGps, isSleeping } from './signal';
import type { StatusInput } from './types';
import { isStale } from './vehicleStatus';

export type WarningReason = 'lowPower' | 'noGps' | 'staleFix' | 'lowGsm';

/** Most vehicles warn of nothing: one shared empty answer for them (the live screen asks thousands a flush). */
const NO_WARNINGS: readonly WarningReason[] = Object.freeze([]);

/**
 * Why a vehicle belongs in the warning tab (document 1 §4): orange or red power colour; invalid position outside
 * events 150-152 while the tracker is not asleep (io200 not positive); fix older than 86400 s; rssi <= 1.
 * A vehicle that never reported has nothing to warn about: it is offline, not in warning.
 */
export function warningReasons(input: StatusInput): readonly WarningReason[] {
  const { device, position, now } = input;
  if (!position) return NO_WARNINGS;
  const reasons: WarningReason[] = [];
  if (isLowPower(device.attributes, position.attributes)) reasons.push('lowPower');
  if (hasNoGps(position) && !isSleeping(position.attributes)) reasons.push('noGps');
  if (isStale(position, now)) reasons.push('staleFix');
  if (hasLowGsm(position.attributes)) reasons.push('lowGsm');
  return reasons.length > 0 ? reasons : NO_WARNINGS;
}

export const hasWarning = (input: StatusInput): boolean => warningReasons(input).length > 0;
