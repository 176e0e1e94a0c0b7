import { VEHICLE_FILTERS, vehicleComparator, type VehicleFilter, type VehicleSortMode } from '@frota/core';
import type { Group } from '../api/types';
import { normalizeSearch } from '../common/listSearch';
import type { VehicleView } from './types';

/** Search text that switches the screen to the sample fleet (document 1 §2). */
export const DEMO_SEARCH = 'DEMO';
export const isDemoSearch = (search: string): boolean => search.trim() === DEMO_SEARCH;

/** `all`, or one group's id. */
export type GroupChoice = 'all' | number;

export interface VehicleQuery {
  search: string;
  group: GroupChoice;
  status: VehicleFilter;
  sort: VehicleSortMode;
}

export const DEFAULT_QUERY: VehicleQuery = { search: '', group: 'all', status: 'all', sort: 0 };

const matchesSearch = (vehicle: VehicleView, needle: string): boolean =>
  needle === '' || vehicle.search.includes(needle);

const matchesGroup = (vehicle: VehicleView, group: GroupChoice): boolean =>
  group === 'all' || vehicle.groupId === group;

/** Vehicles the search box and group selector let through (the status tabs count these). */
export function searchVehicles(
  vehicles: readonly VehicleView[],
  search: string,
  group: GroupChoice,
): VehicleView[] {
  const needle = isDemoSearch(search) ? '' : normalizeSearch(search);
  return vehicles.filter((vehicle) => matchesSearch(vehicle, needle) && matchesGroup(vehicle, group));
}

/** The count on each status tab. */
export function countByStatusTab(vehicles: readonly VehicleView[]): Record<VehicleFilter, number> {
  const counts = Object.fromEntries(VEHICLE_FILTERS.map((filter) => [filter, 0])) as Record<
    VehicleFilter,
    number
  >;
  for (const vehicle of vehicles) for (const filter of vehicle.filters) counts[filter] += 1;
  return counts;
}

/**
 * Sorted with core's comparator. Given the previous order (id -> index), the vehicles are first laid out
 * in it, so a flush that barely changes the order costs about one comparison per vehicle (the engine's
 * sort is adaptive on nearly sorted input) instead of n log n collator calls.
 */
export function sortVehicles(
  vehicles: readonly VehicleView[],
  mode: VehicleSortMode,
  previous?: ReadonlyMap<number, number>,
): VehicleView[] {
  const compare = vehicleComparator(mode);
  let arranged: VehicleView[] = [...vehicles];
  if (previous && previous.size > 0) {
    const placed: VehicleView[] = [];
    const added: VehicleView[] = [];
    for (const vehicle of vehicles) {
      const index = previous.get(vehicle.id);
      if (index === undefined) added.push(vehicle);
      else placed[index] = vehicle;
    }
    arranged = placed.filter((vehicle) => vehicle !== undefined).concat(added);
  }
  return arranged.sort((a, b) => compare(a.sortable, b.sortable));
}

/** An order to hand back to sortVehicles on the next flush. */
export const orderOf = (rows: readonly VehicleView[]): Map<number, number> =>
  new Map(rows.map((row, index) => [row.id, index]));

export interface VehicleListResult {
  /** Rows of the panel and markers of the map: search, group and status tab applied, sorted. */
  rows: VehicleView[];
  counts: Record<VehicleFilter, number>;
}

export function applyVehicleQuery(
  vehicles: readonly VehicleView[],
  query: VehicleQuery,
  previousOrder?: ReadonlyMap<number, number>,
): VehicleListResult {
  const searched = searchVehicles(vehicles, query.search, query.group);
  const tabbed =
    query.status === 'all' ? searched : searched.filter((vehicle) => vehicle.filters.includes(query.status));
  return { rows: sortVehicles(tabbed, query.sort, previousOrder), counts: countByStatusTab(searched) };
}

export interface GroupOption {
  id: number;
  name: string;
  count: number;
}

/** The group selector: every group with its vehicle count, by name. */
export function groupOptions(
  groups: readonly Group[],
  devices: ReadonlyArray<{ groupId?: number | null; disabled?: boolean }>,
): GroupOption[] {
  const counts = new Map<number, number>();
  for (const device of devices) {
    const groupId = device.groupId;
    if (groupId !== null && groupId !== undefined && !device.disabled)
      counts.set(groupId, (counts.get(groupId) ?? 0) + 1);
  }
  return groups
    .map((group) => ({ id: group.id, name: group.name, count: counts.get(group.id) ?? 0 }))
    .sort((a, b) => a.name.localeCompare(b.name, 'pt', { sensitivity: 'base', numeric: true }));
}
