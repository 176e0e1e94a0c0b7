import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, ownTables } from '../../src/db/migrate';
import { freshDatabase } from '../harness';

/**
 * Migrations beside another session's DDL (PostgreSQL): the migrator reads only its own schema's catalogue,
 * so tables created and dropped at the same moment in another schema (another test file's, or partitions
 * that retention drops) cannot fail it.
 */
const url = process.env.FROTA_TEST_DATABASE_URL;
if (!url) console.warn('skipped: FROTA_TEST_DATABASE_URL is not set (a PostgreSQL race)');

describe.skipIf(!url)('migrations beside DDL in another schema (postgres)', () => {
  it('migrates and lists its own tables while another session creates and drops tables', async () => {
    const fresh = await freshDatabase('postgres');
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    const schema = `o_${Date.now().toString(36)}`;
    await other.query(`CREATE SCHEMA ${schema}`);
    let stop = false;
    let cycles = 0;
    const churn = (async () => {
      while (!stop) {
        await other.query(`CREATE TABLE ${schema}.churn (id serial primary key, a int, b text)`);
        await other.query(`DROP TABLE ${schema}.churn`);
        cycles++;
      }
    })();
    try {
      expect(await migrateToLatest(fresh.db)).not.toEqual([]);
      let runs = 0;
      while (cycles < 300 || runs < 30) {
        expect(await migrateToLatest(fresh.db)).toEqual([]);
        expect((await ownTables(fresh.db)).map((t) => t.schema)).not.toContain(schema);
        runs++;
      }
    } finally {
      stop = true;
      await churn;
      await other.query(`DROP SCHEMA ${schema} CASCADE`);
      await other.end();
      await fresh.db.close();
      await fresh.drop();
    }
  }, 60_000);
});
