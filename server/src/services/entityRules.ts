/** Per-entity rules of document 1 §5 applied before a driver, notification or zone is stored. */
import type { DriverInput, GeofenceInput, NotificationInput } from '@frota/core';
import { randomToken } from '../auth/password';
import { badRequest } from './errors';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Driver uniqueId: generated as `x.` + 14 random characters when empty. */
export function driverValues(input: DriverInput) {
  const uniqueId = input.uniqueId?.trim() ? input.uniqueId.trim() : `x.${randomToken(14)}`;
  const email = input.attributes.email;
  if (typeof email === 'string' && email.trim() && !EMAIL.test(email.trim()))
    throw badRequest(`Invalid email ${email}`);
  return { name: input.name, uniqueId, attributes: input.attributes };
}

/** Separators (space, tab, newline, semicolon) become commas; each address must be valid; empty lists go. */
export function normaliseEmailList(value: unknown): string | undefined {
  if (value == null) return undefined;
  const items = String(value)
    .split(/[\s;,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  for (const item of items) if (!EMAIL.test(item)) throw badRequest(`Invalid email ${item}`);
  return items.length ? items.join(',') : undefined;
}

export function notificationValues(input: NotificationInput) {
  const notificators = input.notificators
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = notificators.filter((n) => !['web', 'mail', 'sms'].includes(n));
  if (!notificators.length) throw badRequest('notificators is required');
  if (unknown.length) throw badRequest(`Unknown notificator ${unknown.join(', ')}`);
  const attributes: Record<string, unknown> = { ...input.attributes };
  for (const key of ['emailTo', 'emailCc']) {
    const list = normaliseEmailList(attributes[key]);
    if (list) attributes[key] = list;
    else delete attributes[key];
  }
  return { type: input.type, always: input.always, notificators: notificators.join(','), attributes };
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
