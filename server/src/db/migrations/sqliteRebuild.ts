/**
 * SQLite cannot drop (or add) a column's inline UNIQUE: the table is rebuilt from its own stored definition
 * with or without that keyword, its indexes and AUTOINCREMENT counter restored. Shared by the migrations
 * that make a natural key unique per owner instead of per server (027_scopedKeys, 029_driverKeys).
 */
import { sql, type Kysely } from 'kysely';

type AnyDb = Kysely<unknown>;

/**
 * Rebuilds `table` with its `column`'s UNIQUE keyword removed (unique false) or put back; nothing when it
 * already is so. `label` names the migration (temporary table suffix, error messages). Must run inside
 * `inSqliteRebuild`, with foreign keys off.
 */
export async function rebuildSqlite(
  db: AnyDb,
  label: string,
  table: string,
  column: string,
  unique: boolean,
): Promise<void> {
  const found = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  const create = found.rows[0]?.sql;
  if (!create) throw new Error(`${label}: no table ${table}`);
  const withUnique = new RegExp(`("${column}" [^,]*?not null) unique`, 'i');
  const without = new RegExp(`("${column}" [^,]*?not null)(?! unique)`, 'i');
  if (unique ? withUnique.test(create) : !withUnique.test(create)) return;
  const definition = unique ? create.replace(without, '$1 unique') : create.replace(withUnique, '$1');
  const temp = `${table}_${label.slice(0, 3)}`;
  const indexes = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(
    db,
  );
  const sequence = await sql<{ seq: number }>`select seq from sqlite_sequence where name = ${table}`.execute(
    db,
  );
  await sql.raw(definition.replace(`"${table}"`, `"${temp}"`)).execute(db);
  await sql.raw(`insert into "${temp}" select * from "${table}"`).execute(db);
  await sql.raw(`drop table "${table}"`).execute(db);
  await sql.raw(`alter table "${temp}" rename to "${table}"`).execute(db);
  for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
  if (sequence.rows[0])
    await sql`update sqlite_sequence set seq = ${sequence.rows[0].seq} where name = ${table}`.execute(db);
}

/**
 * Runs `rebuild` in one transaction with foreign keys off (they cannot change inside a transaction), so
 * rows of other tables pointing to a rebuilt table are neither cascaded nor nulled by its drop; refuses
 * to commit when a foreign key ends up broken.
 */
export async function inSqliteRebuild(db: AnyDb, label: string, rebuild: () => Promise<void>): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    try {
      await rebuild();
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length) throw new Error(`${label}: foreign keys broken by the rebuild`);
      await sql`commit`.execute(db);
    } catch (err) {
      await sql`rollback`.execute(db);
      throw err;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
