/**
 * Per-entity rules of document 1 §4 and §5 applied before a device, driver, notification or zone is stored.
 * The messages are the web client's (Portuguese), so a rule refused by the API reads as in the browser.
 */
import {
  invalidEmailMessage,
  invalidWorkTime,
  invalidWorkTimeMessage,
  isValidEmail,
  notificationEmailLists,
  storedAlertType,
  type DeviceInput,
  type DriverInput,
  type GeofenceInput,
  type NotificationInput,
} from '@frota/core';
import { randomToken } from '../auth/password';
import { badRequest } from './errors';

export const MESSAGES = {
  alertNotificators: 'Deve seleccionar pelo menos um método de envio do alerta',
  alertType: 'Deve seleccionar o tipo de alerta',
} as const;

/** The working week (attributes.week) of a device or driver: every time given must be HH:MM. */
function assertWorkingWeek(week: unknown): void {
  const invalid = invalidWorkTime(week);
  if (invalid !== null) throw badRequest(invalidWorkTimeMessage(invalid));
}

function assertEmail(value: unknown): void {
  if (typeof value === 'string' && value.trim() && !isValidEmail(value))
    throw badRequest(invalidEmailMessage(value.trim()));
}

/** Devices: the working week must be valid; everything else is stored as sent. */
export function deviceValues(input: DeviceInput) {
  assertWorkingWeek(input.attributes.week);
  return { ...input };
}

/** Driver uniqueId: generated as `x.` + 14 random characters when empty; e-mail and working week valid. */
export function driverValues(input: DriverInput) {
  const uniqueId = input.uniqueId?.trim() ? input.uniqueId.trim() : `x.${randomToken(14)}`;
  assertEmail(input.attributes.email);
  assertWorkingWeek(input.attributes.week);
  return { name: input.name, uniqueId, attributes: input.attributes };
}

/**
 * Document 1 §4 and §5: alarm-like types stored as type alarm with attributes.alarms; with the mail
 * notificator emailTo/emailCc normalised to commas and each address valid (without it they are dropped).
 */
export function notificationValues(input: NotificationInput) {
  const notificators = input.notificators
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = notificators.filter((n) => !['web', 'mail', 'sms'].includes(n));
  if (!notificators.length) throw badRequest(MESSAGES.alertNotificators);
  if (unknown.length) throw badRequest(`Unknown notificator ${unknown.join(', ')}`);
  if (!input.type.trim()) throw badRequest(MESSAGES.alertType);
  const stored = storedAlertType(input.type.trim(), input.attributes);
  const { attributes, invalid } = notificationEmailLists(stored.attributes, notificators.includes('mail'));
  if (invalid !== null) throw badRequest(invalidEmailMessage(invalid));
  return { type: stored.type, always: input.always, notificators: notificators.join(','), attributes };
}

export function geofenceValues(input: GeofenceInput, validateArea?: (area: string) => string | null) {
  const problem = validateArea?.(input.area);
  if (problem) throw badRequest(problem);
  return {
    name: input.name,
    description: input.description ?? null,
    area: input.area,
    attributes: input.attributes,
  };
}
