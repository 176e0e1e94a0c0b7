/**
 * The segments store's commit of one vehicle: its closed segments, hours and progress all stored or none
 * (on PostgreSQL one statement; on SQLite one transaction), and a key given twice keeps the later values,
 * as two upserts one after the other would.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, freshDatabase, insertDevice } from '../../harness';
import { migrateToLatest } from '../../../src/db/migrate';
import type { Db } from '../../../src/db/database';
import { placeholders, queryArrays } from '../../../src/track/arrayQuery';
import type { Sample } from '../../../src/track/sample';
import { STOP, TRIP, type Closed } from '../../../src/track/segments/codec';
import type { HourFigures } from '../../../src/track/segments/hourBook';
import { refuseProgress } from './refuseProgress';
import {
  commitSegments,
  readProgress,
  type Progress,
  type StoredHour,
} from '../../../src/track/segments/store';

const T0 = Date.UTC(2025, 7, 1, 8);
const HOUR = 3_600_000;

const sample = (id: number, time: number): Sample => ({
  id,
  time,
  valid: true,
  latitude: -8.8,
  longitude: 13.2,
  speed: 0,
  ignition: false,
  motion: 'off',
  odometer: undefined,
  hours: undefined,
  attrs: {},
});

const trip = (closedBy: Sample, startTime: number, endTime: number): Closed =>
  ({ kind: TRIP, closedBy, trip: { startTime, endTime } }) as unknown as Closed;
const stop = (closedBy: Sample, startTime: number, endTime: number): Closed =>
  ({ kind: STOP, closedBy, stop: { startTime, endTime, resume: closedBy } }) as unknown as Closed;
const hour = (closedBy: Sample, start: number, positions: number): StoredHour => ({
  closedBy,
  figures: { hour: start, positions } as HourFigures,
});

describe.each(dialects())('segments commit on %s', (dialect) => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let db: Db;
  let car: number;

  beforeAll(async () => {
    fresh = await freshDatabase(dialect);
    db = fresh.db;
    await migrateToLatest(db);
    car = await insertDevice(db, 'Carro', 'commit-1');
  }, 120_000);
  afterAll(async () => {
    await db.close();
    await fresh.drop();
  });

  const stored = async (deviceId: number) => ({
    segments: (
      await queryArrays(
        db,
        placeholders(
          db,
          'SELECT kind, closed_id, start_time, end_time FROM segments WHERE device_id = ? ORDER BY closed_id, kind',
        ),
        [deviceId],
      )
    ).map((row) => row.map(Number)),
    hours: (
      await queryArrays(
        db,
        placeholders(db, 'SELECT hour, closed_id, data FROM segment_hours WHERE device_id = ? ORDER BY hour'),
        [deviceId],
      )
    ).map(([h, id, data]) => [
      Number(h),
      Number(id),
      (typeof data === 'string' ? JSON.parse(data) : data).positions,
    ]),
  });

  const progress = (deviceId: number, seenId: number, resume: Sample): Progress => ({
    deviceId,
    profile: 'vehicle:',
    seenId,
    resume,
  });

  it('stores segments, hours and progress together; a key given twice keeps the later values', async () => {
    const a = sample(10, T0 + 600_000);
    const b = sample(20, T0 + HOUR + 600_000);
    await commitSegments(
      db,
      car,
      [
        trip(a, T0, T0 + 100),
        stop(a, T0 + 100, T0 + 200),
        trip(a, T0, T0 + 300),
        stop(b, T0 + 300, T0 + 400),
      ],
      [hour(a, T0, 5), hour(a, T0, 7), hour(b, T0 + HOUR, 3)],
      progress(car, 20, b),
    );
    expect(await stored(car)).toEqual({
      segments: [
        [TRIP, 10, T0, T0 + 300],
        [STOP, 10, T0 + 100, T0 + 200],
        [STOP, 20, T0 + 300, T0 + 400],
      ],
      hours: [
        [T0, 10, 7],
        [T0 + HOUR, 20, 3],
      ],
    });
    expect((await readProgress(db, [car])).get(car)).toMatchObject({ seenId: 20, resume: { id: 20 } });

    // the same keys again: updated in place
    await commitSegments(
      db,
      car,
      [stop(b, T0 + 350, T0 + 450)],
      [hour(b, T0 + HOUR, 4)],
      progress(car, 25, b),
    );
    const again = await stored(car);
    expect(again.segments.at(-1)).toEqual([STOP, 20, T0 + 350, T0 + 450]);
    expect(again.hours.at(-1)).toEqual([T0 + HOUR, 20, 4]);
    expect((await readProgress(db, [car])).get(car)?.seenId).toBe(25);
  });

  it('waits for a transaction that holds the connection, then commits', async () => {
    const van = await insertDevice(db, 'Carrinha', 'commit-3');
    const a = sample(40, T0 + 600_000);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let committing!: Promise<void>;
    const started = new Promise<void>((resolve) => {
      void db.kysely.transaction().execute(async (trx) => {
        await sql`SELECT 1`.execute(trx);
        committing = commitSegments(db, van, [trip(a, T0, T0 + 100)], [], progress(van, 40, a));
        resolve();
        await held;
      });
    });
    await started;
    release();
    await committing;
    expect((await stored(van)).segments).toEqual([[TRIP, 40, T0, T0 + 100]]);
    expect((await readProgress(db, [van])).get(van)?.seenId).toBe(40);
  });

  it('stores nothing when the progress row is refused', async () => {
    const truck = await insertDevice(db, 'Camião', 'commit-2');
    await refuseProgress(db, truck);
    const a = sample(30, T0 + 600_000);
    await expect(
      commitSegments(db, truck, [trip(a, T0, T0 + 100)], [hour(a, T0, 2)], progress(truck, 30, a)),
    ).rejects.toThrow(/refused/);
    expect(await stored(truck)).toEqual({ segments: [], hours: [] });
    expect((await readProgress(db, [truck])).has(truck)).toBe(false);
  });
});
