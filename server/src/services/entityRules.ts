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
import { visibleIds, type Scope } from '../auth/policy';
import type { Db } from '../db/database';
import { badRequest } from '../errors';

export const MESSAGES = {
  alertNotificators: 'Deve seleccionar pelo menos um método de envio do alerta',
  alertType: 'Deve seleccionar o tipo de alerta',
} as const;

export const DRIVER_MESSAGES = {
  duplicateCard: 'Já existe um motorista com este identificador',
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

/**
 * Driver uniqueId: generated as `x.` + 14 random characters when empty; e-mail and working week valid; the
 * card free within what the caller sees (issue 33: unique per scope, not per server). `existing` is the
 * stored row when updating.
 */
export async function driverValues(
  db: Db,
  scope: Scope,
  input: DriverInput,
  existing?: Record<string, unknown>,
) {
  const uniqueId = input.uniqueId?.trim() ? input.uniqueId.trim() : `x.${randomToken(14)}`;
  assertEmail(input.attributes.email);
  assertWorkingWeek(input.attributes.week);
  // an edit that keeps the card is no new claim on it (a manager may see two sub-users' drivers with it)
  if (!existing || existing.uniqueId !== uniqueId) await assertDriverCardFree(db, scope, uniqueId);
  return { name: input.name, uniqueId, attributes: input.attributes };
}

/**
 * Refuses a card a driver the caller sees already holds. Another client's driver with it is not seen, so
 * the card is accepted and nothing tells that it exists. Administrators see every driver; they are refused
 * only against the drivers no user or group is linked to (the administrators' own, which the ingest's
 * driver directory treats as one scope), so an administrator can register a client's card for another.
 */
async function assertDriverCardFree(db: Db, scope: Scope, uniqueId: string): Promise<void> {
  let q = db.kysely.selectFrom('drivers').select('drivers.id').where('drivers.uniqueId', '=', uniqueId);
  const visible = visibleIds(db, scope, 'drivers');
  if (visible) q = q.where('drivers.id', 'in', visible);
  else
    q = q
      .where('drivers.id', 'not in', db.kysely.selectFrom('userDriver').select('userDriver.driverId'))
      .where('drivers.id', 'not in', db.kysely.selectFrom('groupDriver').select('groupDriver.driverId'));
  if (await q.executeTakeFirst()) throw badRequest(DRIVER_MESSAGES.duplicateCard);
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
