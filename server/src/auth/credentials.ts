/**
 * Credentials end when they should (issue 33, point 7). A session remembers the token it was opened with
 * (`sessions.token_id`), so revoking a token ends the sessions it opened; a password change ends every
 * other session of the user, the tokens issued to log in as it, and its own token (replaced by a new one).
 */
import { isTemporaryUser } from '@frota/core';
import type { Db } from '../db/database';
import { TEMP_TOKEN_LENGTH, USER_TOKEN_LENGTH } from './userRules';
import { tokenDigest } from './accessTokens';
import { randomToken } from './password';
import { deleteTokenSessions, deleteUserSessions } from './sessions';

/** The `token_id` of a session opened with a user's own token: its digest, apart from issued tokens'. */
export const userTokenId = (token: string) => `user:${tokenDigest(token)}`;

/**
 * After a password change: ends the user's sessions but `keepSession` (the one that made the change, when
 * the user changed its own password), every token issued to log in as the user, and its own token.
 */
export async function endOtherCredentials(db: Db, userId: number, keepSession?: string): Promise<void> {
  const user = await db.kysely
    .selectFrom('users')
    .select(['email'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return;
  const length = isTemporaryUser({ email: user.email }) ? TEMP_TOKEN_LENGTH : USER_TOKEN_LENGTH;
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ token: randomToken(length) })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('accessTokens').where('userId', '=', userId).execute();
  });
  await deleteUserSessions(db, userId, keepSession);
}

/**
 * Called after a user row is saved with `values` (the columns written): a new password ends the other
 * credentials; a replaced own token ends the sessions opened with the old one.
 */
export async function credentialsChanged(
  db: Db,
  userId: number,
  before: { token?: unknown } | undefined,
  values: Record<string, unknown>,
  keepSession?: string,
): Promise<void> {
  const old = typeof before?.token === 'string' ? before.token : '';
  if (values.hashedPassword !== undefined) await endOtherCredentials(db, userId, keepSession);
  else if (old && values.token !== undefined && values.token !== old)
    await deleteTokenSessions(db, userTokenId(old));
}

/**
 * A share ends with its token: the temporary user it created expires now, so neither its sessions nor its
 * own token or password open it again (the share made that user for itself alone).
 */
export async function endShare(db: Db, userId: number, now = Date.now()): Promise<void> {
  const user = await db.kysely
    .selectFrom('users')
    .select(['email'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || !isTemporaryUser({ email: user.email })) return;
  await db.kysely
    .updateTable('users')
    .set({ expirationTime: now, token: randomToken(TEMP_TOKEN_LENGTH) })
    .where('id', '=', userId)
    .execute();
  await deleteUserSessions(db, userId);
}
