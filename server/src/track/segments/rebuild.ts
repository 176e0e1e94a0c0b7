/**
 * The recalculation of segments (`npm run segments:rebuild`): after positions were uploaded late or deleted,
 * or a vehicle's settings changed, its segments and hours are computed again from the position before
 * `from` on (the last stop closed before it), or from its first position.
 */
import type { Db } from '../../db/database';
import { parseJson } from '../../db/mapping';
import { queryArrays } from '../arrayQuery';
import { deviceProfile } from '../sample';
import { maintainDevice, rewindTo } from './maintain';
import { dropAfter, profileKey, readProgress, writeProgress } from './store';

export interface RebuildOptions {
  /** vehicle ids or unique ids; every vehicle when empty */
  devices?: string[];
  /** epoch ms: keep what was closed before it */
  from?: number;
}

export interface RebuildResult {
  vehicles: number;
  positions: number;
  segments: number;
}

/** Vehicles by id or unique id; an unknown one is an error (nothing is rebuilt). */
async function vehiclesOf(db: Db, keys: string[] | undefined) {
  const rows = await db.kysely
    .selectFrom('devices')
    .select(['id', 'uniqueId', 'attributes'])
    .orderBy('id')
    .execute();
  if (!keys?.length) return rows;
  return keys.map((k) => {
    const row = rows.find((r) => String(r.id) === k || r.uniqueId === k);
    if (!row) throw new Error(`Unknown vehicle: ${k}`);
    return row;
  });
}

export async function rebuildSegments(db: Db, o: RebuildOptions = {}): Promise<RebuildResult> {
  const vehicles = await vehiclesOf(db, o.devices);
  const [[top]] = await queryArrays(db, 'SELECT max(id) FROM positions', []);
  const maxId = Number(top ?? 0);
  const out: RebuildResult = { vehicles: 0, positions: 0, segments: 0 };
  for (const v of vehicles) {
    const id = Number(v.id);
    const profile = deviceProfile(parseJson(v.attributes));
    if (o.from === undefined) {
      await writeProgress(db, { deviceId: id, profile: profileKey(profile), seenId: 0, resume: undefined });
      await dropAfter(db, id);
    } else await rewindTo(db, id, profileKey(profile), o.from);
    const r = await maintainDevice(db, id, profile, maxId);
    out.vehicles++;
    out.positions += r.positions;
    out.segments += r.stored;
  }
  return out;
}

/**
 * After a vehicle's positions from `time` on were deleted: forgets the segments and hours made of them. The
 * progress row is left with nothing seen (seen id 0), which the job's next pass computes again.
 */
export async function forgetSegmentsFrom(db: Db, deviceId: number, time: number): Promise<void> {
  const progress = (await readProgress(db, [deviceId])).get(deviceId);
  if (progress) await rewindTo(db, deviceId, progress.profile, time);
}
