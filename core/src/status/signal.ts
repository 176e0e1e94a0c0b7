import { numberAttr } from './attributes';
import type { AttributeBag, StatusPosition } from './types';

/** Events whose records legitimately carry no fix, so an invalid position there is not a GPS fault. */
export const NO_FIX_EVENTS: readonly number[] = [150, 151, 152];
export const LOW_GSM_RSSI = 1;

/** No GPS signal: the position is invalid and its event is not 150, 151 or 152. */
export function hasNoGps(position: StatusPosition | null | undefined): boolean {
  if (!position || position.valid) return false;
  return position.event == null || !NO_FIX_EVENTS.includes(position.event);
}

/** Low GSM signal: rssi reported and 1 or less. */
export function hasLowGsm(positionAttributes: AttributeBag): boolean {
  const rssi = numberAttr(positionAttributes.rssi);
  return rssi !== undefined && rssi <= LOW_GSM_RSSI;
}

/** Teltonika io200 (sleep mode) above 0: the tracker is asleep, so a missing fix is expected. */
export function isSleeping(positionAttributes: AttributeBag): boolean {
  const io200 = numberAttr(positionAttributes.io200);
  return io200 !== undefined && io200 > 0;
}
