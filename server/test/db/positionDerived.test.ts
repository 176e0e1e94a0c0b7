/**
 * SQLite's derived position columns and tallies (migration 033, db/positionDerived.ts): the writer thread
 * writes them from the attribute objects, every other connection derives them from the stored text, and
 * both give the same stored values, of the same types, as the generated columns did. The migration keeps
 * every stored position's values, and migrating down gives the generated columns back.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabase, insertDevice } from '../harness';
import { openDatabase, type Db } from '../../src/db/database';
import { migrateTo, migrateToLatest } from '../../src/db/migrate';
import { DERIVED_COLUMNS, DERIVED_TRIGGER, extractedValue } from '../../src/db/positionDerived';
import { BatchWriter } from '../../src/processing/batchWriter';
import { recordAt } from '../positionRecords';

const T0 = Date.UTC(2025, 5, 1, 22, 30);
const COLUMNS = DERIVED_COLUMNS.map((c) => c.column);

/** Attribute objects whose five values take every path of `extractedValue`. */
const TRICKY: Array<Record<string, unknown>> = [
  { ignition: true, motion: false, totalDistance: 1234.5, hours: 3_600_000, privacy: true },
  { ignition: 1, motion: 0, totalDistance: 0, hours: -0, privacy: false },
  { ignition: '1', motion: 'true', totalDistance: '12.5', hours: 'garbage', privacy: '7' },
  { ignition: 'on', motion: null, totalDistance: -0, hours: 1e-7, privacy: null },
  {
    ignition: { nested: [1, 'é', null] },
    motion: [true, 2],
    totalDistance: 1e21,
    hours: 2 ** 60,
    privacy: 5,
  },
  { ignition: 2.5, totalDistance: Number.NaN, hours: Number.POSITIVE_INFINITY, privacy: 2.5 },
  { privacy: { level: 'x"y\\z', at: new Date(0) }, motion: new Date(86_400_000) },
  { privacy: [1, 'dois'], totalDistance: 0.1 + 0.2, hours: 123456789.123456 },
  { privacy: 2 ** 60, ignition: -7, motion: '  3 ' },
  { privacy: -0, totalDistance: true, hours: false },
  { sat: 9 },
  {},
];

/** A spread of doubles: the thread stores them as they are, the text's parse must give the same. */
function doubles(count: number): Array<Record<string, unknown>> {
  let seed = 42;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: count }, () => ({
    totalDistance: next() * 10 ** Math.floor(next() * 12),
    hours: next() * 3.6e9,
    ignition: next() < 0.5,
  }));
}

const position = (deviceId: number, i: number, attributes: Record<string, unknown>) =>
  recordAt(deviceId, T0 + i * 60_000, { protocol: 'teltonika', attributes });

/** The derived columns of a vehicle's positions, value and SQLite type, in id order. */
function derivedOf(db: Db, deviceId: number): unknown[][] {
  const select = COLUMNS.map((c) => `${c}, typeof(${c})`).join(', ');
  return db
    .sqlite!.prepare(`SELECT ${select} FROM positions WHERE device_id = ? ORDER BY id`)
    .raw()
    .all(deviceId) as unknown[][];
}

const talliesOf = (db: Db, deviceId: number) =>
  db
    .sqlite!.prepare(
      'SELECT hour, positions, time_sum FROM position_tallies WHERE device_id = ? ORDER BY hour',
    )
    .raw()
    .all(deviceId) as number[][];

describe('derived position columns on sqlite', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let db: Db;

  beforeEach(async () => {
    fresh = await freshDatabase('sqlite');
    db = fresh.db;
  });
  afterEach(async () => {
    await db.close();
    await fresh.drop();
  });

  it('are written by the writer thread as this connection derives them from the text, tallies too', async () => {
    await migrateToLatest(db);
    const all = [...TRICKY, ...doubles(300)];
    const threaded = await insertDevice(db, 'Thread', 'derived-thread');
    const derived = await insertDevice(db, 'Trigger', 'derived-trigger');
    const thread = new BatchWriter(db, { sqliteThread: true, delayMs: 1, maxRecords: 100 });
    const main = new BatchWriter(db, { sqliteThread: false, delayMs: 1, maxRecords: 100 });
    await Promise.all([
      thread.write({ positions: all.map((a, i) => position(threaded, i, a)), events: [], devices: [] }),
      main.write({ positions: all.map((a, i) => position(derived, i, a)), events: [], devices: [] }),
    ]);
    await thread.close();
    expect(thread.stats.threadCommits).toBeGreaterThan(0);
    expect(main.stats.threadCommits).toBe(0);
    const written = derivedOf(db, threaded);
    expect(written).toHaveLength(all.length);
    expect(written).toEqual(derivedOf(db, derived));
    // what the generated columns stored for the first record
    expect(written[0]).toEqual([1, 'integer', 0, 'integer', 1234.5, 'real', 3_600_000, 'real', 1, 'integer']);
    // objects as their JSON text, a Date as its text, integers kept integers where no type is declared
    expect(written[4].slice(0, 4)).toEqual(['{"nested":[1,"é",null]}', 'text', '[true,2]', 'text']);
    expect(written[6].slice(2, 4)).toEqual(['1970-01-02T00:00:00.000Z', 'text']);
    expect(written[8].slice(8)).toEqual([2 ** 60, 'integer']);
    expect(talliesOf(db, threaded)).toEqual(talliesOf(db, derived));
    expect(talliesOf(db, threaded).reduce((n, row) => n + row[1], 0)).toBe(all.length);
  });

  it('an integer is given as one only where the column keeps types as they come', () => {
    expect(extractedValue(5, true)).toBe(5n);
    expect(extractedValue(5, false)).toBe(5);
    expect(extractedValue(true, true)).toBe(1n);
    expect(extractedValue(-0, false)).toBe(0);
    expect(Object.is(extractedValue(-0, false), -0)).toBe(false);
    expect(extractedValue(undefined, false)).toBeNull();
    expect(extractedValue(() => 1, false)).toBeNull();
  });

  it('every connection opened on the database derives them, and an update of the attributes too', async () => {
    await migrateToLatest(db);
    const deviceId = await insertDevice(db, 'Other', 'derived-other');
    const other = openDatabase({ kind: 'sqlite', file: db.sqlite!.name });
    try {
      const trigger = other
        .sqlite!.prepare(`SELECT count(*) AS n FROM sqlite_temp_master WHERE name = ?`)
        .get(DERIVED_TRIGGER) as { n: number };
      expect(trigger.n).toBe(1);
      const insert = other.sqlite!.prepare(
        'INSERT INTO positions (device_id, server_time, device_time, fix_time, valid, latitude, longitude, attributes) ' +
          'VALUES (?, 1, 1, ?, 1, -8.8, 13.2, ?)',
      );
      const { lastInsertRowid } = insert.run(deviceId, T0, JSON.stringify({ ignition: true, privacy: 1 }));
      expect(derivedOf(other, deviceId)).toEqual([
        [1, 'integer', null, 'null', null, 'null', null, 'null', 1, 'integer'],
      ]);
      expect(talliesOf(other, deviceId)).toEqual([[Math.trunc(T0 / 3_600_000), 1, T0 % 86_400_000]]);
      other
        .sqlite!.prepare('UPDATE positions SET attributes = ? WHERE id = ?')
        .run(JSON.stringify({ motion: true, hours: 5 }), lastInsertRowid);
      expect(derivedOf(other, deviceId)).toEqual([
        [null, 'null', 1, 'integer', null, 'null', 5, 'real', null, 'null'],
      ]);
    } finally {
      await other.close();
    }
  });

  it('migration 033 keeps the stored values, ids and tallies; down gives the generated columns back', async () => {
    await migrateTo(db, '032_privateJsonFilter');
    const sqlite = db.sqlite!;
    const deviceId = await insertDevice(db, 'Antes', 'derived-before');
    const insert = sqlite.prepare(
      'INSERT INTO positions (device_id, server_time, device_time, fix_time, valid, latitude, longitude, attributes) ' +
        'VALUES (?, 1, 1, ?, 1, -8.8, 13.2, ?)',
    );
    TRICKY.forEach((attributes, i) => insert.run(deviceId, T0 + i * 60_000, JSON.stringify(attributes)));
    // the last id is taken out: the counter, not the rows, says where ids go on
    const last = sqlite.prepare('SELECT max(id) AS id FROM positions').get() as { id: number };
    sqlite.prepare('DELETE FROM positions WHERE id = ?').run(last.id);
    const hot = (d: Db) =>
      d
        .sqlite!.prepare(
          'SELECT id, ignition, typeof(ignition), motion, typeof(motion), total_distance, hours FROM positions ORDER BY id',
        )
        .raw()
        .all();
    const before = { hot: hot(db), tallies: talliesOf(db, deviceId) };
    const xinfo = () =>
      sqlite.prepare(`SELECT name, hidden FROM pragma_table_xinfo('positions') WHERE hidden <> 0`).all();
    expect(xinfo()).toHaveLength(4);

    expect(await migrateToLatest(db)).toEqual(['033_writtenColumns']);
    expect(xinfo()).toEqual([]);
    expect(hot(db)).toEqual(before.hot);
    expect(talliesOf(db, deviceId)).toEqual(before.tallies);
    const privacy = sqlite.prepare('SELECT privacy FROM positions ORDER BY id').pluck().all();
    expect(privacy.slice(0, 6)).toEqual([1, 0, '7', null, 5, 2.5]);
    const schema = sqlite
      .prepare(
        `SELECT name, sql FROM sqlite_master WHERE tbl_name = 'positions' AND sql IS NOT NULL ORDER BY name`,
      )
      .raw()
      .all() as string[][];
    expect(schema.map(([name]) => name)).toEqual([
      'positions',
      'positions_derived_update',
      'positions_device_fix',
      'positions_private',
      'positions_tally_delete',
      'positions_tally_move',
    ]);
    expect(schema.find(([name]) => name === 'positions_private')![1]).toContain('WHERE privacy IS NOT NULL');
    // stored from now on: a new id past the deleted one, derived and tallied on this connection
    const { lastInsertRowid } = insert.run(deviceId, T0, JSON.stringify({ motion: true }));
    expect(Number(lastInsertRowid)).toBe(last.id + 1);
    sqlite.prepare('DELETE FROM positions WHERE id = ?').run(lastInsertRowid);
    expect(talliesOf(db, deviceId)).toEqual(before.tallies);

    expect(await migrateTo(db, '032_privateJsonFilter')).toEqual(['033_writtenColumns']);
    expect(xinfo()).toHaveLength(4);
    expect(hot(db)).toEqual(before.hot);
    const trigger = sqlite.prepare(`SELECT count(*) AS n FROM sqlite_temp_master`).get() as { n: number };
    expect(trigger.n).toBe(0);
    insert.run(deviceId, T0 + 3_600_000, JSON.stringify({ ignition: false }));
    expect(talliesOf(db, deviceId)).toEqual([
      ...before.tallies,
      [Math.trunc(T0 / 3_600_000) + 1, 1, (T0 + 3_600_000) % 86_400_000],
    ]);
  });
});
