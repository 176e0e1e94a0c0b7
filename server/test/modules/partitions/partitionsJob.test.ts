/**
 * The partition job (PostgreSQL): months created ahead of an injected `now`, idempotent, rows moved out
 * of the DEFAULT partition; retention dropping whole old months with what counts them, never the
 * current month.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/database';
import { migrateToLatest } from '../../../src/db/migrate';
import { loadConfig } from '../../../src/config';
import {
  maintainPartitions,
  retentionCutoff,
  startPartitionMaintainer,
} from '../../../src/modules/partitions/partitionJob';
import { freshDatabase, insertDevice } from '../../harness';
import { Beats } from '../../jobBeats';
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
  migratedWithVehicle,
} from './partitionsSupport';

describe.skipIf(Boolean(skipReason))('partition job', () => {
  let db: Db;
  let device: number;
  let close: () => Promise<void>;

  beforeEach(async () => {
    ({ db, device, close } = await migratedWithVehicle());
  });

  afterEach(() => close());

  it('creates the current month and the three after it, once, moving their rows out of the default', async () => {
    // a month with no partition yet: its rows wait in the DEFAULT partition
    const early = utc(2031, 3, 15, 8);
    const position = await insertPosition(db, device, early);
    const event = await insertEvent(db, device, early, position);
    const status = await insertStatus(db, event, device, early);
    expect(await partitionOf(db, 'positions', position)).toBe('positions_default');
    const tally = await tallyOf(db, device, early);
    expect(tally).toEqual([1, early % 86_400_000]);

    const first = await maintainPartitions(db, utc(2031, 1, 20));
    expect(first.created).toEqual([
      'positions_p2031_01',
      'positions_p2031_02',
      'positions_p2031_03',
      'positions_p2031_04',
      'events_p2031_01',
      'events_p2031_02',
      'events_p2031_03',
      'events_p2031_04',
    ]);
    expect(first.moved).toBe(2);
    expect(await partitionOf(db, 'positions', position)).toBe('positions_p2031_03');
    expect(await partitionOf(db, 'events', event)).toBe('events_p2031_03');
    // moved as they were: the tallies, the event's status and its facts stay
    expect(await tallyOf(db, device, early)).toEqual(tally);
    expect(await eventTallyOf(db, device, early)).toBe(1);
    expect(await query(db, `SELECT id FROM event_statuses WHERE event_id = ${event}`)).toEqual([
      { id: status },
    ]);
    // the attached partition has the parent's indexes and triggers
    const later = await insertPosition(db, device, early + 1000);
    expect(await tallyOf(db, device, early)).toEqual([2, 2 * (early % 86_400_000) + 1000]);
    const indexes = await query<{ def: string }>(
      db,
      `SELECT indexdef AS def FROM pg_indexes WHERE tablename = 'positions_p2031_03' ORDER BY 1`,
    );
    expect(indexes.map((i) => i.def.replace(/^.* USING btree /, ''))).toEqual([
      '(device_id, fix_time)',
      // the positions that say anything about privacy (migration 030), read by the replay
      "(device_id, fix_time) WHERE ((attributes ->> 'privacy'::text) IS NOT NULL)",
      '(id, fix_time)',
    ]);
    expect(later).toBeGreaterThan(position);

    const second = await maintainPartitions(db, utc(2031, 1, 21));
    expect(second).toEqual({ created: [], moved: 0, dropped: [], purged: 0 });
    const next = await maintainPartitions(db, utc(2031, 2, 1));
    expect(next.created).toEqual(['positions_p2031_05', 'events_p2031_05']);
  });

  it('drops whole months older than the retention, with their tallies, statuses and cached days', async () => {
    await maintainPartitions(db, utc(2024, 1, 10));
    const other = await insertDevice(db, 'B', 'imei-b');
    const times = [utc(2024, 1, 5, 3), utc(2024, 2, 5, 3), utc(2024, 3, 5, 3), utc(2024, 4, 5, 3)];
    const ids: number[] = [];
    const events: number[] = [];
    for (const t of times) {
      const id = await insertPosition(db, device, t);
      ids.push(id);
      await insertPosition(db, other, t + 5000);
      const event = await insertEvent(db, device, t, id);
      events.push(event);
      await insertStatus(db, event, device, t);
    }
    // a broken clock's fix time older than any month kept, in the default partition
    const stray = await insertPosition(db, device, utc(1999, 6, 1));
    const strayEvent = await insertEvent(db, device, utc(1999, 6, 1), stray);
    await insertStatus(db, strayEvent, device, utc(1999, 6, 1));
    await query(db, `UPDATE devices SET position_id = ${ids[0]} WHERE id = ${device}`);
    await query(
      db,
      `INSERT INTO compact_cache (device_id, window_start, bucket_ms, version, positions, time_sum, rows) VALUES ` +
        `(${device}, ${utc(2024, 1, 5)}, 60000, 1, 1, 0, '[]'), (${device}, ${utc(2024, 3, 5)}, 60000, 1, 1, 0, '[]')`,
    );
    // segments and hours (modules/segments) of January and of March
    for (const [start, kind] of [
      [utc(2024, 1, 5), 1],
      [utc(2024, 3, 5), 2],
    ])
      await query(
        db,
        `INSERT INTO segments (device_id, kind, closed_time, closed_id, start_time, end_time, data) VALUES ` +
          `(${device}, ${kind}, ${start + 60_000}, 1, ${start}, ${start + 60_000}, '{}')`,
      );
    await query(
      db,
      `INSERT INTO segment_hours (device_id, hour, closed_time, closed_id, data) VALUES ` +
        `(${device}, ${utc(2024, 1, 5)}, ${utc(2024, 1, 6)}, 1, '{}'), (${device}, ${utc(2024, 3, 5)}, ${utc(2024, 3, 6)}, 1, '{}')`,
    );

    const logged: Array<[object, string]> = [];
    const log = { info: (details: object, message: string) => logged.push([details, message]) };
    // April 10 with two months kept: February, March and April stay, January goes
    const result = await maintainPartitions(db, utc(2024, 4, 10), { retentionMonths: 2, log });
    expect(result.dropped).toEqual(['positions_p2024_01', 'events_p2024_01']);
    expect(result.purged).toBe(2);
    expect(logged.map(([, m]) => m)).toEqual(
      expect.arrayContaining(['partition dropped (retention)', 'stray rows removed (retention)']),
    );
    expect(logged.find(([, m]) => m === 'partition dropped (retention)')![0]).toEqual({
      partition: 'positions_p2024_01',
      from: '2024-01-01T00:00:00.000Z',
      to: '2024-02-01T00:00:00.000Z',
    });

    expect(await partitionsOf(db, 'positions')).not.toContain('positions_p2024_01');
    const left = await query<{ fixTime: number }>(db, 'SELECT fix_time FROM positions ORDER BY fix_time, id');
    expect(left.map((r) => r.fixTime)).toEqual(times.slice(1).flatMap((t) => [t, t + 5000]));
    expect(await query(db, `SELECT id FROM events ORDER BY id`)).toEqual(
      events.slice(1).map((id) => ({ id })),
    );
    expect(
      (await query<{ eventId: number }>(db, 'SELECT event_id FROM event_statuses ORDER BY id')).map(
        (r) => r.eventId,
      ),
    ).toEqual(events.slice(1));
    expect(await tallyOf(db, device, times[0])).toEqual([0, 0]);
    expect(await tallyOf(db, device, times[1])).toEqual([1, times[1] % 86_400_000]);
    expect(await eventTallyOf(db, device, times[0])).toBe(0);
    expect(await eventTallyOf(db, device, times[1])).toBe(1);
    expect(
      await query(
        db,
        `SELECT count(*)::int AS n FROM position_tallies WHERE hour < ${utc(2024, 2, 1) / 3_600_000}`,
      ),
    ).toEqual([{ n: 0 }]);
    expect(await query(db, 'SELECT window_start FROM compact_cache')).toEqual([
      { windowStart: utc(2024, 3, 5) },
    ]);
    expect(await query(db, 'SELECT start_time FROM segments')).toEqual([{ startTime: utc(2024, 3, 5) }]);
    expect(await query(db, 'SELECT hour FROM segment_hours')).toEqual([{ hour: utc(2024, 3, 5) }]);
    expect(await query(db, `SELECT position_id FROM devices WHERE id = ${device}`)).toEqual([
      { positionId: null },
    ]);

    // a later run in the same month has nothing more to drop
    expect(await maintainPartitions(db, utc(2024, 4, 20), { retentionMonths: 2 })).toEqual({
      created: [],
      moved: 0,
      dropped: [],
      purged: 0,
    });
  });

  it('never touches the current month, even keeping a single month', async () => {
    await maintainPartitions(db, utc(2024, 1, 10));
    const march = await insertPosition(db, device, utc(2024, 3, 31, 23));
    const april = await insertPosition(db, device, utc(2024, 4, 1));
    await insertPosition(db, device, utc(2024, 2, 29, 23));
    const result = await maintainPartitions(db, utc(2024, 4, 1), { retentionMonths: 1 });
    expect(result.dropped).toEqual([
      'positions_p2024_01',
      'positions_p2024_02',
      'events_p2024_01',
      'events_p2024_02',
    ]);
    expect(
      (await query<{ id: number }>(db, 'SELECT id FROM positions ORDER BY id')).map((r) => r.id),
    ).toEqual([march, april]);
    expect(retentionCutoff(utc(2024, 4, 30, 23), 1)).toBe(utc(2024, 3, 1));
    expect(() => retentionCutoff(utc(2024, 4, 1), 0)).toThrow(/at least 1/);
  });
});

describe('partition settings and SQLite', () => {
  it('reads FROTA_RETENTION_MONTHS as a whole number of months, at least 1, unset by default', () => {
    expect(loadConfig({}).retentionMonths).toBeUndefined();
    expect(loadConfig({ FROTA_RETENTION_MONTHS: '' }).retentionMonths).toBeUndefined();
    expect(loadConfig({ FROTA_RETENTION_MONTHS: '13' }).retentionMonths).toBe(13);
    for (const bad of ['0', '-2', '1.5', 'many'])
      expect(() => loadConfig({ FROTA_RETENTION_MONTHS: bad })).toThrow(/FROTA_RETENTION_MONTHS/);
  });

  it('keeps one table on SQLite: the job changes nothing and does not start', async () => {
    const fresh = await freshDatabase('sqlite');
    try {
      await migrateToLatest(fresh.db);
      const id = await insertDevice(fresh.db, 'A', 'imei-a');
      expect(await maintainPartitions(fresh.db, utc(2024, 4, 10), { retentionMonths: 1 })).toEqual({
        created: [],
        moved: 0,
        dropped: [],
        purged: 0,
      });
      const beats = new Beats(Date.now);
      const job = startPartitionMaintainer(fresh.db, { firstDelayMs: 1, now: beats.clock('partitions') });
      // clock: not a wait but an order: Node runs the timers of one delay in the order they were set, so
      // by this one a started job would have begun its first beat (and read its clock)
      await new Promise((r) => setTimeout(r, 1));
      expect(beats.count('partitions')).toBe(0);
      await job.stop();
      const leases = await fresh.db.kysely.selectFrom('leases').select('name').execute();
      expect(leases.map((l) => l.name)).not.toContain('partitions');
      expect(await fresh.db.kysely.selectFrom('devices').select('id').execute()).toEqual([{ id }]);
    } finally {
      await fresh.db.close();
      await fresh.drop();
    }
  });
});
