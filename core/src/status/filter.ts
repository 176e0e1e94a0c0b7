import { boolAttr } from './attributes';
import type { StatusInput } from './types';
import { vehicleStatus } from './vehicleStatus';
import { hasWarning } from './warning';

/** Status filter tabs of the vehicles list: all, driving, idle, parked (stopped), warning, maintenance. */
export type VehicleFilter = 'all' | 'driving' | 'idle' | 'stopped' | 'warning' | 'maintenance';
export const VEHICLE_FILTERS: readonly VehicleFilter[] = [
  'all',
  'driving',
  'idle',
  'stopped',
  'warning',
  'maintenance',
];

/** Machines count under driving when working and under idle when connected, like their status. */
export function matchesVehicleFilter(filter: VehicleFilter, input: StatusInput): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'warning':
      return hasWarning(input);
    case 'maintenance':
      return boolAttr(input.device.attributes.in_maintenance);
    default:
      return vehicleStatus(input) === filter;
  }
}

/** The count shown on each tab. */
export function countByVehicleFilter(inputs: readonly StatusInput[]): Record<VehicleFilter, number> {
  const counts = Object.fromEntries(VEHICLE_FILTERS.map((f) => [f, 0])) as Record<VehicleFilter, number>;
  for (const input of inputs) {
    for (const filter of VEHICLE_FILTERS) if (matchesVehicleFilter(filter, input)) counts[filter] += 1;
  }
  return counts;
}
