/**
 * Migration 029: a driver's card number (`drivers.uniqueId`: RFID, iButton or tachograph card) unique within
 * what a user sees, not the server (issue 33 "Tenancy as a rule"). It was UNIQUE server-wide, so a client
 * creating a driver with another client's card learnt that the card was taken ("Valor duplicado") and could
 * squat it. The API now refuses a card only when a driver the caller sees holds it (services/driverCards.ts);
 * the database keeps a plain index for the lookups by card (ingest, reports, refills app).
 * - PostgreSQL: the column's unique constraint is dropped.
 * - SQLite: the table is rebuilt without the inline UNIQUE (sqliteRebuild.ts, as 027 does), foreign keys off
 *   so the links, refills and tachograph files pointing to drivers are neither cascaded nor nulled.
 * Existing rows are kept as they are (unique server-wide, so unique per scope too).
 */
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { inSqliteRebuild, rebuildSqlite } from './sqliteRebuild';

type AnyDb = Kysely<unknown>;

const LABEL = '029_driverKeys';
const INDEX = 'driversUniqueId';

export function migration029(dialect: Dialect) {
  return {
    async up(db: AnyDb): Promise<void> {
      if (dialect === 'sqlite')
        await inSqliteRebuild(db, LABEL, () => rebuildSqlite(db, LABEL, 'drivers', 'unique_id', false));
      else await sql`alter table "drivers" drop constraint if exists "drivers_unique_id_key"`.execute(db);
      await db.schema.createIndex(INDEX).on('drivers').column('uniqueId').execute();
    },
    async down(db: AnyDb): Promise<void> {
      await db.schema.dropIndex(INDEX).ifExists().execute();
      // fails when two clients now hold the same card: going back would have to drop one client's driver
      if (dialect === 'sqlite')
        await inSqliteRebuild(db, LABEL, () => rebuildSqlite(db, LABEL, 'drivers', 'unique_id', true));
      else
        await sql`alter table "drivers" add constraint "drivers_unique_id_key" unique ("unique_id")`.execute(
          db,
        );
    },
  };
}
