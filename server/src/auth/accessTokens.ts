/**
 * Tokens that open a session with GET /api/session?token= (Traccar's session and share tokens). Only the
 * SHA-256 of a token is stored; a token ends at its expiry or when revoked (its row is deleted).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database';

export const TOKEN_TTL_MS = 7 * 24 * 3600 * 1000;
export type TokenKind = 'session' | 'share';

/** The stored id of a token: its SHA-256 (hex). */
export const tokenDigest = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueToken(
  db: Db,
  values: { userId: number; issuedBy: number; kind: TokenKind; expiresAt: number },
  now = Date.now(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.kysely
    .insertInto('accessTokens')
    .values({ id: tokenDigest(token), ...values, createdAt: now })
    .execute();
  return token;
}

export interface TokenRow {
  id: string;
  userId: number;
  issuedBy: number;
  kind: TokenKind;
  expiresAt: number;
}

/** The live token row of `token` (not expired, not revoked), or undefined. */
export async function findToken(db: Db, token: string, now = Date.now()): Promise<TokenRow | undefined> {
  if (!token || token.length > 256) return undefined;
  const row = await db.kysely
    .selectFrom('accessTokens')
    .select(['id', 'userId', 'issuedBy', 'kind', 'expiresAt'])
    .where('id', '=', tokenDigest(token))
    .executeTakeFirst();
  if (!row || Number(row.expiresAt) <= now) return undefined;
  return {
    id: row.id,
    userId: Number(row.userId),
    issuedBy: Number(row.issuedBy),
    kind: row.kind as TokenKind,
    expiresAt: Number(row.expiresAt),
  };
}

export async function deleteToken(db: Db, id: string): Promise<void> {
  await db.kysely.deleteFrom('accessTokens').where('id', '=', id).execute();
}
