/**
 * A trigger that refuses one vehicle's segments progress row ('refused'), on either database: its commit
 * fails as a database failure would, while the other vehicles' go on.
 */
import { sql } from 'kysely';
import type { Db } from '../../../src/db/database';

/** Refuses `deviceId`'s progress row until the answer is called (the trigger dropped). */
export async function refuseProgress(db: Db, deviceId: number): Promise<() => Promise<void>> {
  const name = sql.raw(`refuse_progress_${deviceId}`);
  const statements =
    db.dialect === 'sqlite'
      ? [
          sql`CREATE TRIGGER ${name} BEFORE INSERT ON segment_progress WHEN NEW.device_id = ${sql.lit(deviceId)}
            BEGIN SELECT RAISE(ABORT, 'refused'); END`,
        ]
      : [
          sql`CREATE FUNCTION ${name}() RETURNS trigger AS $$ BEGIN
            IF NEW.device_id = ${sql.lit(deviceId)} THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$
            LANGUAGE plpgsql`,
          sql`CREATE TRIGGER ${name} BEFORE INSERT ON segment_progress FOR EACH ROW EXECUTE FUNCTION ${name}()`,
        ];
  for (const statement of statements) await statement.execute(db.kysely);
  return async () => {
    await sql`DROP TRIGGER ${name}${sql.raw(db.dialect === 'sqlite' ? '' : ' ON segment_progress')}`.execute(
      db.kysely,
    );
  };
}
