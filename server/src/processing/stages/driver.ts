/** Driver from RFID: `driverUniqueId` (carried forward while the ignition is on) resolved to a name. */
import { boolAttr, type DeviceState } from '../deviceState';
import type { ProcessedPosition } from '../types';

export type DriverDirectory = (uniqueId: string) => { id: number; name: string } | undefined;

export function applyDriver(state: DeviceState, p: ProcessedPosition, drivers: DriverDirectory): void {
  const last = state.last?.attributes ?? {};
  let uid = typeof p.attributes.driverUniqueId === 'string' ? p.attributes.driverUniqueId : undefined;
  if (!uid && typeof last.driverUniqueId === 'string' && boolAttr(p.attributes.ignition) !== false)
    uid = last.driverUniqueId;
  if (!uid) return;
  p.attributes.driverUniqueId = uid;
  const driver = drivers(uid);
  if (driver) {
    p.attributes.driver = driver.name;
    p.attributes.driverId = driver.id;
  }
}
