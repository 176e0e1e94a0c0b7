/**
 * Migration 6: position tallies, the count and fix-time sum of each vehicle's positions per UTC hour, kept
 * by the database itself (triggers on every insert, delete and move of a position, whoever writes it). The
 * report cache (reports/engine/compactCache.ts) checks a cached day against them with 24 key lookups
 * instead of counting the day's positions. Existing positions are tallied here once.
 * SQLite: row triggers. PostgreSQL: statement triggers over the transition tables for inserts and deletes
 * (one grouped upsert per batch), a row trigger for the rare move of a position.
 */
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { sqliteAdd, sqliteHour, TALLY_DAY_MS, TALLY_HOUR_MS } from '../tallySql';

type AnyDb = Kysely<unknown>;

/** The tallies' hour and day (tallySql.ts), where their readers have always found them. */
export { TALLY_DAY_MS, TALLY_HOUR_MS };

export const SQLITE_TALLY_INSERT_TRIGGER = `CREATE TRIGGER positions_tally_insert AFTER INSERT ON positions BEGIN ${sqliteAdd('NEW', 1)} END`;

const SQLITE = [
  SQLITE_TALLY_INSERT_TRIGGER,
  `CREATE TRIGGER positions_tally_delete AFTER DELETE ON positions BEGIN ${sqliteAdd('OLD', -1)} END`,
  `CREATE TRIGGER positions_tally_move AFTER UPDATE OF fix_time, device_id ON positions BEGIN ` +
    `${sqliteAdd('OLD', -1)} ${sqliteAdd('NEW', 1)} END`,
];

/** PostgreSQL: add (sign 1) or remove (-1) the grouped rows of a transition table, in key order. */
const pgMerge = (table: string, sign: 1 | -1) =>
  `INSERT INTO position_tallies (device_id, hour, positions, time_sum) ` +
  `SELECT device_id, fix_time / ${TALLY_HOUR_MS}, ${sign} * count(*), ${sign} * sum(fix_time % ${TALLY_DAY_MS}) ` +
  `FROM ${table} GROUP BY 1, 2 ORDER BY 1, 2 ` +
  `ON CONFLICT (device_id, hour) DO UPDATE SET positions = position_tallies.positions + excluded.positions, ` +
  `time_sum = position_tallies.time_sum + excluded.time_sum`;

const pgFunction = (name: string, body: string) =>
  `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT ` +
  `AS $$ BEGIN ${body}; RETURN NULL; END $$`;

const POSTGRES = [
  pgFunction('positions_tally_insert', pgMerge('tally_new', 1)),
  pgFunction('positions_tally_delete', pgMerge('tally_old', -1)),
  pgFunction(
    'positions_tally_move',
    `${pgMerge('(SELECT OLD.device_id AS device_id, OLD.fix_time AS fix_time) AS o', -1)}; ` +
      pgMerge('(SELECT NEW.device_id AS device_id, NEW.fix_time AS fix_time) AS n', 1),
  ),
  `CREATE TRIGGER positions_tally_insert AFTER INSERT ON positions REFERENCING NEW TABLE AS tally_new ` +
    `FOR EACH STATEMENT EXECUTE FUNCTION positions_tally_insert()`,
  `CREATE TRIGGER positions_tally_delete AFTER DELETE ON positions REFERENCING OLD TABLE AS tally_old ` +
    `FOR EACH STATEMENT EXECUTE FUNCTION positions_tally_delete()`,
  `CREATE TRIGGER positions_tally_move AFTER UPDATE OF fix_time, device_id ON positions ` +
    `FOR EACH ROW EXECUTE FUNCTION positions_tally_move()`,
];

export function migration006(dialect: Dialect) {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('positionTallies')
        .addColumn('deviceId', 'integer', (c) => c.notNull())
        .addColumn('hour', 'bigint', (c) => c.notNull())
        .addColumn('positions', 'integer', (c) => c.notNull())
        .addColumn('timeSum', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('positionTalliesPk', ['deviceId', 'hour'])
        .execute();
      const hour = dialect === 'sqlite' ? sqliteHour('positions') : `fix_time / ${TALLY_HOUR_MS}`;
      await sql
        .raw(
          `INSERT INTO position_tallies (device_id, hour, positions, time_sum) ` +
            `SELECT device_id, ${hour}, count(*), sum(fix_time % ${TALLY_DAY_MS}) FROM positions GROUP BY 1, 2`,
        )
        .execute(db);
      for (const statement of dialect === 'sqlite' ? SQLITE : POSTGRES) await sql.raw(statement).execute(db);
    },
    async down(db: AnyDb): Promise<void> {
      for (const name of ['positions_tally_insert', 'positions_tally_delete', 'positions_tally_move']) {
        await sql
          .raw(`DROP TRIGGER IF EXISTS ${name}${dialect === 'postgres' ? ' ON positions' : ''}`)
          .execute(db);
        if (dialect === 'postgres') await sql.raw(`DROP FUNCTION IF EXISTS ${name}()`).execute(db);
      }
      await db.schema.dropTable('positionTallies').execute();
    },
  };
}
