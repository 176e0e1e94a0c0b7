/**
 * Migration 017: Traccar's saved commands (issue 23, `tc_commands`).
 * - `savedCommands`: description, type, textChannel and attributes of a command kept for re-use;
 * - `userCommand`, `groupCommand`, `deviceCommand`: its links (who sees it; for which vehicles it is offered
 *   by GET /api/commands/send), removed with either side.
 * Traccar's maintenance needs no table: /api/maintenance maps onto the management module's maintenance
 * entries (migration 009).
 */
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './columnTypes';

type AnyDb = Kysely<unknown>;

const LINKS: Array<[table: string, column: string, references: string]> = [
  ['userCommand', 'userId', 'users'],
  ['groupCommand', 'groupId', 'groups'],
  ['deviceCommand', 'deviceId', 'devices'],
];

export function migration017(dialect: Dialect) {
  const t = columnTypes(dialect);
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('savedCommands')
        .addColumn('id', t.id, id)
        .addColumn('description', 'varchar(128)', (c) => c.notNull())
        .addColumn('type', 'varchar(128)', (c) => c.notNull())
        .addColumn('textChannel', t.bool, (c) => c.notNull().defaultTo(t.falseDefault))
        .addColumn('attributes', t.json, (c) => c.notNull().defaultTo(t.emptyJson))
        .execute();
      for (const [table, column, references] of LINKS) {
        await db.schema
          .createTable(table)
          .addColumn(column, 'integer', (c) => c.notNull().references(`${references}.id`).onDelete('cascade'))
          .addColumn('commandId', 'integer', (c) =>
            c.notNull().references('savedCommands.id').onDelete('cascade'),
          )
          .addPrimaryKeyConstraint(`${table}Key`, [column, 'commandId'])
          .execute();
        await db.schema.createIndex(`${table}CommandId`).on(table).column('commandId').execute();
      }
    },
    async down(db: AnyDb): Promise<void> {
      for (const [table] of LINKS) await db.schema.dropTable(table).ifExists().execute();
      await db.schema.dropTable('savedCommands').ifExists().execute();
    },
  };
}
