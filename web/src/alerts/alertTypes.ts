/** The event types of the alert central (document 2 §4). */
import { ALERT_CENTRAL_TYPES, SEATBELT_LIGHTS_TYPES, alertCentralTypes } from '@frota/core';
import type { User } from '../api/types';

/** The types offered to this user: the seatbelt and lights alarms only with their permission. */
export function offeredAlertTypes(user: User | null | undefined): string[] {
  return user ? alertCentralTypes(user) : [...ALERT_CENTRAL_TYPES];
}

/** The i18n key of a type's name ("+" cannot sit in a key path safely, so it is spelled out). */
export const alertTypeKey = (type: string): string => `alerts.type.${type.replace('+', 'And')}`;

const KNOWN = new Set<string>([...ALERT_CENTRAL_TYPES, ...SEATBELT_LIGHTS_TYPES]);

/** A type's name, or the type itself for one the list does not know. */
export const alertTypeName = (type: string, t: (key: string) => string): string =>
  KNOWN.has(type) ? t(alertTypeKey(type)) : type;
