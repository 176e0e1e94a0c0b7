/**
 * Driver from RFID: `driverUniqueId` (carried forward while the ignition is on) resolved to a name by the
 * vehicle's driver directory: the same card may name different drivers on different clients' vehicles
 * (processing/driverDirectory.ts), and another client's driver never names this vehicle's reads.
 */
import { boolAttr, type DeviceState } from '../deviceState';
import type { ProcessedPosition } from '../types';

export interface NamedDriver {
  id: number;
  name: string;
}

/** The driver a card read on a vehicle names, if any. */
export type DriverDirectory = (deviceId: number, uniqueId: string) => NamedDriver | undefined;

export function applyDriver(state: DeviceState, p: ProcessedPosition, drivers: DriverDirectory): void {
  const last = state.last?.attributes ?? {};
  let uid = typeof p.attributes.driverUniqueId === 'string' ? p.attributes.driverUniqueId : undefined;
  if (!uid && typeof last.driverUniqueId === 'string' && boolAttr(p.attributes.ignition) !== false)
    uid = last.driverUniqueId;
  if (!uid) return;
  p.attributes.driverUniqueId = uid;
  const driver = drivers(state.id, uid);
  if (driver) {
    p.attributes.driver = driver.name;
    p.attributes.driverId = driver.id;
  }
}
