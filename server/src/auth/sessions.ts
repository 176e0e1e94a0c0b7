/** Sessions stored in the database, so every node of a cluster shares them. */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';

export const SESSION_COOKIE = 'frota_session';
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
const TOUCH_EVERY_MS = 60 * 1000;

export interface SessionRow {
  id: string;
  userId: number;
  expiresAt: number;
  lastSeen: number;
}

export async function createSession(db: Db, userId: number, address: string | null, until?: number | null) {
  const now = Date.now();
  const id = randomBytes(32).toString('base64url');
  const expiresAt = Math.min(now + SESSION_TTL_MS, until ?? Number.MAX_SAFE_INTEGER);
  await db.kysely
    .insertInto('sessions')
    .values({ id, userId, createdAt: now, expiresAt, lastSeen: now, address })
    .execute();
  return { id, expiresAt };
}

export async function findSession(db: Db, id: string | undefined): Promise<SessionRow | undefined> {
  if (!id || id.length > 128) return undefined;
  const row = await db.kysely
    .selectFrom('sessions')
    .select(['id', 'userId', 'expiresAt', 'lastSeen'])
    .where('id', '=', id)
    .executeTakeFirst();
  const now = Date.now();
  if (!row || Number(row.expiresAt) <= now) return undefined;
  if (now - Number(row.lastSeen) > TOUCH_EVERY_MS) {
    await db.kysely.updateTable('sessions').set({ lastSeen: now }).where('id', '=', id).execute();
  }
  return row;
}

export async function deleteSession(db: Db, id: string | undefined): Promise<void> {
  if (id) await db.kysely.deleteFrom('sessions').where('id', '=', id).execute();
}

export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await db.kysely.deleteFrom('sessions').where('userId', '=', userId).execute();
}
