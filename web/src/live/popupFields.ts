import {
  defaultOdometerMode,
  fuelColor,
  fuelDisplayValue,
  hourMeter,
  isElectric,
  knotsToKmh,
  numberAttr,
  vehicleOdometerKm,
  powerColor,
  powerReading,
  usesBatteryPercent,
  type FuelDisplayMode,
  type FuelDisplayValue,
  type ImmobilizationState,
  type LevelColor,
  type OdometerMode,
  type StatusColor,
  type VehicleStatusLabel,
} from '@frota/core';
import { formatNumber, formatPercent, unitText } from '../common/formatters';
import type { Geofence, Tag } from '../api/types';
import type { VehicleView } from './types';
import { zoneType } from './zoneList';

/** Popup rows in the order of document 1 §2 (the name is the popup's title). */
export type PopupField =
  | { kind: 'tags'; text: string }
  | { kind: 'plate'; text: string }
  | { kind: 'status'; label: VehicleStatusLabel; color: StatusColor }
  | { kind: 'speed'; text: string }
  | { kind: 'driver'; name: string; phone: string }
  | { kind: 'address'; text: string }
  | { kind: 'zone'; text: string; point: boolean }
  | { kind: 'coordinates'; text: string; url: string }
  | { kind: 'fixTime'; time: string }
  | { kind: 'event'; text: string }
  | { kind: 'battery'; text: string }
  | { kind: 'level'; text: string; color: LevelColor | undefined; mode: FuelDisplayMode; electric: boolean }
  | { kind: 'power'; text: string; color: LevelColor | undefined }
  | { kind: 'maintenance' }
  | { kind: 'noGps' }
  | { kind: 'lowGsm' }
  | { kind: 'immobilization'; state: ImmobilizationState; pending: boolean }
  | { kind: 'odometer'; mode: OdometerMode; text: string };

export const speedText = (knots: number): string => `${Math.round(knotsToKmh(knots))} ${unitText('kmh')}`;

/** Six decimals, latitude first. */
export const coordinatesText = (latitude: number, longitude: number): string =>
  `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;

/** Directions to the vehicle on a public maps site (the Navegar link). */
export const navigateUrl = (latitude: number, longitude: number): string =>
  `https://www.google.com/maps/dir/?api=1&destination=${latitude.toFixed(6)},${longitude.toFixed(6)}`;

/** One decimal in the interface language's format ("44 770,5" in Portuguese, "44,770.5" in English). */
const oneDecimal = (value: number): string => formatNumber(value, 1);

export function fuelText(value: FuelDisplayValue): string {
  return value.unit === '%' ? formatPercent(value.value) : `${oneDecimal(value.value)} ${value.unit}`;
}

/** Odometer km (see vehicleOdometerKm: io192, the tracker's odometer, or the counted distance). */
export const odometerValue = (attributes: Record<string, unknown>): number | undefined =>
  vehicleOdometerKm(attributes);

export function odometerText(mode: OdometerMode, attributes: Record<string, unknown>): string | undefined {
  if (mode === 'hours') {
    const hours = hourMeter(attributes);
    return hours === undefined ? undefined : `${oneDecimal(hours)} ${unitText('h')}`;
  }
  const km = odometerValue(attributes);
  return km === undefined ? undefined : `${oneDecimal(km)} ${unitText('km')}`;
}

/** Tag names of the vehicle (attributes.tags holds tag codes, comma separated or as a list). */
export function tagNames(tags: unknown, known: readonly Tag[]): string {
  const codes = Array.isArray(tags)
    ? tags.map(String)
    : typeof tags === 'string'
      ? tags.split(',').map((code) => code.trim())
      : [];
  return codes
    .filter(Boolean)
    .map((code) => known.find((tag) => tag.tag === code)?.name ?? code)
    .join(', ');
}

export interface PopupContext {
  tags: readonly Tag[];
  geofences: ReadonlyMap<number, Geofence>;
  fuelMode: FuelDisplayMode;
  /** The choice remembered for this vehicle, if any. */
  odometerMode: OdometerMode | undefined;
  pendingCommand: boolean;
  formatTime: (iso: string) => string;
}

export function popupFields(view: VehicleView, context: PopupContext): PopupField[] {
  const fields: PopupField[] = [];
  const device = view.device.attributes ?? {};
  const position = view.position;
  const attributes = position?.attributes ?? {};
  const tags = tagNames(device.tags, context.tags);
  if (tags) fields.push({ kind: 'tags', text: tags });
  if (view.plate) fields.push({ kind: 'plate', text: view.plate });
  fields.push({ kind: 'status', label: view.status.label, color: view.status.color });
  if (!position) return fields;
  fields.push({ kind: 'speed', text: speedText(position.speed) });
  if (view.driverName) fields.push({ kind: 'driver', name: view.driverName, phone: view.driverPhone });
  if (position.address) fields.push({ kind: 'address', text: position.address });
  const zoneIds = Array.isArray(attributes.geofenceIds) ? attributes.geofenceIds.map(Number) : [];
  const zones = zoneIds.map((id) => context.geofences.get(id)).filter((zone) => zone !== undefined);
  if (zones.length) {
    fields.push({
      kind: 'zone',
      text: zones.map((zone) => zone.name).join(', '),
      point: zones.some((zone) => zoneType(zone.area) === 'circle'),
    });
  }
  fields.push({
    kind: 'coordinates',
    text: coordinatesText(position.latitude, position.longitude),
    url: navigateUrl(position.latitude, position.longitude),
  });
  fields.push({ kind: 'fixTime', time: context.formatTime(position.fixTime) });
  if (typeof attributes.event_details === 'string' && attributes.event_details)
    fields.push({ kind: 'event', text: attributes.event_details });
  const battery = numberAttr(attributes.battery);
  if (battery !== undefined && !usesBatteryPercent(device))
    fields.push({ kind: 'battery', text: `${oneDecimal(battery)} V` });
  const level = fuelDisplayValue(context.fuelMode, device, attributes);
  if (level) {
    fields.push({
      kind: 'level',
      text: fuelText(level),
      mode: context.fuelMode,
      electric: isElectric(device),
      color: level.unit === '%' ? fuelColor(level.value) : undefined,
    });
  }
  const power = powerReading(device, attributes);
  if (power) {
    fields.push({
      kind: 'power',
      text: power.unit === '%' ? formatPercent(power.value) : `${oneDecimal(power.value)} V`,
      color: powerColor(device, attributes),
    });
  }
  if (view.indicators.maintenance) fields.push({ kind: 'maintenance' });
  if (view.indicators.noGps) fields.push({ kind: 'noGps' });
  if (view.indicators.lowGsm) fields.push({ kind: 'lowGsm' });
  if (view.indicators.immobilization !== null)
    fields.push({
      kind: 'immobilization',
      state: view.indicators.immobilization,
      pending: context.pendingCommand,
    });
  const chosen = context.odometerMode ?? defaultOdometerMode(device, attributes);
  // A remembered hour meter falls back to the odometer while the vehicle reports no hours.
  const mode = odometerText(chosen, attributes) === undefined ? 'odometer' : chosen;
  const odometer = odometerText(mode, attributes);
  if (odometer) fields.push({ kind: 'odometer', mode, text: odometer });
  return fields;
}
