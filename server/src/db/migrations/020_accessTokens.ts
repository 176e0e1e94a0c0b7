/**
 * Migration 020: session tokens, share links and the audit log (issue 23).
 * - `access_tokens`: tokens of POST /api/session/token and /api/share/*, by their SHA-256, until expiry.
 * - `audit_actions`: Traccar's audit Actions (GET /api/audit), by time.
 * - `device_images`: the picture of a device (POST /api/devices/{id}/image), in the database so every node
 *   serves it.
 */
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './columnTypes';

type AnyDb = Kysely<unknown>;

export function migration020(dialect: Dialect) {
  const t = columnTypes(dialect);
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
  const blob = dialect === 'sqlite' ? 'blob' : sql`bytea`;
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('accessTokens')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('issuedBy', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('createdAt', 'bigint', (c) => c.notNull())
        .addColumn('expiresAt', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('accessTokensUser').on('accessTokens').column('userId').execute();
      await db.schema.createIndex('accessTokensIssuer').on('accessTokens').column('issuedBy').execute();

      await db.schema
        .createTable('auditActions')
        .addColumn('id', t.bigId, id)
        .addColumn('actionTime', 'bigint', (c) => c.notNull())
        .addColumn('address', 'varchar(64)')
        // no foreign key: the trail outlives the users it names
        .addColumn('userId', 'integer')
        .addColumn('actionType', 'varchar(32)', (c) => c.notNull())
        .addColumn('objectType', 'varchar(32)')
        .addColumn('objectId', 'bigint')
        .addColumn('attributes', t.json, (c) => c.notNull().defaultTo(t.emptyJson))
        .execute();
      await db.schema.createIndex('auditActionsTime').on('auditActions').column('actionTime').execute();

      await db.schema
        .createTable('deviceImages')
        .addColumn('deviceId', 'integer', (c) => c.primaryKey().references('devices.id').onDelete('cascade'))
        .addColumn('mime', 'varchar(32)', (c) => c.notNull())
        .addColumn('content', blob, (c) => c.notNull())
        .addColumn('updatedAt', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: AnyDb): Promise<void> {
      for (const table of ['deviceImages', 'auditActions', 'accessTokens'])
        await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
