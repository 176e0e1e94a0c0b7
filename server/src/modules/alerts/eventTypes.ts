/** The alert central's event types and statuses (document 2 §4). */
import { hasPermission } from '@frota/core';
import type { User } from '../../services/rows';

/** Types the alert central lists, as it names them (`alarm` + the alarm name for alarms). */
export const ALERT_CENTRAL_TYPES = [
  'alarmlowBattery',
  'alarmsos',
  'alarmhardBraking',
  'alarmhardCornering',
  'alarmhardAcceleration',
  'alarmtampering',
  'blockRequest',
  'unBlockRequest',
  'deviceOverspeed',
  'geofenceEnter',
  'geofenceExit',
  'deviceFuelDrop',
] as const;

export const SEATBELT_PERMISSION = 'global.alert_seatbelt_lights';
export const SEATBELT_TYPES = ['alarmseatbelt', 'alarmlights', 'alarmseatbelt+lights'] as const;

/** The types this user may list: the seatbelt and lights alarms only with their permission. */
export function alertTypesFor(user: User): string[] {
  return hasPermission(user, SEATBELT_PERMISSION)
    ? [...ALERT_CENTRAL_TYPES, ...SEATBELT_TYPES]
    : [...ALERT_CENTRAL_TYPES];
}

/** Event status: 0 Por resolver, 1 Em resolução, 2 Resolvido, 3 Ignorado (any may follow any). */
export const STATUS_NAMES = ['Por resolver', 'Em resolução', 'Resolvido', 'Ignorado'] as const;
export const MAX_STATUS = STATUS_NAMES.length - 1;

export const statusName = (status: number): string => STATUS_NAMES[status] ?? STATUS_NAMES[0];

/** The permission of every alert central call. */
export const EVENTS_PERMISSION = 'module.events';
