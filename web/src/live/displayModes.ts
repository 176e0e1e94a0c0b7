import { useSyncExternalStore } from 'react';
import {
  defaultOdometerMode,
  fuelDisplayModes,
  fuelDisplayValue,
  nextFuelDisplayMode,
  nextOdometerMode,
  type FuelDisplayMode,
  type OdometerMode,
} from '@frota/core';

/**
 * What the fuel/level display and the odometer show for each vehicle, shared by its row and its popup.
 * The odometer/hour-meter choice is remembered per device on this browser; the fuel mode lasts the visit.
 */
const ODOMETER_KEY = 'frota.odometerMode';

const fuelModes = new Map<number, FuelDisplayMode>();
let odometerModes: Record<string, OdometerMode> = readOdometerModes();
const listeners = new Set<() => void>();
let version = 0;

function readOdometerModes(): Record<string, OdometerMode> {
  try {
    const stored = JSON.parse(globalThis.localStorage?.getItem(ODOMETER_KEY) ?? '{}') as unknown;
    return stored && typeof stored === 'object' ? (stored as Record<string, OdometerMode>) : {};
  } catch {
    return {};
  }
}

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

/**
 * The mode shown: the one chosen while the vehicle reports what it needs (tank capacity, range), else the
 * percentage, so the display never vanishes and can always be tapped again.
 */
export function fuelModeOf(
  deviceId: number,
  deviceAttributes: Record<string, unknown>,
  positionAttributes: Record<string, unknown>,
): FuelDisplayMode {
  const chosen = fuelModes.get(deviceId) ?? 'percent';
  return fuelDisplayValue(chosen, deviceAttributes, positionAttributes) ? chosen : 'percent';
}

export const odometerModeOf = (deviceId: number): OdometerMode | undefined => odometerModes[deviceId];

/** The next mode of the vehicle's cycle that has a value (modes with missing data are skipped). */
export function cycleFuelMode(
  deviceId: number,
  deviceAttributes: Record<string, unknown>,
  positionAttributes: Record<string, unknown>,
): void {
  let mode = fuelModeOf(deviceId, deviceAttributes, positionAttributes);
  for (let i = 0; i < fuelDisplayModes(deviceAttributes).length; i++) {
    mode = nextFuelDisplayMode(deviceAttributes, mode);
    if (fuelDisplayValue(mode, deviceAttributes, positionAttributes)) break;
  }
  fuelModes.set(deviceId, mode);
  changed();
}

export function toggleOdometerMode(
  deviceId: number,
  deviceAttributes: Record<string, unknown>,
  positionAttributes: Record<string, unknown>,
): void {
  const current = odometerModeOf(deviceId) ?? defaultOdometerMode(deviceAttributes, positionAttributes);
  odometerModes = { ...odometerModes, [deviceId]: nextOdometerMode(positionAttributes, current) };
  try {
    globalThis.localStorage?.setItem(ODOMETER_KEY, JSON.stringify(odometerModes));
  } catch {
    // A full or blocked storage only loses the memory of the choice.
  }
  changed();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Re-renders the caller when any display mode changes. */
export const useDisplayModesVersion = (): number => useSyncExternalStore(subscribe, () => version);
