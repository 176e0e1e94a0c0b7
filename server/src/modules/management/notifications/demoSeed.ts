/**
 * The demo's daily maintenance notification (issue 19): the fleet manager (gestor@frota.local) is told every
 * morning about every vehicle they see — services within 5000 km or 250 h, costs and documents expiring
 * within 30 days, vehicles silent for more than 24 h. Made a day "ago", so the first e-mail goes at the next
 * 08:00 Luanda (or within a minute when the demo starts after 08:00). Called by tools/src/seedDemo.ts once
 * the users exist; does nothing when the manager already has a notification or does not exist.
 */
import { newMaintenanceNotification } from '@frota/core';
import type { Db } from '../../../db/database';
import { saveNotification } from './rows';

export const DEMO_MANAGER_EMAIL = 'gestor@frota.local';

/** The id of the manager's notification (existing or new), or null without that user. */
export async function seedMaintenanceNotifications(
  db: Db,
  now: number,
  managerEmail = DEMO_MANAGER_EMAIL,
): Promise<number | null> {
  const manager = await db.kysely
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', '=', managerEmail)
    .executeTakeFirst();
  if (!manager) return null;
  const userId = Number(manager.id);
  const existing = await db.kysely
    .selectFrom('maintenanceNotifications')
    .select('id')
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (existing) return Number(existing.id);
  return saveNotification(db, userId, newMaintenanceNotification(manager.email), undefined, now - 86_400_000);
}
