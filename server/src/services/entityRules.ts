/**
 * Per-entity rules of document 1 §4 and §5 applied before a device, driver, notification or zone is stored.
 * The messages are the web client's (Portuguese), so a rule refused by the API reads as in the browser.
 */
import type { DeviceInput, DriverInput, GeofenceInput, NotificationInput } from '@frota/core';
import { randomToken } from '../auth/password';
import { badRequest } from './errors';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Working hours: HH:MM, 24 h, 00:00 to 23:59. */
const WORK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const MESSAGES = {
  invalidEmail: 'Endereço de e-mail inválido:',
  invalidWorkTime: 'Hora de trabalho inválida:',
  alertNotificators: 'Deve seleccionar pelo menos um método de envio do alerta',
  alertType: 'Deve seleccionar o tipo de alerta',
} as const;

export const isValidEmail = (text: string): boolean => EMAIL.test(text.trim());

/** The working week (attributes.week) of a device or driver: every time given must be HH:MM. */
export function assertWorkingWeek(week: unknown): void {
  if (week == null || typeof week !== 'object') return;
  const w = week as Record<string, unknown>;
  for (const day of ['weekdays', 'saturday', 'sunday']) {
    for (const edge of ['start', 'end']) {
      const value = w[`${day}_${edge}`];
      if (value == null) continue;
      const text = String(value).trim();
      if (text === '' && !w[day]) continue;
      if (!WORK_TIME.test(text)) throw badRequest(`${MESSAGES.invalidWorkTime} ${text}`);
    }
  }
}

function assertEmail(value: unknown): void {
  if (typeof value === 'string' && value.trim() && !isValidEmail(value))
    throw badRequest(`${MESSAGES.invalidEmail} ${value.trim()}`);
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

/** Separators (space, tab, newline, semicolon) become commas; each address must be valid; empty lists go. */
export function normaliseEmailList(value: unknown): string | undefined {
  if (value == null) return undefined;
  const items = String(value)
    .split(/[\s;,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  for (const item of items) if (!isValidEmail(item)) throw badRequest(`${MESSAGES.invalidEmail} ${item}`);
  return items.length ? items.join(',') : undefined;
}

/** Alert types the client offers that are stored as type `alarm` with the alarm in attributes.alarms. */
export const ALARM_TYPES: Record<string, string> = {
  sos: 'sos',
  lowBattery: 'lowBattery',
  hardAcceleration: 'hardAcceleration',
  hardBraking: 'hardBraking',
  hardCornering: 'hardCornering',
  tampering: 'tampering',
  malfunction: 'malfunction',
  seatbelt: 'seatbelt',
  lights: 'lights',
  seatbeltAndLights: 'seatbelt+lights',
  'seatbelt+lights': 'seatbelt+lights',
};

/** Document 1 §4: an alarm-like type becomes type alarm with the alarm name; other types stay. */
export function storedNotificationType(
  type: string,
  attributes: Record<string, unknown>,
): { type: string; attributes: Record<string, unknown> } {
  const alarm = ALARM_TYPES[type];
  return alarm ? { type: 'alarm', attributes: { ...attributes, alarms: alarm } } : { type, attributes };
}

export function notificationValues(input: NotificationInput) {
  const notificators = input.notificators
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = notificators.filter((n) => !['web', 'mail', 'sms'].includes(n));
  if (!notificators.length) throw badRequest(MESSAGES.alertNotificators);
  if (unknown.length) throw badRequest(`Unknown notificator ${unknown.join(', ')}`);
  if (!input.type.trim()) throw badRequest(MESSAGES.alertType);
  const stored = storedNotificationType(input.type.trim(), input.attributes);
  const attributes: Record<string, unknown> = { ...stored.attributes };
  for (const key of ['emailTo', 'emailCc']) {
    const list = normaliseEmailList(attributes[key]);
    if (list) attributes[key] = list;
    else delete attributes[key];
  }
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
