/** Picker contents: which vehicles a report offers and how a chosen group expands into its members. */
import { deviceOffersReport } from '@frota/core';
import type { Device, Group } from '../api/types';
import { compareText } from './listSearch';

/**
 * Vehicle-only filters chosen from device attributes (document 2 §2.2): machines are vehicle_type 3; eco
 * driving and rag list only the vehicles that offer them (core's reportGates, both readings of §2.1).
 */
export type DeviceFilter = 'pto' | 'fuel' | 'machine' | 'canbus' | 'eco_driving' | 'rag';

const flag = (value: unknown): boolean =>
  value !== undefined && value !== null && value !== '' && value !== false && value !== 0 && value !== '0';

export function deviceMatches(device: Device, filter: DeviceFilter | undefined): boolean {
  const a = device.attributes ?? {};
  switch (filter) {
    case 'pto':
      return flag(a.pto_port);
    case 'fuel':
      return flag(a.fuelsensor_port) || flag(a.has_canbus);
    case 'machine':
      return Number(a.vehicle_type) === 3;
    case 'canbus':
      return flag(a.has_canbus);
    case 'eco_driving':
    case 'rag':
      return deviceOffersReport(device, filter);
    default:
      return true;
  }
}

/** A vehicle's label: name and licence plate when it has one and the name does not already show it. */
export function deviceLabel(device: Device): string {
  const plate = device.attributes?.license_plate;
  return typeof plate === 'string' && plate && !device.name.includes(plate)
    ? `${device.name} (${plate})`
    : device.name;
}

/** The vehicles a report offers, sorted by name. */
export function reportDevices(devices: Device[] | undefined, filter?: DeviceFilter): Device[] {
  return (devices ?? [])
    .filter((device) => deviceMatches(device, filter))
    .sort((a, b) => compareText(a.name, b.name));
}

/** The group and every group below it. */
export function groupWithDescendants(groupId: number, groups: Group[]): Set<number> {
  const found = new Set([groupId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const group of groups) {
      if (group.groupId && found.has(group.groupId) && !found.has(group.id)) {
        found.add(group.id);
        grew = true;
      }
    }
  }
  return found;
}

/** Ids of the offered vehicles in a group or its subgroups. */
export function devicesOfGroup(groupId: number, groups: Group[], devices: Device[]): number[] {
  const ids = groupWithDescendants(groupId, groups);
  return devices.filter((device) => device.groupId && ids.has(device.groupId)).map((device) => device.id);
}

/** The selection with `added` appended, without repeats, keeping the order of choice. */
export function addToSelection(selected: number[], added: number[]): number[] {
  const set = new Set(selected);
  return [...selected, ...added.filter((id) => !set.has(id) && set.add(id))];
}

/** Groups that have at least one offered member, sorted by name. */
export function groupsWithMembers(
  groups: Group[] | undefined,
  memberCount: (groupId: number) => number,
): Group[] {
  return (groups ?? [])
    .filter((group) => memberCount(group.id) > 0)
    .sort((a, b) => compareText(a.name, b.name));
}

/** Ids of the passengers of a group or its subgroups (the passenger picker's group expansion). */
export function passengersOfGroup(
  groupId: number,
  groups: Group[],
  passengers: ReadonlyArray<{ id: number; groupId: number | null }>,
): number[] {
  const ids = groupWithDescendants(groupId, groups);
  return passengers.filter((p) => p.groupId !== null && ids.has(p.groupId)).map((p) => p.id);
}
