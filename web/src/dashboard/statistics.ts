/**
 * The dashboard's figures (document 2 §2.7) from `GET /report/api.php/device_statistics`: vehicles with and
 * without position, alerts by type, the five vehicles with most overspeed alerts and the date counting
 * started. Pure functions of the answer and the devices list.
 */
import type { Device } from '../api/types';
import { boolAttr, type DeviceStatistics } from '@frota/core';

export type { DeviceStatistics };

export const STATISTICS_PATH = '/report/api.php/device_statistics';

/** One slice of a donut: what it counts (a key for colours and tests), its label and its count. */
export interface Slice {
  key: string;
  label: string;
  value: number;
}

/** The counted alerts in legend order, with the event type whose name the interface shows. */
export const ALERT_KINDS = [
  { field: 'alert_deviceOverspeed', eventType: 'deviceOverspeed' },
  { field: 'alert_hardAcceleration', eventType: 'alarmHardAcceleration' },
  { field: 'alert_hardBraking', eventType: 'alarmHardBraking' },
  { field: 'alert_hardCornering', eventType: 'alarmHardCornering' },
  { field: 'alert_lowBattery', eventType: 'alarmLowBattery' },
  { field: 'alert_sos', eventType: 'alarmSos' },
] as const satisfies ReadonlyArray<{ field: keyof DeviceStatistics; eventType: string }>;

export type AlertEventType = (typeof ALERT_KINDS)[number]['eventType'];

const instant = (iso: string | null): number => (iso ? Date.parse(iso) : NaN);

/** A vehicle has position when its ignition went on after the last reset; a never-reset one when it ever did. */
export function hasPosition(stats: Pick<DeviceStatistics, 'lastignition' | 'lastreset'>): boolean {
  const ignition = instant(stats.lastignition);
  if (Number.isNaN(ignition)) return false;
  const reset = instant(stats.lastreset);
  return Number.isNaN(reset) || ignition > reset;
}

/**
 * The active vehicles with and without position: an inactive vehicle (disabled) is left out, as the
 * online map leaves it out of its list, so both screens count the same fleet.
 */
export function vehicleCounts(
  all: readonly DeviceStatistics[],
  devices?: ReadonlyArray<Pick<Device, 'id' | 'disabled'>>,
): {
  withPosition: number;
  withoutPosition: number;
} {
  const inactive = new Set((devices ?? []).filter((device) => boolAttr(device.disabled)).map((d) => d.id));
  const active = all.filter((stats) => !inactive.has(stats.deviceid));
  const withPosition = active.filter(hasPosition).length;
  return { withPosition, withoutPosition: active.length - withPosition };
}

/** The fleet's total of each counted alert, in legend order. */
export function alertCounts(
  all: readonly DeviceStatistics[],
): Array<{ eventType: AlertEventType; count: number }> {
  return ALERT_KINDS.map(({ field, eventType }) => ({
    eventType,
    count: all.reduce((sum, stats) => sum + (Number(stats[field]) || 0), 0),
  }));
}

/** A vehicle as the dashboard names it: licence plate, else name, else its id. */
export function vehicleLabel(device: Device | undefined, id: number): string {
  const plate = device?.attributes?.license_plate;
  if (typeof plate === 'string' && plate.trim()) return plate.trim();
  return device?.name?.trim() || `#${id}`;
}

const collator = new Intl.Collator('pt', { numeric: true, sensitivity: 'base' });

/**
 * The five vehicles with most overspeed alerts, most first; ties in label order (then id, so the result is
 * stable). Vehicles without any overspeed alert are left out.
 */
export function speedTop5(
  all: readonly DeviceStatistics[],
  devices: readonly Device[] | undefined,
): Array<{ deviceId: number; label: string; count: number }> {
  const byId = new Map((devices ?? []).map((device) => [device.id, device]));
  return all
    .filter((stats) => stats.alert_deviceOverspeed > 0)
    .map((stats) => ({
      deviceId: stats.deviceid,
      label: vehicleLabel(byId.get(stats.deviceid), stats.deviceid),
      count: stats.alert_deviceOverspeed,
    }))
    .sort((a, b) => b.count - a.count || collator.compare(a.label, b.label) || a.deviceId - b.deviceId)
    .slice(0, 5);
}

const RESET_TEXT = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}:\d{2}:\d{2})/;

/** The oldest reset of the fleet as `DD/MM/YYYY HH:mm:ss` (UTC, as the server writes it), or null for none. */
export function statisticsSince(all: readonly DeviceStatistics[]): string | null {
  const oldest = all
    .map((stats) => stats.last_reset)
    .filter((text): text is string => !!text && RESET_TEXT.test(text))
    .sort()[0];
  if (!oldest) return null;
  const [, year, month, day, time] = RESET_TEXT.exec(oldest)!;
  return `${day}/${month}/${year} ${time}`;
}

/** A slice with the colour the donut draws it in. */
export interface ColouredSlice extends Slice {
  colour: string;
}
