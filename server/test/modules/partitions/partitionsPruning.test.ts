/**
 * Report and replay reads prune partitions (PostgreSQL): the position reads of the report engine and the
 * replay (`device_id = ? AND fix_time >= ? AND fix_time <= ?`) scan only the months of their period, both
 * planned with their values (how pg runs them: unnamed statements, a custom plan each) and as a generic
 * plan with bind parameters, which prunes when the executor starts ("Subplans Removed").
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/database';
import { migrateToLatest } from '../../../src/db/migrate';
import { maintainPartitions } from '../../../src/modules/partitions/partitionJob';
import { freshDatabase, insertDevice } from '../../harness';
import { insertPosition, pgUrl, query, skipReason, utc } from './partitionsSupport';

/** positionStream.ts's chunk read and compactStream.ts's fine buckets, as the engine sends them. */
const CHUNK =
  'SELECT id, fix_time, latitude, longitude, speed FROM positions WHERE device_id = $1 AND fix_time >= $2 ' +
  'AND fix_time <= $3 ORDER BY fix_time, id LIMIT $4';
const BUCKETS =
  'SELECT fix_time / 10000 AS fb, min(fix_time), max(fix_time), max(speed) FROM positions ' +
  'WHERE device_id = $1 AND fix_time >= $2 AND fix_time <= $3 GROUP BY fix_time / 10000';

interface PlanNode {
  'Relation Name'?: string;
  'Subplans Removed'?: number;
  Plans?: PlanNode[];
}

function walk(node: PlanNode, out: { relations: string[]; removed: number }) {
  if (node['Relation Name']) out.relations.push(node['Relation Name']);
  out.removed += node['Subplans Removed'] ?? 0;
  for (const child of node.Plans ?? []) walk(child, out);
  return out;
}

const scanned = (plan: unknown) =>
  walk((plan as Array<{ Plan: PlanNode }>)[0].Plan, { relations: [], removed: 0 });

/** The statement with its values written in (a custom plan). */
const literal = (text: string, values: number[]) =>
  text.replace(/\$(\d+)/g, (_, n: string) => String(values[Number(n) - 1]));

describe.skipIf(Boolean(skipReason))('partition pruning of report and replay reads', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let db: Db;
  let client: pg.Client;
  let device: number;

  beforeAll(async () => {
    fresh = await freshDatabase('postgres');
    db = fresh.db;
    await migrateToLatest(db);
    await maintainPartitions(db, utc(2024, 1, 10));
    await maintainPartitions(db, utc(2024, 4, 10));
    device = await insertDevice(db, 'A', 'imei-a');
    for (let month = 1; month <= 7; month++)
      for (let day = 1; day <= 28; day += 9) await insertPosition(db, device, utc(2024, month, day, 12));
    await query(db, 'ANALYZE positions');
    client = new pg.Client({ connectionString: pgUrl, options: `-c search_path=${db.schema}` });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    await db?.close();
    await fresh?.drop();
  });

  const explain = async (text: string) =>
    scanned((await client.query(`EXPLAIN (FORMAT JSON) ${text}`)).rows[0]['QUERY PLAN']);

  it('scans only the month of a period inside one month', async () => {
    const values = [device, utc(2024, 2, 10), utc(2024, 2, 20) - 1, 5000];
    for (const text of [CHUNK, BUCKETS]) {
      const plan = await explain(literal(text, values));
      expect(plan.relations).toEqual(['positions_p2024_02']);
    }
    const { rows } = await client.query(CHUNK, values);
    expect(rows.map((r) => Number(r.fix_time))).toEqual([utc(2024, 2, 10, 12), utc(2024, 2, 19, 12)]);
  });

  it('scans the two months of a period across a month end, and no default partition', async () => {
    const plan = await explain(literal(CHUNK, [device, utc(2024, 2, 25), utc(2024, 3, 5), 5000]));
    expect([...plan.relations].sort()).toEqual(['positions_p2024_02', 'positions_p2024_03']);
  });

  it('prunes a generic plan with bind parameters when the executor starts', async () => {
    await client.query('SET plan_cache_mode = force_generic_plan');
    await client.query(`PREPARE chunk (int, bigint, bigint, int) AS ${CHUNK}`);
    await client.query(`PREPARE buckets (int, bigint, bigint) AS ${BUCKETS}`);
    const partitions = (
      await query(db, `SELECT 1 FROM pg_inherits WHERE inhparent = to_regclass('positions')`)
    ).length;
    expect(partitions).toBeGreaterThanOrEqual(8);
    for (const [name, extra] of [
      ['chunk', ', 5000'],
      ['buckets', ''],
    ]) {
      const plan = await explain(
        `EXECUTE ${name} (${device}, ${utc(2024, 5, 2)}, ${utc(2024, 5, 9)}${extra})`,
      );
      expect(plan.relations).toEqual(['positions_p2024_05']);
      expect(plan.removed).toBe(partitions - 1);
    }
  });
});
