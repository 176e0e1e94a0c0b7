/**
 * Migration 022 on a PostgreSQL database that already holds rows: positions and events become tables
 * partitioned by month without losing or changing a row, ids continue, and every trigger still works
 * (tallies, the event facts, the cascade that replaced event_statuses' foreign key).
 */
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/database';
import { migrateTo, migrateToLatest } from '../../../src/db/migrate';
import { migration022 } from '../../../src/db/migrations/022_partitions';
import { freshDatabase, insertDevice } from '../../harness';
import {
  eventTallyOf,
  insertEvent,
  insertPosition,
  insertStatus,
  partitionOf,
  partitionsOf,
  query,
  skipReason,
  tallyOf,
  utc,
} from './partitionsSupport';

const MONTHS = [utc(2024, 10, 3), utc(2024, 11, 14), utc(2024, 12, 31, 23), utc(2025, 1, 9)];
const BROKEN_PAST = utc(1999, 12, 31, 22);
const BROKEN_FUTURE = utc(2099, 6, 1);

const snapshot = async (db: Db) => ({
  positions: await query(db, 'SELECT * FROM positions ORDER BY id'),
  events: await query(db, 'SELECT * FROM events ORDER BY id'),
  statuses: await query(db, 'SELECT * FROM event_statuses ORDER BY id'),
  positionTallies: await query(db, 'SELECT * FROM position_tallies ORDER BY device_id, hour'),
  eventTallies: await query(db, 'SELECT * FROM event_tallies ORDER BY 1, 2, 3, 4, 5'),
});

const relkind = async (db: Db, table: string) =>
  (await query<{ k: string }>(db, `SELECT relkind AS k FROM pg_class WHERE oid = to_regclass('${table}')`))[0]
    ?.k;

describe.skipIf(Boolean(skipReason))('migration 022: positions and events partitioned by month', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let db: Db;
  let a: number;
  let b: number;
  const positionIds: number[] = [];
  const eventIds: number[] = [];
  const statusIds: number[] = [];

  beforeEach(async () => {
    fresh = await freshDatabase('postgres');
    db = fresh.db;
    positionIds.length = eventIds.length = statusIds.length = 0;
    await migrateTo(db, '021_traccarReports');
    a = await insertDevice(db, 'A', 'imei-a');
    b = await insertDevice(db, 'B', 'imei-b');
    for (const [i, t] of [...MONTHS, BROKEN_PAST, BROKEN_FUTURE].entries())
      for (const device of [a, b]) {
        const id = await insertPosition(db, device, t + i * 1000, {
          ignition: i % 2 === 0,
          motion: true,
          totalDistance: 1000.5 * (i + 1),
          hours: 3_600_000 * i,
          driverUniqueId: `card-${device}`,
        });
        positionIds.push(id);
        const event = await insertEvent(db, device, t + i * 1000, id);
        eventIds.push(event);
        statusIds.push(await insertStatus(db, event, device, t + 60_000));
      }
  });

  afterEach(async () => {
    await db.close();
    await fresh.drop();
  });

  it('keeps every row, id and value, and partitions both tables by UTC month', async () => {
    const before = await snapshot(db);
    expect(before.positions).toHaveLength(12);
    expect(before.events[0]).toMatchObject({ driverUniqueId: 'card-' + a, alertType: 'alarmsos' });
    await migrateToLatest(db);

    expect(await snapshot(db)).toEqual(before);
    expect(await relkind(db, 'positions')).toBe('p');
    expect(await relkind(db, 'events')).toBe('p');
    const positionParts = await partitionsOf(db, 'positions');
    expect(positionParts).toEqual(
      expect.arrayContaining([
        'positions_default',
        'positions_p1999_12',
        'positions_p2024_10',
        'positions_p2024_11',
        'positions_p2024_12',
        'positions_p2025_01',
      ]),
    );
    // the current month and the three after it exist too
    const now = new Date();
    for (let i = 0; i <= 3; i++) {
      const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + i, 1));
      const suffix = `${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
      expect(positionParts).toContain(`positions_p${suffix}`);
      expect(await partitionsOf(db, 'events')).toContain(`events_p${suffix}`);
    }
    expect(positionParts).not.toContain('positions_p2099_06');
    // each row sits in the partition of its month; the broken future clock in the default one
    expect(await partitionOf(db, 'positions', positionIds[0])).toBe('positions_p2024_10');
    expect(await partitionOf(db, 'positions', positionIds[5])).toBe('positions_p2024_12');
    expect(await partitionOf(db, 'positions', positionIds[8])).toBe('positions_p1999_12');
    expect(await partitionOf(db, 'positions', positionIds[10])).toBe('positions_default');
    expect(await partitionOf(db, 'events', eventIds[2])).toBe('events_p2024_11');
    expect(await partitionOf(db, 'events', eventIds[11])).toBe('events_default');

    const keys = await query<{ table: string; def: string }>(
      db,
      `SELECT conrelid::regclass::text AS table, pg_get_constraintdef(oid) AS def FROM pg_constraint ` +
        `WHERE conrelid IN (to_regclass('positions'), to_regclass('events')) AND contype IN ('p', 'f') ` +
        `ORDER BY 1, 2`,
    );
    expect(keys).toEqual([
      { table: 'events', def: 'FOREIGN KEY (device_id) REFERENCES devices(id) ON DELETE CASCADE' },
      { table: 'events', def: 'FOREIGN KEY (geofence_id) REFERENCES geofences(id) ON DELETE SET NULL' },
      { table: 'events', def: 'PRIMARY KEY (id, event_time)' },
      // the positions' foreign key, carried over here, became a check per statement in migration 031
      { table: 'positions', def: 'PRIMARY KEY (id, fix_time)' },
    ]);
    const indexes = await query<{ name: string }>(
      db,
      `SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() ` +
        `AND tablename IN ('positions', 'events') ORDER BY 1`,
    );
    expect(indexes.map((i) => i.name)).toEqual([
      'events_alert_list',
      'events_device_time',
      'events_pkey',
      'positions_device_fix',
      'positions_pkey',
      'positions_private',
    ]);
  });

  it('continues the ids and keeps the triggers working', async () => {
    await migrateToLatest(db);
    const nov = utc(2024, 11, 20, 10);
    const tally = await tallyOf(db, a, nov);
    const id = await insertPosition(db, a, nov, { driverUniqueId: 'card-new' });
    expect(id).toBeGreaterThan(Math.max(...positionIds));
    expect(await partitionOf(db, 'positions', id)).toBe('positions_p2024_11');
    expect(await tallyOf(db, a, nov)).toEqual([tally[0] + 1, tally[1] + (nov % 86_400_000)]);

    // a fix time moved to another month moves its tally (a row trigger would not see it)
    const dec = utc(2024, 12, 2, 5);
    await query(db, `UPDATE positions SET fix_time = ${dec} WHERE id = ${id}`);
    expect(await partitionOf(db, 'positions', id)).toBe('positions_p2024_12');
    expect(await tallyOf(db, a, nov)).toEqual(tally);
    expect(await tallyOf(db, a, dec)).toEqual([1, dec % 86_400_000]);
    // an update that moves nothing leaves the tallies alone
    await query(db, `UPDATE positions SET address = 'Rua 1' WHERE id = ${id}`);
    expect(await tallyOf(db, a, dec)).toEqual([1, dec % 86_400_000]);
    await query(db, `DELETE FROM positions WHERE id = ${id}`);
    expect(await tallyOf(db, a, dec)).toEqual([0, 0]);

    const events = await eventTallyOf(db, a, nov);
    const position = await insertPosition(db, a, nov, { driverUniqueId: 'card-7' });
    const event = await insertEvent(db, a, nov, position);
    expect(event).toBeGreaterThan(Math.max(...eventIds));
    expect(await eventTallyOf(db, a, nov)).toBe(events + 1);
    const [row] = await query(db, `SELECT driver_unique_id, alert_type FROM events WHERE id = ${event}`);
    expect(row).toEqual({ driverUniqueId: 'card-7', alertType: 'alarmsos' });
    expect(await insertStatus(db, event, a, nov)).toBeGreaterThan(Math.max(...statusIds));
  });

  it('keeps the behaviour of the event_statuses foreign key', async () => {
    await migrateToLatest(db);
    // deleting an event deletes its statuses
    await query(db, `DELETE FROM events WHERE id = ${eventIds[0]}`);
    expect(await query(db, `SELECT id FROM event_statuses WHERE event_id = ${eventIds[0]}`)).toEqual([]);
    expect(await query(db, `SELECT id FROM event_statuses WHERE event_id = ${eventIds[2]}`)).toHaveLength(1);
    // a status of a missing event is refused as a foreign key would
    await expect(insertStatus(db, 999_999, a, 0)).rejects.toMatchObject({ code: '23503' });
    await expect(
      query(db, `UPDATE event_statuses SET event_id = 999999 WHERE id = ${statusIds[2]}`),
    ).rejects.toMatchObject({ code: '23503' });
    // deleting a vehicle deletes its positions, events and statuses
    await query(db, `DELETE FROM devices WHERE id = ${a}`);
    for (const table of ['positions', 'events', 'event_statuses'])
      expect(await query(db, `SELECT id FROM ${table} WHERE device_id = ${a}`)).toEqual([]);
    expect(await query(db, `SELECT id FROM positions WHERE device_id = ${b}`)).toHaveLength(6);
    expect(await query(db, `SELECT id FROM event_statuses WHERE device_id = ${b}`)).toHaveLength(6);
  });

  it('converts back to plain tables with the same rows (down), and up again', async () => {
    await migrateToLatest(db);
    const partitioned = await snapshot(db);
    const k = db.kysely as unknown as Kysely<unknown>;
    await k.transaction().execute((trx) => migration022('postgres').down(trx));
    expect(await relkind(db, 'positions')).toBe('r');
    expect(await relkind(db, 'events')).toBe('r');
    expect(await snapshot(db)).toEqual(partitioned);
    const [fk] = await query<{ def: string }>(
      db,
      `SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'event_statuses_event_id_fkey' ` +
        `AND conrelid = to_regclass('event_statuses')`,
    );
    expect(fk.def).toBe('FOREIGN KEY (event_id) REFERENCES events(id) ON DELETE CASCADE');
    const id = await insertPosition(db, a, utc(2024, 11, 1));
    expect(id).toBeGreaterThan(Math.max(...positionIds));
    await query(db, `UPDATE positions SET fix_time = ${utc(2024, 10, 5)} WHERE id = ${id}`);
    expect(await tallyOf(db, a, utc(2024, 10, 5))).toEqual([1, utc(2024, 10, 5) % 86_400_000]);

    await k.transaction().execute((trx) => migration022('postgres').up(trx));
    expect(await relkind(db, 'positions')).toBe('p');
    expect((await snapshot(db)).positions).toHaveLength(13);
  });
});
