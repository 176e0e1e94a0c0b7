import {
  boolAttr,
  clockSettledUntil,
  timeAttr,
  vehicleIndicators,
  vehicleStatusInfo,
  warningReasons,
  type SortableVehicle,
  type StatusInput,
  type VehicleFilter,
  type VehicleStatus,
  type WarningReason,
} from '@frota/core';
import type { Device, Driver } from '../api/types';
import { normalizeSearch } from '../common/listSearch';
import type { LivePosition, VehicleView } from './types';

const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** The driver a position names (RFID driverId, else the name the server resolved), else the device's own. */
export function vehicleDriver(
  device: Device,
  position: LivePosition | null,
  drivers: ReadonlyMap<number, Driver>,
): { name: string; phone: string } {
  const id = Number(position?.attributes.driverId ?? device.attributes.driverId);
  const driver = Number.isFinite(id) ? drivers.get(id) : undefined;
  const name = driver?.name ?? text(position?.attributes.driver);
  return { name, phone: text(driver?.attributes.phone) };
}

/**
 * The status tabs a vehicle counts under, read from the rule outputs already computed for it (the same
 * answer as core's matchesVehicleFilter, which would evaluate status and warnings again per tab; the
 * unit test holds them equal). Flushes of 10,000 vehicles need each rule evaluated once, and share the
 * few distinct lists (read only).
 */
const TAB_LISTS: Partial<Record<VehicleStatus, VehicleFilter[][]>> = {};

export function statusTabs(
  status: VehicleStatus,
  warnings: readonly WarningReason[],
  maintenance: boolean,
): VehicleFilter[] {
  const lists = (TAB_LISTS[status] ??= []);
  const key = (warnings.length > 0 ? 2 : 0) + (maintenance ? 1 : 0);
  let tabs = lists[key];
  if (!tabs) {
    tabs = ['all'];
    if (status === 'driving' || status === 'idle' || status === 'stopped') tabs.push(status);
    if (warnings.length > 0) tabs.push('warning');
    if (maintenance) tabs.push('maintenance');
    lists[key] = tabs;
  }
  return tabs;
}

/**
 * What the sort comparators read (core's sortableVehicle, without evaluating the status again). A vehicle's
 * positions carry one `lastignition` text until its ignition goes on again: the time read from it for the
 * vehicle's previous view is taken again while the text is the same (a text read anew for each of 10,000
 * vehicles a live round).
 */
export function sortKey(
  name: string,
  status: VehicleStatus,
  input: StatusInput,
  previous?: { input: StatusInput; sortable: SortableVehicle },
): SortableVehicle {
  const position = input.position;
  const ignitionText = position?.attributes?.lastignition;
  return {
    name,
    status,
    lastIgnition:
      previous !== undefined &&
      typeof ignitionText === 'string' &&
      previous.input.position?.attributes?.lastignition === ignitionText
        ? previous.sortable.lastIgnition
        : timeAttr(ignitionText),
    fixTime: position ? timeAttr(position.fixTime) : undefined,
  };
}

const searchTexts = new WeakMap<Device, { driver: string; text: string }>();

/** The normalised search text, kept per device object (names and plates change far less than positions). */
function searchText(device: Device, plate: string, driver: string): string {
  const cached = searchTexts.get(device);
  if (cached && cached.driver === driver) return cached.text;
  const text = normalizeSearch([device.name, plate, device.uniqueId, driver].join(' '));
  searchTexts.set(device, { driver, text });
  return text;
}

/** One vehicle's view model: status, warnings, indicators and tabs evaluated once with the core rules. */
export function vehicleView(
  device: Device,
  position: LivePosition | null,
  drivers: ReadonlyMap<number, Driver>,
  now: Date,
  previous?: VehicleView,
): VehicleView {
  const input: StatusInput = {
    // The device part is kept from the vehicle's previous view while the device object is the same.
    device:
      previous?.device === device
        ? previous.input.device
        : { name: device.name, attributes: device.attributes ?? {}, disabled: device.disabled },
    position: position
      ? {
          // Parsed once here: the status, warning and sort rules all read it.
          fixTime: new Date(position.fixTime),
          speed: position.speed,
          valid: position.valid,
          event: position.event ?? null,
          attributes: position.attributes ?? {},
        }
      : null,
    now,
  };
  const plate = text(device.attributes?.license_plate);
  const driver = vehicleDriver(device, position, drivers);
  const status = vehicleStatusInfo(input);
  const warnings = warningReasons(input);
  const indicators = vehicleIndicators(input);
  return {
    id: device.id,
    device,
    position,
    input,
    name: device.name,
    // a fleet that names its vehicles by their plates reads the plate once
    plate: plate === device.name ? '' : plate,
    groupId: device.groupId ?? null,
    category: device.category || 'default',
    status,
    warnings,
    indicators,
    filters: statusTabs(status.status, warnings, boolAttr(device.attributes?.in_maintenance)),
    sortable: sortKey(device.name, status.status, input, previous),
    driverName: driver.name,
    driverPhone: driver.phone,
    search: searchText(device, plate, driver.name),
    settledUntil: clockSettledUntil(input.position, now),
  };
}
