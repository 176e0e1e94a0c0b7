/** Migration 2: scheduled reports (document 2 §3 "Scheduled report"). */
import { sql, type ColumnDataType, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './columnTypes';

type AnyDb = Kysely<unknown>;

export function migration002(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: AnyDb): Promise<void> {
      const text = (name: string, size: ColumnDataType = 'varchar(256)') =>
        [name, size, (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('')] as const;
      const trueDefault = dialect === 'postgres' ? sql`true` : sql`1`;
      const flag = (name: string, on = false) =>
        [
          name,
          t.bool,
          (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(on ? trueDefault : t.falseDefault),
        ] as const;
      await db.schema
        .createTable('reportScheduler')
        .addColumn('id', t.id, (c) =>
          dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
        )
        .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('reportName', 'varchar(256)', (c) => c.notNull())
        .addColumn('reportType', 'varchar(64)', (c) => c.notNull())
        .addColumn(...text('reportIds', 'text'))
        .addColumn('reportIdsType', 'varchar(1)', (c) => c.notNull().defaultTo('V'))
        .addColumn('reportPeriodicity', 'varchar(1)', (c) => c.notNull().defaultTo('D'))
        .addColumn('reportDay', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('reportFormat', 'varchar(16)', (c) => c.notNull().defaultTo('pdf'))
        .addColumn(...text('reportDestination', 'text'))
        .addColumn(...text('select1Value'))
        .addColumn(...text('select2Value'))
        .addColumn(...text('text1Value', 'text'))
        .addColumn(...text('text2Value', 'text'))
        .addColumn(...flag('check1Value'))
        .addColumn(...flag('geofenceFilterValue'))
        .addColumn(...text('geofences', 'text'))
        .addColumn(...flag('weekdaysValue', true))
        .addColumn('weekdaysStart', 'varchar(5)', (c) => c.notNull().defaultTo('09:00'))
        .addColumn('weekdaysEnd', 'varchar(5)', (c) => c.notNull().defaultTo('18:00'))
        .addColumn(...flag('saturdayValue', true))
        .addColumn('saturdayStart', 'varchar(5)', (c) => c.notNull().defaultTo('09:00'))
        .addColumn('saturdayEnd', 'varchar(5)', (c) => c.notNull().defaultTo('13:00'))
        .addColumn(...flag('sundayValue'))
        .addColumn('sundayStart', 'varchar(5)', (c) => c.notNull().defaultTo('09:00'))
        .addColumn('sundayEnd', 'varchar(5)', (c) => c.notNull().defaultTo('13:00'))
        .addColumn('createdAt', 'bigint', (c) => c.notNull())
        .addColumn('lastRun', 'bigint')
        .addColumn('lastStatus', 'text')
        .execute();
      await db.schema.createIndex('reportSchedulerUserId').on('reportScheduler').column('userId').execute();
    },
    async down(db: AnyDb): Promise<void> {
      await db.schema.dropTable('reportScheduler').execute();
    },
  };
}
