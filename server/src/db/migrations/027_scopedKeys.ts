/**
 * Migration 027: natural keys unique per owner, not per server (issue 33 "Tenancy as a rule").
 * A passenger's card, a refill station's code and a refill operator's username were unique across the whole
 * server, so one client learnt that another held a key ("já existe") and could squat it. Each becomes unique
 * per creating user (`userId`), and the routes check collisions within the caller's own scope. Existing rows
 * are kept as they are (they were unique server-wide, so they are unique per owner too).
 * - PostgreSQL: the column's unique constraint is dropped.
 * - SQLite cannot drop a column's inline UNIQUE: the table is rebuilt from its own stored definition minus
 *   that keyword, with foreign keys off so that rows of other tables pointing to it (refills, sessions,
 *   pickups) are neither cascaded nor nulled by the drop, and its indexes and AUTOINCREMENT counter restored.
 * A plain index on the key keeps the lookups by it (operator login, card reads) indexed.
 */
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { inSqliteRebuild, rebuildSqlite } from './sqliteRebuild';

type AnyDb = Kysely<unknown>;

const LABEL = '027_scopedKeys';

interface ScopedKey {
  table: string;
  column: string;
  /** index names, camel case as the other migrations write them */
  owner: string;
  lookup: string;
  camel: { table: string; column: string };
}

const KEYS: ScopedKey[] = [
  {
    table: 'passengers',
    column: 'card_id',
    owner: 'passengersOwnerCard',
    lookup: 'passengersCard',
    camel: { table: 'passengers', column: 'cardId' },
  },
  {
    table: 'refill_stations',
    column: 'code',
    owner: 'refillStationsOwnerCode',
    lookup: 'refillStationsCode',
    camel: { table: 'refillStations', column: 'code' },
  },
  {
    table: 'refill_operators',
    column: 'username',
    owner: 'refillOperatorsOwnerUsername',
    lookup: 'refillOperatorsUsername',
    camel: { table: 'refillOperators', column: 'username' },
  },
];

/** SQLite: the rebuilds run with foreign keys off, in one transaction (sqliteRebuild.ts). */
async function sqliteRebuilds(db: AnyDb, unique: boolean): Promise<void> {
  await inSqliteRebuild(db, LABEL, async () => {
    for (const { table, column } of KEYS) await rebuildSqlite(db, LABEL, table, column, unique);
  });
}

export function migration027(dialect: Dialect) {
  return {
    async up(db: AnyDb): Promise<void> {
      if (dialect === 'sqlite') await sqliteRebuilds(db, false);
      else
        for (const { table, column } of KEYS)
          await sql
            .raw(`alter table "${table}" drop constraint if exists "${table}_${column}_key"`)
            .execute(db);
      for (const key of KEYS) {
        await db.schema
          .createIndex(key.owner)
          .unique()
          .on(key.camel.table)
          .columns(['userId', key.camel.column])
          .execute();
        await db.schema.createIndex(key.lookup).on(key.camel.table).column(key.camel.column).execute();
      }
    },
    async down(db: AnyDb): Promise<void> {
      for (const key of KEYS) {
        await db.schema.dropIndex(key.owner).ifExists().execute();
        await db.schema.dropIndex(key.lookup).ifExists().execute();
      }
      // fails when two owners now hold the same key: going back would have to drop one client's row
      if (dialect === 'sqlite') await sqliteRebuilds(db, true);
      else
        for (const { table, column } of KEYS)
          await sql
            .raw(`alter table "${table}" add constraint "${table}_${column}_key" unique ("${column}")`)
            .execute(db);
    },
  };
}
