/**
 * `npm run segments:rebuild`: after positions changed under the segments (an import rewrote them), the
 * command, run as an operator runs it, brings the segments back to the engine's answer.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/src/db/database';
import { migrateToLatest } from '../../../server/src/db/migrate';
import { fromBool, toJson } from '../../../server/src/db/mapping';
import { buildTrack, insertTrack } from '../../../server/src/reports/testing/track';
import { noisyTrack } from '../../../server/src/reports/testing/noisyTrack';
import { segmentPass } from '../../../server/src/modules/segments/job';
import { periodSegments } from '../../../server/src/track/segments/period';
import { runVehicle } from '../../../server/src/track/run';
import { Tracker, type Trip } from '../../../server/src/track/tracker';
import type { DeviceProfile } from '../../../server/src/track/sample';

const run = promisify(execFile);
const ROOT = new URL('../../../', import.meta.url).pathname;
const DAY = 86_400_000;
const T0 = Date.UTC(2025, 4, 1);
const VEHICLE: DeviceProfile = { machine: false, engineVoltage: undefined };
const view = (t: Trip) => [t.startTime, t.endTime, Math.round(t.distance)];

describe('segments:rebuild', () => {
  const dir = mkdtempSync(join(tmpdir(), 'frota-rebuild-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('computes the segments again from a time on, for one vehicle, and refuses bad input', async () => {
    const db = openDatabase({ kind: 'sqlite', file: join(dir, 'frota.db') });
    await migrateToLatest(db);
    const device = await db.kysely
      .insertInto('devices')
      .values({
        name: 'Rebuild',
        uniqueId: 'REBUILD01',
        status: 'offline',
        disabled: fromBool(db.dialect, false),
        attributes: toJson({}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(device.id);
    await insertTrack(
      db,
      id,
      buildTrack({ latitude: -8.8, longitude: 13.2 }, noisyTrack(T0, T0 + 4 * DAY, 30_000, 5)),
    );
    while ((await segmentPass(db)).more);
    const period = { from: T0, to: T0 + 4 * DAY, end: T0 + 4 * DAY };
    const engine = async () => {
      const tracker = new Tracker();
      await runVehicle(db, id, VEHICLE, [tracker], period);
      return tracker.trips.map(view);
    };
    const stored = async () => (await periodSegments(db, id, VEHICLE, period))?.trips.map(view);
    expect(await stored()).toEqual(await engine());

    // an import rewrites day 3 as parked: no new position, so the job sees nothing
    await sql`UPDATE positions SET speed = 0, attributes = ${toJson({ ignition: false })}
      WHERE device_id = ${id} AND fix_time >= ${T0 + 2 * DAY} AND fix_time < ${T0 + 3 * DAY}`.execute(
      db.kysely,
    );
    expect((await segmentPass(db)).devices).toBe(0);
    const want = await engine();
    expect(await stored()).not.toEqual(want);

    const env = { ...process.env, FROTA_DATA_DIR: dir, FROTA_LOG_LEVEL: 'silent' };
    const cli = (args: string[]) =>
      run('node', ['--import', 'tsx', 'tools/src/segments/rebuild.ts', ...args], { cwd: ROOT, env });
    const { stdout } = await cli(['--device', 'REBUILD01', '--from', new Date(T0 + 2 * DAY).toISOString()]);
    const result = JSON.parse(stdout);
    expect(result).toMatchObject({ vehicles: 1 });
    expect(result.segments).toBeGreaterThan(0);
    // only from day 3 on: fewer positions read than the vehicle has
    const [{ n }] = (await sql<{ n: number }>`SELECT count(*) AS n FROM positions`.execute(db.kysely)).rows;
    expect(result.positions).toBeLessThan(Number(n));
    expect(await stored()).toEqual(want);

    await expect(cli(['--device', 'NOPE'])).rejects.toMatchObject({
      stderr: expect.stringContaining('Unknown vehicle: NOPE'),
    });
    await expect(cli(['--from', 'yesterday'])).rejects.toMatchObject({
      stderr: expect.stringContaining('Not a time'),
    });
    await db.close();
  }, 120_000);
});
