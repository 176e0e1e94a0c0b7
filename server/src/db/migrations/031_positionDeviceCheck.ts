/**
 * Migration 031 (issue 38), PostgreSQL only: a position's vehicle is checked once per statement instead of
 * once per row, and the batch writer, which checks and tallies its batch itself, skips the statement's work.
 *
 * The foreign key `positions.device_id → devices.id` ran a locking look-up of the vehicle for every inserted
 * row: about a quarter of PostgreSQL's work storing a batch of device records. It becomes:
 * - after every INSERT statement on positions, one look-up of the statement's distinct vehicles, locked
 *   `FOR KEY SHARE` as the foreign key locked them, refusing the statement with the foreign key's own error
 *   when one is missing; then the hourly tallies (migration 006) as before;
 * - the same check for positions moved to another vehicle (the statement trigger of migration 022);
 * - `ON DELETE CASCADE` as a statement trigger on devices deleting the deleted vehicles' positions.
 * A vehicle deleted while a statement inserts its positions is handled as the foreign key handled it:
 * the delete waits for the inserting transaction (the lock), and its trigger then deletes what committed;
 * an insert after the delete committed finds the vehicle missing and fails.
 *
 * The batch writer (processing/pgBatchInserts.ts) locks its batch's vehicles itself, from the arrays it
 * already holds, and upserts the tallies it grouped itself; it says so with the transaction-local setting
 * `frota.batch_checked`, and the insert trigger then returns at once. Every other writer is checked and
 * tallied by the trigger. (The writer now inserts a batch of one month into that month's partition, where
 * this statement trigger does not fire at all: processing/positionPartitions.ts.) SQLite keeps its foreign
 * key and row triggers (a row look-up there is cheap).
 */
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { moved, tallyMerge, trigger } from './022_partitions';

type AnyDb = Kysely<unknown>;

/** Transaction-local setting: 'on' when the batch writer has checked and tallied the positions it inserts. */
export const BATCH_CHECKED = 'frota.batch_checked';

const FOREIGN_KEY = 'positions_device_id_fkey';

const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);

/** Refuses the statement, as the foreign key did, when a vehicle of `rows` is missing; locks the others. */
const deviceCheck = (rows: string) =>
  `IF (SELECT count(DISTINCT device_id) FROM ${rows}) > (SELECT count(*) FROM (SELECT id FROM devices ` +
  `WHERE id IN (SELECT device_id FROM ${rows}) ORDER BY id FOR KEY SHARE) AS held) THEN ` +
  `RAISE EXCEPTION 'insert or update on table "positions" violates foreign key constraint "${FOREIGN_KEY}"' ` +
  `USING ERRCODE = 'foreign_key_violation', DETAIL = format('Key (device_id)=(%s) is not present in table "devices".', ` +
  `(SELECT min(device_id) FROM ${rows} WHERE device_id NOT IN (SELECT id FROM devices))); ` +
  `END IF`;

const movedToOther = `(SELECT n.device_id FROM tally_old o JOIN tally_new n ON n.id = o.id WHERE n.device_id <> o.device_id) AS v`;

const UP = [
  `ALTER TABLE positions DROP CONSTRAINT ${FOREIGN_KEY}`,
  trigger(
    'positions_tally_insert',
    `IF current_setting('${BATCH_CHECKED}', true) = 'on' THEN RETURN NULL; END IF; ` +
      `${deviceCheck('tally_new')}; ${tallyMerge('tally_new', 1)}`,
  ),
  trigger(
    'positions_tally_move',
    `${deviceCheck(movedToOther)}; ${tallyMerge(moved('o'), -1)}; ${tallyMerge(moved('n'), 1)}`,
  ),
  trigger(
    'devices_positions_cascade',
    'DELETE FROM positions WHERE device_id IN (SELECT id FROM devices_old)',
  ),
  `CREATE TRIGGER devices_positions_cascade AFTER DELETE ON devices REFERENCING OLD TABLE AS devices_old ` +
    `FOR EACH STATEMENT EXECUTE FUNCTION devices_positions_cascade()`,
];

const DOWN = [
  'DROP TRIGGER devices_positions_cascade ON devices',
  'DROP FUNCTION devices_positions_cascade()',
  trigger('positions_tally_insert', tallyMerge('tally_new', 1)),
  trigger('positions_tally_move', `${tallyMerge(moved('o'), -1)}; ${tallyMerge(moved('n'), 1)}`),
  `ALTER TABLE positions ADD CONSTRAINT ${FOREIGN_KEY} FOREIGN KEY (device_id) REFERENCES devices (id) ` +
    `ON DELETE CASCADE`,
];

export function migration031(dialect: Dialect) {
  return {
    async up(db: AnyDb): Promise<void> {
      if (dialect !== 'postgres') return;
      for (const statement of UP) await run(db, statement);
    },
    async down(db: AnyDb): Promise<void> {
      if (dialect !== 'postgres') return;
      for (const statement of DOWN) await run(db, statement);
    },
  };
}
