import {
  sameSortPlace,
  VEHICLE_FILTERS,
  vehicleComparator,
  type VehicleFilter,
  type VehicleSortMode,
} from '@frota/core';
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
): readonly VehicleView[] {
  const needle = isDemoSearch(search) ? '' : normalizeSearch(search);
  if (needle === '' && group === 'all') return vehicles;
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

/** A sorted list kept for the next flush: its rows, their sort mode and each vehicle's place in it. */
export interface SortedList {
  mode: VehicleSortMode;
  rows: readonly VehicleView[];
  /** Updated in place by the next flush's list (see sortedList): read it before making that one. */
  index: Map<number, number>;
}

/**
 * The list to keep for the next flush. The places of `previous` (the list this one was sorted from) are
 * updated in place when the same vehicles are listed, so a flush that reorders few vehicles writes only
 * their places rather than an index of the whole fleet.
 */
export function sortedList(
  rows: readonly VehicleView[],
  mode: VehicleSortMode,
  previous?: SortedList,
): SortedList {
  if (previous && previous.index.size === rows.length) {
    const index = previous.index;
    for (let i = 0; i < rows.length; i++) if (index.get(rows[i].id) !== i) index.set(rows[i].id, i);
    // As many places as rows: every vehicle listed had one, none is left from a vehicle gone.
    if (index.size === rows.length) return { mode, rows, index };
  }
  const index = new Map<number, number>();
  rows.forEach((row, i) => index.set(row.id, i));
  return { mode, rows, index };
}

/** The first place in `rows` (from `from`) whose vehicle sorts after `vehicle`. */
function placeAfter(
  rows: readonly VehicleView[],
  vehicle: VehicleView,
  compare: (a: VehicleView, b: VehicleView) => number,
  from: number,
): number {
  let low = from;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(rows[middle], vehicle) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Sorted with core's comparator. Given the list the previous flush sorted in the same mode, the vehicles
 * whose sort fields did not change keep their order among themselves without a comparison, and only the
 * others (new ones, or a changed status, time or name) are sorted and placed among them by binary search:
 * a flush of 10,000 vehicles costs a few hundred collator calls instead of one or more per vehicle.
 */
export function sortVehicles(
  vehicles: readonly VehicleView[],
  mode: VehicleSortMode,
  previous?: SortedList,
): VehicleView[] {
  const order = vehicleComparator(mode);
  // Vehicles the comparator ties (same names, say) go by id: one order whatever the list held before.
  const compare = (a: VehicleView, b: VehicleView) => order(a.sortable, b.sortable) || a.id - b.id;
  if (!previous || previous.mode !== mode || previous.rows.length === 0) return [...vehicles].sort(compare);
  const kept: Array<VehicleView | undefined> = new Array<VehicleView | undefined>(previous.rows.length);
  const moved: VehicleView[] = [];
  for (const vehicle of vehicles) {
    const at = previous.index.get(vehicle.id);
    if (at !== undefined && sameSortPlace(previous.rows[at].sortable, vehicle.sortable, mode))
      kept[at] = vehicle;
    else moved.push(vehicle);
  }
  const staying = kept.filter((vehicle): vehicle is VehicleView => vehicle !== undefined);
  if (moved.length === 0) return staying;
  moved.sort(compare);
  const sorted: VehicleView[] = [];
  let next = 0;
  for (const vehicle of moved) {
    const at = placeAfter(staying, vehicle, compare, next);
    for (; next < at; next++) sorted.push(staying[next]);
    sorted.push(vehicle);
  }
  for (; next < staying.length; next++) sorted.push(staying[next]);
  return sorted;
}

export interface VehicleListResult {
  /** Rows of the panel and markers of the map: search, group and status tab applied, sorted. */
  rows: VehicleView[];
  counts: Record<VehicleFilter, number>;
}

export function applyVehicleQuery(
  vehicles: readonly VehicleView[],
  query: VehicleQuery,
  previous?: SortedList,
): VehicleListResult {
  const searched = searchVehicles(vehicles, query.search, query.group);
  const tabbed =
    query.status === 'all' ? searched : searched.filter((vehicle) => vehicle.filters.includes(query.status));
  return { rows: sortVehicles(tabbed, query.sort, previous), counts: countByStatusTab(searched) };
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
