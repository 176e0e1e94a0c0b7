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

/** `tokenId`: the token the session is opened with (see credentials.ts), so revoking it ends the session. */
export async function createSession(
  db: Db,
  userId: number,
  address: string | null,
  until?: number | null,
  tokenId: string | null = null,
) {
  const now = Date.now();
  const id = randomBytes(32).toString('base64url');
  const expiresAt = Math.min(now + SESSION_TTL_MS, until ?? Number.MAX_SAFE_INTEGER);
  await db.kysely
    .insertInto('sessions')
    .values({ id, userId, createdAt: now, expiresAt, lastSeen: now, address, tokenId })
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

/** Ends every session of the user but `keep` (the session that asked for the change, if any). */
export async function deleteUserSessions(db: Db, userId: number, keep?: string): Promise<void> {
  let q = db.kysely.deleteFrom('sessions').where('userId', '=', userId);
  if (keep) q = q.where('id', '!=', keep);
  await q.execute();
}

/** Ends the sessions opened with a token (its `tokenId`). */
export async function deleteTokenSessions(db: Db, tokenId: string): Promise<void> {
  await db.kysely.deleteFrom('sessions').where('tokenId', '=', tokenId).execute();
}
