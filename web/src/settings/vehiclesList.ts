import { boolAttr, hourMeter, numberAttr, speedLimitToKmh, vehicleOdometerKm } from '@frota/core';
import type { Device, Group, Position } from '../api/types';

/** One row of /settings/devices (document 1 §6, Settings lists), raw values; the page formats them. */
export interface VehicleRow {
  id: number;
  name: string;
  plate: string;
  group: string;
  model: string;
  fuel: string;
  chassis: string;
  gsm: string;
  hardware: string;
  notes: string;
  /** km/h, null without a limit */
  speedLimit: number | null;
  odometer: number | null;
  hours: number | null;
  active: boolean;
  lastPosition: string | null;
  address: string;
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value).trim());

/** Fuel of the vehicle: its type (1 = electric, in kW; otherwise litres) and tank capacity. */
export function fuelText(
  attributes: Record<string, unknown>,
  names: { electric: string; diesel: string; gasoline: string },
  rtl = false,
): string {
  const type = text(attributes.fuel_type).toLowerCase();
  const electric = type === '1' || type === 'electric';
  const name = electric
    ? names.electric
    : type === 'diesel'
      ? names.diesel
      : type === 'gasoline' || type === 'petrol'
        ? names.gasoline
        : text(attributes.fuel_type);
  const capacity = numberAttr(attributes.fuel_tank_capacity);
  const figure = capacity ? `${capacity} ${electric ? 'kW' : 'L'}` : '';
  // right to left, the figure and its unit isolated (an Arabic name before it read it "(L 60)")
  const amount = figure && rtl ? `\u2066${figure}\u2069` : figure;
  return [name, amount && (name ? `(${amount})` : amount)].filter(Boolean).join(' ');
}

/** Hardware type: the device type number, with the CAN-Bus suffix when the vehicle has one. */
export function hardwareText(attributes: Record<string, unknown>): string {
  const type = text(attributes.device_type);
  const canbus = boolAttr(attributes.has_canbus);
  return [type, canbus ? 'CAN-Bus' : ''].filter(Boolean).join(' + ');
}

export function vehicleRows(
  devices: readonly Device[] | undefined,
  groups: readonly Group[] | undefined,
  positions: readonly Position[] | undefined,
  fuelNames: { electric: string; diesel: string; gasoline: string },
  rtl = false,
): VehicleRow[] {
  const groupNames = new Map((groups ?? []).map((g) => [g.id, g.name]));
  const latest = new Map((positions ?? []).map((p) => [p.deviceId, p]));
  return (devices ?? []).map((device) => {
    const a = device.attributes ?? {};
    const position = latest.get(device.id);
    const pa = position?.attributes ?? {};
    const limit = numberAttr(a.speedLimit);
    return {
      id: device.id,
      name: device.name,
      plate: text(a.license_plate),
      group: (device.groupId && groupNames.get(device.groupId)) || '',
      model: text(device.model),
      fuel: fuelText(a, fuelNames, rtl),
      chassis: text(a.chassis),
      gsm: text(device.phone),
      hardware: hardwareText(a),
      notes: text(device.contact),
      speedLimit: limit ? speedLimitToKmh(limit) : null,
      odometer: vehicleOdometerKm(pa) ?? null,
      hours: hourMeter(pa) ?? null,
      active: !device.disabled,
      lastPosition: position?.fixTime ?? null,
      address: text(position?.address),
    };
  });
}
