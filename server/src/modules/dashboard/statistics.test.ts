/**
 * The dashboard's counters (statistics.ts) on a real SQLite database built by the migrations: every new
 * vehicle gets its row (a trigger), batches add to it (processing/stages/deviceStatistics.ts, both
 * writers), `readStatistics` answers the vehicles the user sees, `resetStatistics` starts counting again.
 * Expected rows written out by hand.
 *
 * Mutations this catches: another client's vehicle in the answer, a vehicle without a row dropped (or
 * given nulls instead of zeros), counts replaced instead of added, an older ignition overwriting a newer
 * one (or a batch without one erasing it), the reset keeping a counter or losing the ignition time, the
 * reset time's text not UTC.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { fromBool, toJson } from '../../db/mapping';
import { userJson } from '../../db/rows';
import { scopeFor, type Scope } from '../../auth/policy';
import {
  sqliteStatisticsWriter,
  statisticsDeltas,
  writeStatistics,
  type StatisticsDelta,
} from '../../processing/stages/deviceStatistics';
import type { ProcessedPosition } from '../../processing/types';
import { readStatistics, resetStatistics } from './statistics';
import { recordAt } from '../../../test/positionRecords';

const T0 = Date.UTC(2025, 2, 10, 6, 0, 0);
const T1 = Date.UTC(2025, 2, 10, 9, 15, 30);
const zero = {
  deviceOverspeed: 0,
  hardAcceleration: 0,
  hardBraking: 0,
  hardCornering: 0,
  lowBattery: 0,
  sos: 0,
};

/** A stored record whose ignition went on at its own time (the ignition stage's stamp). */
const ignitionOn = (deviceId: number, fixTime: number): ProcessedPosition =>
  recordAt(deviceId, fixTime, {
    latitude: 0,
    longitude: 0,
    attributes: { ignition: true, lastignition: new Date(fixTime).toISOString() },
  });

const row = (
  deviceid: number,
  lastreset: number,
  o: Partial<{ lastignition: number; counts: Partial<typeof zero> }> = {},
) => {
  const c = { ...zero, ...o.counts };
  return {
    deviceid,
    lastignition: o.lastignition === undefined ? null : new Date(o.lastignition).toISOString(),
    lastreset: new Date(lastreset).toISOString(),
    last_reset: new Date(lastreset).toISOString().slice(0, 19).replace('T', ' '),
    alert_deviceOverspeed: c.deviceOverspeed,
    alert_hardAcceleration: c.hardAcceleration,
    alert_hardBraking: c.hardBraking,
    alert_hardCornering: c.hardCornering,
    alert_lowBattery: c.lowBattery,
    alert_sos: c.sos,
  };
};

describe('dashboard counters', () => {
  let db: Db;
  let user: Scope;
  let admin: Scope;
  const v: number[] = [];

  beforeAll(async () => {
    db = openDatabase({ kind: 'sqlite', file: ':memory:' });
    await migrateToLatest(db);
    const k = db.kysely;
    const b = (x: boolean) => fromBool(db.dialect, x);
    for (const name of ['A', 'B', 'C'])
      v.push(
        Number(
          (
            await k
              .insertInto('devices')
              .values({
                name,
                uniqueId: `stats-${name}`,
                status: 'offline',
                disabled: b(false),
                attributes: toJson({}),
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        ),
      );
    const person = async (name: string, administrator: boolean) =>
      userJson(
        await k
          .insertInto('users')
          .values({
            name,
            email: `${name}@stats.test`,
            readonly: b(false),
            administrator: b(administrator),
            disabled: b(false),
            userLimit: 0,
            deviceLimit: -1,
            attributes: toJson({}),
          })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
    const plain = await person('plain', false);
    await k
      .insertInto('userDevice')
      .values([
        { userId: plain.id, deviceId: v[0] },
        { userId: plain.id, deviceId: v[1] },
      ])
      .execute();
    user = await scopeFor(db, plain);
    admin = await scopeFor(db, await person('admin', true));
  });
  afterAll(async () => {
    await db.close();
  });

  const add = async (deltas: StatisticsDelta[], now: number) =>
    db.kysely.transaction().execute((trx) => writeStatistics(trx, deltas, now));

  it('gives every new vehicle its row, counting from its creation', async () => {
    const rows = await readStatistics(db, admin);
    expect(rows.map((r) => r.deviceid)).toEqual(v);
    for (const r of rows) {
      expect(r.lastreset).not.toBeNull();
      expect(r).toMatchObject({ lastignition: null, alert_sos: 0, alert_deviceOverspeed: 0 });
    }
  });

  it('adds batches to the counters and keeps the latest ignition; a user reads only its vehicles', async () => {
    await resetStatistics(db, T0);
    await add(
      statisticsDeltas([
        {
          positions: [ignitionOn(v[0], T0 + 1000)],
          events: [
            { deviceId: v[0], draft: { type: 'alarm', eventTime: T0, attributes: { alarm: 'sos' } } },
            { deviceId: v[1], draft: { type: 'deviceOverspeed', eventTime: T0 } },
            { deviceId: v[2], draft: { type: 'alarm', eventTime: T0, attributes: { alarm: 'hardBraking' } } },
          ],
        },
      ]),
      T0,
    );
    // the prepared writer of the SQLite pipeline adds the same way; an older ignition changes nothing
    sqliteStatisticsWriter(db.sqlite!)(
      [
        { deviceId: v[0], lastIgnition: T0 - 5000, counts: { ...zero, sos: 2, lowBattery: 1 } },
        { deviceId: v[1], lastIgnition: T0 + 7000, counts: zero },
      ],
      T0,
    );
    // a batch without an ignition keeps the one stored
    await add([{ deviceId: v[1], lastIgnition: null, counts: { ...zero, deviceOverspeed: 4 } }], T0);

    expect(await readStatistics(db, user)).toEqual([
      row(v[0], T0, { lastignition: T0 + 1000, counts: { sos: 3, lowBattery: 1 } }),
      row(v[1], T0, { lastignition: T0 + 7000, counts: { deviceOverspeed: 5 } }),
    ]);
    expect((await readStatistics(db, admin)).at(-1)).toEqual(row(v[2], T0, { counts: { hardBraking: 1 } }));
  });

  it('starts counting again at the reset, keeping the ignition times', async () => {
    await resetStatistics(db, T1);
    expect(await readStatistics(db, admin)).toEqual([
      row(v[0], T1, { lastignition: T0 + 1000 }),
      row(v[1], T1, { lastignition: T0 + 7000 }),
      row(v[2], T1),
    ]);
    expect((await readStatistics(db, admin))[0].last_reset).toBe('2025-03-10 09:15:30');
  });

  it('answers zeros for a vehicle without a row, and the reset gives it one', async () => {
    await db.kysely.deleteFrom('deviceStatistics').where('deviceId', '=', v[1]).execute();
    expect((await readStatistics(db, user))[1]).toEqual({
      deviceid: v[1],
      lastignition: null,
      lastreset: null,
      last_reset: null,
      alert_deviceOverspeed: 0,
      alert_hardAcceleration: 0,
      alert_hardBraking: 0,
      alert_hardCornering: 0,
      alert_lowBattery: 0,
      alert_sos: 0,
    });
    // a batch for it creates the row, counting from the batch
    await add([{ deviceId: v[1], lastIgnition: null, counts: { ...zero, sos: 1 } }], T1 + 1000);
    expect((await readStatistics(db, user))[1]).toEqual(row(v[1], T1 + 1000, { counts: { sos: 1 } }));
    await db.kysely.deleteFrom('deviceStatistics').where('deviceId', '=', v[2]).execute();
    await resetStatistics(db, T1 + 2000);
    expect((await readStatistics(db, admin)).map((r) => r.lastreset)).toEqual(
      [T1 + 2000, T1 + 2000, T1 + 2000].map((t) => new Date(t).toISOString()),
    );
  });
});
