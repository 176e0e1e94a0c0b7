/**
 * The maintenance notification form's draft, defaults and rules (document 3 §2, §3, §5, §9): the rules and
 * the fallbacks are core's, the same the server applies.
 */
import {
  NOTIFICATION_FALLBACKS,
  NOTIFICATION_MESSAGES,
  newMaintenanceNotification,
  parseDeviceIds,
  validateMaintenanceNotification,
  type AdvanceField,
  type MaintenanceNotification,
  type MaintenanceNotificationInput,
} from '@frota/core';
import type { TFunction } from 'i18next';
import type { NotificationBody } from './notificationsApi';

export type NotificationKind = 'maintenance' | 'cost' | 'document' | 'communication';

export const NOTIFICATION_KINDS: readonly NotificationKind[] = [
  'maintenance',
  'cost',
  'document',
  'communication',
];

/** The advance fields each switch reveals, in the form's order. */
export const KIND_FIELDS: Record<NotificationKind, readonly AdvanceField[]> = {
  maintenance: ['maintenance_km', 'maintenance_hours'],
  cost: ['cost_days'],
  document: ['document_days'],
  communication: ['communication_hours'],
};

export interface NotificationDraft extends Record<NotificationKind, boolean>, Record<AdvanceField, string> {
  id?: number;
  /** One address per line. */
  emails: string;
  all_devices: boolean;
  device_ids: number[];
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** Stored lists are comma-separated; the form shows one address per line. */
const emailLines = (emails: string): string =>
  emails
    .split(/[\s,;]+/)
    .filter(Boolean)
    .join('\n');

function draftOf(n: Omit<MaintenanceNotification, 'id'> & { id?: number }): NotificationDraft {
  return {
    ...(n.id ? { id: n.id } : {}),
    emails: emailLines(text(n.emails)),
    all_devices: !!n.all_devices,
    device_ids: parseDeviceIds(n.device_ids),
    maintenance: !!n.maintenance,
    maintenance_km: text(n.maintenance_km),
    maintenance_hours: text(n.maintenance_hours),
    cost: !!n.cost,
    cost_days: text(n.cost_days),
    document: !!n.document,
    document_days: text(n.document_days),
    communication: !!n.communication,
    communication_hours: text(n.communication_hours),
  };
}

/** A new notification: to the logged-in user's e-mail, with the defaults of §9. */
export const newNotificationDraft = (userEmail: string | null | undefined): NotificationDraft =>
  draftOf(newMaintenanceNotification(userEmail));

export const notificationDraft = (n: MaintenanceNotification): NotificationDraft => draftOf(n);

const input = (draft: NotificationDraft): MaintenanceNotificationInput => ({
  ...draft,
  device_ids: draft.all_devices ? '' : draft.device_ids.join(','),
});

/** The first problem of §5 (core's Portuguese message, as the server answers it), or null. */
export function notificationProblem(draft: NotificationDraft): string | null {
  const checked = validateMaintenanceNotification(input(draft));
  return checked.ok ? null : checked.message;
}

/** The body saved: addresses as a comma list, numbers parsed, empty advance fields at their fallbacks. */
export function notificationBody(draft: NotificationDraft): NotificationBody {
  const checked = validateMaintenanceNotification(input(draft));
  if (!checked.ok) throw new Error(checked.message);
  return { ...(draft.id ? { id: draft.id } : {}), ...checked.value };
}

/** What an empty advance field becomes, shown as the field's placeholder. */
export const fallbackOf = (field: AdvanceField): number => NOTIFICATION_FALLBACKS[field];

const KEY_OF = new Map<string, string>(Object.entries(NOTIFICATION_MESSAGES).map(([key, t]) => [t, key]));

/** A message of §5 in the interface language (`management.notifications.validation.*`); other messages as they are. */
export function translateNotificationMessage(t: TFunction, message: string): string {
  const key = KEY_OF.get(message);
  return key ? t(`management.notifications.validation.${key}`) : message;
}
