/**
 * Migration 028 (issue 33, point 7): `sessions.token_id`, the credential a session was opened with, so
 * revoking it ends the sessions it opened. It holds the `access_tokens.id` (SHA-256) of an issued or shared
 * token, or `user:` and the SHA-256 of the user's own token; null for a password login or a switch to a
 * managed user. Sessions opened before this migration have none and end with the usual rules.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

type AnyDb = Kysely<unknown>;

export function migration028(_dialect: Dialect) {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema.alterTable('sessions').addColumn('tokenId', 'varchar(80)').execute();
      await db.schema.createIndex('sessionsToken').on('sessions').column('tokenId').execute();
    },
    async down(db: AnyDb): Promise<void> {
      await db.schema.dropIndex('sessionsToken').execute();
      await db.schema.alterTable('sessions').dropColumn('tokenId').execute();
    },
  };
}
