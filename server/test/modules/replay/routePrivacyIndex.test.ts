import { describe, expect, it } from 'vitest';
import { freshDatabase, insertDevice } from '../../harness';
import { migrateTo, migrateToLatest } from '../../../src/db/migrate';
import { privacyQuery } from '../../../src/modules/replay/routeRead';
import { privateFilter } from '../../../src/db/migrations/030_privatePositions';

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

  it("migrations 032 and 033 build SQLite's index again on the parsed value, then on the written column: the same positions as the text search, less the null", async () => {
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
      await migrateTo(fresh.db, '032_privateJsonFilter');
      expect(indexSql()).toContain(`(attributes ->> '$.privacy') IS NOT NULL`);
      // the query of that schema: the value read from the text
      const query032 =
        `SELECT id, attributes ->> '$.privacy' FROM positions WHERE device_id = ? AND fix_time >= ? ` +
        `AND fix_time <= ? AND ${privateFilter('sqlite')}`;
      const found = sqlite.prepare(query032).raw().all(deviceId, 0, 9999) as unknown[][];
      expect(found.map(([, value]) => value)).toEqual([1, 'on']);
      // what the index holds: the planner reads it whole for the predicate alone
      const held = sqlite
        .prepare(
          `SELECT count(*) AS n FROM positions INDEXED BY positions_private WHERE ${privateFilter('sqlite')}`,
        )
        .get() as { n: number };
      expect(held.n).toBe(2);
      insert.run(deviceId, 2000, JSON.stringify({ privacy: false }));
      insert.run(deviceId, 2001, JSON.stringify({ label: '"privacy"' }));
      // migration 033: the index tests the written column, which holds the same values
      await migrateToLatest(fresh.db);
      expect(indexSql()).toContain('WHERE privacy IS NOT NULL');
      expect(
        (sqlite.prepare(privacyQuery(fresh.db)).raw().all(deviceId, 0, 9999) as unknown[][]).map((r) => r[1]),
      ).toEqual([1, 'on', 0]);
      // and a position stored from now on is derived the same way
      insert.run(deviceId, 3000, JSON.stringify({ privacy: 'sim' }));
      insert.run(deviceId, 3001, JSON.stringify({ label: '"privacy"' }));
      expect(
        (sqlite.prepare(privacyQuery(fresh.db)).raw().all(deviceId, 3000, 3001) as unknown[][]).map(
          (r) => r[1],
        ),
      ).toEqual(['sim']);
    } finally {
      await fresh.db.close();
      await fresh.drop();
    }
  });
});
