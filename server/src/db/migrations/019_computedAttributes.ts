/**
 * Migration 019: computed attributes (issue 23, Traccar's /api/attributes/computed).
 * - `computed_attributes`: an expression evaluated on each incoming position, its result stored in the
 *   position's attribute (or field) `attribute`, as `type` (string, number, boolean), by `priority`.
 * - links as Traccar's /api/permissions makes them ({userId|deviceId|groupId, attributeId}): a user sees the
 *   attributes linked to it; the pipeline applies those linked to a device or to its groups.
 */
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './columnTypes';

type AnyDb = Kysely<unknown>;

export const COMPUTED_LINKS = [
  ['userComputedAttribute', 'userId', 'users'],
  ['deviceComputedAttribute', 'deviceId', 'devices'],
  ['groupComputedAttribute', 'groupId', 'groups'],
] as const;

export function migration019(dialect: Dialect) {
  const t = columnTypes(dialect);
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('computedAttributes')
        .addColumn('id', t.id, id)
        .addColumn('description', 'varchar(4000)', (c) => c.notNull().defaultTo(''))
        .addColumn('attribute', 'varchar(128)', (c) => c.notNull())
        .addColumn('expression', 'varchar(4000)', (c) => c.notNull())
        .addColumn('type', 'varchar(128)', (c) => c.notNull().defaultTo('string'))
        .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('attributes', t.json, (c) => c.notNull().defaultTo(t.emptyJson))
        .execute();
      for (const [table, column, target] of COMPUTED_LINKS) {
        await db.schema
          .createTable(table)
          .addColumn(column, 'integer', (c) => c.notNull().references(`${target}.id`).onDelete('cascade'))
          .addColumn('attributeId', 'integer', (c) =>
            c.notNull().references('computedAttributes.id').onDelete('cascade'),
          )
          .addPrimaryKeyConstraint(`${table}Pk`, [column, 'attributeId'])
          .execute();
        await db.schema.createIndex(`${table}Attribute`).on(table).column('attributeId').execute();
      }
    },
    async down(db: AnyDb): Promise<void> {
      for (const [table] of COMPUTED_LINKS) await db.schema.dropTable(table).ifExists().execute();
      await db.schema.dropTable('computedAttributes').ifExists().execute();
    },
  };
}
