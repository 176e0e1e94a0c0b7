/** The event types of the alert central (document 2 §4). */
import type { User } from '../api/types';
import { hasPermission } from '../app/permissions';

export const ALERT_TYPES = [
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

/** Offered only with the permission global.alert_seatbelt_lights. */
export const SEATBELT_TYPES = ['alarmseatbelt', 'alarmlights', 'alarmseatbelt+lights'] as const;
export const SEATBELT_PERMISSION = 'global.alert_seatbelt_lights';

export function offeredAlertTypes(user: User | null | undefined): string[] {
  return hasPermission(user, SEATBELT_PERMISSION) ? [...ALERT_TYPES, ...SEATBELT_TYPES] : [...ALERT_TYPES];
}

/** The i18n key of a type's name ("+" cannot sit in a key path safely, so it is spelled out). */
export const alertTypeKey = (type: string): string => `alerts.type.${type.replace('+', 'And')}`;

const KNOWN = new Set<string>([...ALERT_TYPES, ...SEATBELT_TYPES]);

/** A type's name, or the type itself for one the list does not know. */
export const alertTypeName = (type: string, t: (key: string) => string): string =>
  KNOWN.has(type) ? t(alertTypeKey(type)) : type;
