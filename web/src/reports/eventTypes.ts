/** The event type checkboxes of the alerts report and schedules (document 2 §2.2). */
import type { Device, User } from '../api/types';
import { hasPermission } from '../session/permissions';
import { deviceMatches } from '../common/selection';

export const EVENT_TYPES = [
  'geofenceEnter',
  'geofenceExit',
  'deviceOverspeed',
  'deviceFuelDrop',
  'alarmLowBattery',
  'alarmSos',
  'alarmMalfunction',
  'alarmHardAcceleration',
  'alarmHardBraking',
  'alarmHardCornering',
  'alarmTampering',
  'alarmSeatbeltAndLights',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export const SEATBELT_PERMISSION = 'global.alert_seatbelt_lights';

/** Fuel drops only when a canbus vehicle exists; seatbelt and lights only with its permission. */
export function offeredEventTypes(user: User | null | undefined, devices: Device[] | undefined): EventType[] {
  const canbus = (devices ?? []).some((device) => deviceMatches(device, 'canbus'));
  const seatbelt = hasPermission(user, SEATBELT_PERMISSION);
  return EVENT_TYPES.filter(
    (type) => (type !== 'deviceFuelDrop' || canbus) && (type !== 'alarmSeatbeltAndLights' || seatbelt),
  );
}

/** The chosen types that are still offered, in list order. */
export const keepOffered = (chosen: string[], offered: readonly string[]): string[] =>
  offered.filter((type) => chosen.includes(type));
