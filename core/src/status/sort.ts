import { timeAttr } from './attributes';
import type { StatusInput } from './types';
import { vehicleStatus, type VehicleStatus } from './vehicleStatus';

/** The sort menu of the vehicles tab: 0 status, 1 name, 2 last position. */
export type VehicleSortMode = 0 | 1 | 2;
export const SORT_BY_STATUS: VehicleSortMode = 0;
export const SORT_BY_NAME: VehicleSortMode = 1;
export const SORT_BY_LAST_POSITION: VehicleSortMode = 2;

/**
 * Status order of the default sort: moving vehicles first, then the ones that may move soon, then parked,
 * then those with nothing current to show (offline, and private last since its details are hidden).
 */
export const STATUS_SORT_ORDER: readonly VehicleStatus[] = [
  'driving',
  'idle',
  'stopped',
  'offline',
  'private',
];

/** What the comparators read, computed once per vehicle rather than on every comparison. */
export interface SortableVehicle {
  name: string;
  status: VehicleStatus;
  /** Epoch ms of attributes.lastignition, when readable. */
  lastIgnition?: number;
  /** Epoch ms of the last fix, when there is a position. */
  fixTime?: number;
}

export function sortableVehicle(input: StatusInput): SortableVehicle {
  const { position } = input;
  return {
    name: input.device.name ?? '',
    status: vehicleStatus(input),
    lastIgnition: timeAttr(position?.attributes.lastignition),
    fixTime: position ? timeAttr(position.fixTime) : undefined,
  };
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Natural, case- and accent-insensitive: "Camião 2" before "camiao 10". */
export const compareByName = (a: SortableVehicle, b: SortableVehicle): number =>
  collator.compare(a.name, b.name);

/** Most recent first; vehicles without the time go last. */
function compareTimeDesc(a: number | undefined, b: number | undefined): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  return b - a;
}

/** Default order: status (STATUS_SORT_ORDER), then latest ignition first, then name. */
export function compareByStatus(a: SortableVehicle, b: SortableVehicle): number {
  return (
    STATUS_SORT_ORDER.indexOf(a.status) - STATUS_SORT_ORDER.indexOf(b.status) ||
    compareTimeDesc(a.lastIgnition, b.lastIgnition) ||
    compareByName(a, b)
  );
}

/** Latest fix first, vehicles without a position last, then name. */
export const compareByLastPosition = (a: SortableVehicle, b: SortableVehicle): number =>
  compareTimeDesc(a.fixTime, b.fixTime) || compareByName(a, b);

export function vehicleComparator(mode: VehicleSortMode): (a: SortableVehicle, b: SortableVehicle) => number {
  if (mode === SORT_BY_NAME) return compareByName;
  if (mode === SORT_BY_LAST_POSITION) return compareByLastPosition;
  return compareByStatus;
}

/**
 * Whether two versions of a vehicle take the same place under `mode`: the fields its comparator reads are
 * equal. Vehicles that keep their place keep their order among themselves from one flush to the next.
 */
export function sameSortPlace(a: SortableVehicle, b: SortableVehicle, mode: VehicleSortMode): boolean {
  if (a.name !== b.name) return false;
  if (mode === SORT_BY_NAME) return true;
  if (mode === SORT_BY_LAST_POSITION) return a.fixTime === b.fixTime;
  return a.status === b.status && a.lastIgnition === b.lastIgnition;
}
