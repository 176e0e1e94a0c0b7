/**
 * Passenger cards (issue 22 item 2): on a vehicle with `has_passengers`, a card the reader reads is a
 * passenger's, not the driver's. It leaves `driverUniqueId` (so the driver stage keeps the driver it had) for
 * `passengerCardId`, and a fresh read is marked `passengerPickup` for the pickup recorder. A registered
 * driver's own card stays the driver: the driver identifies on the same reader as the passengers. Only a
 * driver the vehicle's directory names counts (another client's driver with the same card does not).
 */
import { isFreshCardRead, PASSENGER_VEHICLE_ATTRIBUTE } from '@frota/core';
import { boolAttr, type DeviceState } from '../deviceState';
import type { ProcessedPosition } from '../types';
import type { DriverDirectory } from './driver';

export const PASSENGER_CARD = 'passengerCardId';
export const PASSENGER_PICKUP = 'passengerPickup';

/**
 * `countable` false (an outdated record, older than the vehicle's latest) still moves the card out of the
 * driver but marks no pickup: freshness is only known against the record before it.
 */
export function applyPassengerCard(
  state: DeviceState,
  p: ProcessedPosition,
  drivers: DriverDirectory,
  countable = true,
): void {
  if (boolAttr(state.attributes[PASSENGER_VEHICLE_ATTRIBUTE]) !== true) return;
  const raw = p.attributes.driverUniqueId;
  if (typeof raw !== 'string' || raw === '' || drivers(state.id, raw)) return;
  delete p.attributes.driverUniqueId;
  p.attributes[PASSENGER_CARD] = raw;
  const previous = state.last?.attributes[PASSENGER_CARD];
  if (countable && isFreshCardRead(raw, typeof previous === 'string' ? previous : undefined))
    p.attributes[PASSENGER_PICKUP] = true;
}
