import { describe, expect, it } from 'vitest';
import { freshDatabase, insertDevice } from '../../harness';
import { migrateTo, migrateToLatest } from '../../../src/db/migrate';
import { privacyQuery } from '../../../src/modules/replay/routeRead';

describe('the route read asks the privacy of its positions', () => {
  it('through the partial index of the positions that carry it, not the whole period', async () => {
    const fresh = await freshDatabase('sqlite');
    try {
      await migrateToLatest(fresh.db);
      const plan = fresh.db
        .sqlite!.prepare(`EXPLAIN QUERY PLAN ${privacyQuery(fresh.db)}`)
        .all(1, 0, 1) as Array<{ detail: string }>;
      expect(plan.map((step) => step.detail).join('\n')).toMatch(
        /USING INDEX positions_private \(device_id=\? AND fix_time>\? AND fix_time<\?\)/,
      );
    } finally {
      await fresh.db.close();
      await fresh.drop();
    }
  });

  it("migration 032 builds SQLite's index again on the parsed value: the same positions as the text search, less the null", async () => {
    const fresh = await freshDatabase('sqlite');
    const sqlite = fresh.db.sqlite!;
    try {
      await migrateTo(fresh.db, '031_positionDeviceCheck');
      const deviceId = await insertDevice(fresh.db, 'Privada', 'privacy-index-1');
      const insert = sqlite.prepare(
        'INSERT INTO positions (device_id, server_time, device_time, fix_time, valid, latitude, longitude, attributes) ' +
          'VALUES (?, 1, 1, ?, 1, -8.8, 13.2, ?)',
      );
      const stored = [
        { privacy: true },
        { privacy: 'on' },
        {},
        { note: 'privacy' },
        { privacy: null },
        { sat: 9 },
      ];
      stored.forEach((attributes, i) => insert.run(deviceId, 1000 + i, JSON.stringify(attributes)));
      const indexSql = () =>
        (
          sqlite.prepare(`SELECT sql FROM sqlite_master WHERE name = 'positions_private'`).get() as {
            sql: string;
          }
        ).sql;
      expect(indexSql()).toContain('instr(');
      await migrateToLatest(fresh.db);
      expect(indexSql()).toContain(`(attributes ->> '$.privacy') IS NOT NULL`);
      const found = sqlite.prepare(privacyQuery(fresh.db)).raw().all(deviceId, 0, 9999) as unknown[][];
      expect(found.map(([, value]) => value)).toEqual([1, 'on']);
      // what the index holds: the planner reads it whole for the predicate alone
      const held = sqlite
        .prepare(
          `SELECT count(*) AS n FROM positions INDEXED BY positions_private WHERE ${'(attributes ->> ' + "'$.privacy') IS NOT NULL"}`,
        )
        .get() as { n: number };
      expect(held.n).toBe(2);
      // and a position stored from now on is tested the same way
      insert.run(deviceId, 2000, JSON.stringify({ privacy: false }));
      insert.run(deviceId, 2001, JSON.stringify({ label: '"privacy"' }));
      expect(
        (sqlite.prepare(privacyQuery(fresh.db)).raw().all(deviceId, 2000, 2001) as unknown[][]).map(
          (r) => r[1],
        ),
      ).toEqual([0]);
    } finally {
      await fresh.db.close();
      await fresh.drop();
    }
  });
});
