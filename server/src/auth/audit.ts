/**
 * The audit trail of Traccar's Actions (GET /api/audit): who logged in or out, created, edited or removed
 * what, linked what. Writing an entry never fails the request it records.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { toJson } from '../db/mapping';

export interface AuditEntry {
  userId: number | null;
  actionType: 'login' | 'logout' | 'denied' | 'create' | 'edit' | 'remove' | 'link' | 'unlink';
  objectType?: string;
  objectId?: number;
  attributes?: Record<string, unknown>;
}

/** Traccar's object type names (the model class, decapitalised) of our entity kinds. */
export const OBJECT_TYPES: Record<string, string> = {
  devices: 'device',
  groups: 'group',
  geofences: 'geofence',
  drivers: 'driver',
  notifications: 'notification',
  users: 'user',
};

export async function recordAction(
  db: Db,
  req: Pick<FastifyRequest, 'ip' | 'log'>,
  entry: AuditEntry,
  now = Date.now(),
): Promise<void> {
  try {
    await db.kysely
      .insertInto('auditActions')
      .values({
        actionTime: now,
        address: req.ip ?? null,
        userId: entry.userId,
        actionType: entry.actionType,
        objectType: entry.objectType ?? null,
        objectId: entry.objectId ?? null,
        attributes: toJson(entry.attributes ?? {}),
      })
      .execute();
  } catch (err) {
    req.log.warn({ err }, `audit entry ${entry.actionType} not stored`);
  }
}
