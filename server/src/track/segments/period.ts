/**
 * A period's trips and stops from the stored segments: the report engine's Tracker gives the same answer
 * as over the period's own positions, reading only the ends of the period.
 *
 * Why this is exact: run over the period (seeded with the position before it), the tracker meets the first
 * stored stop that begins inside the period (X) exactly as the history-long run met it: the stop opened at
 * a position both runs pushed, both add the same steps to it, and both close it at the same moving position
 * `X.resume`, where each holds just a new trip (Tracker.resume). From there on they push the same positions,
 * so every segment the history-long run closed up to the last stored stop closed by the period's end (Y) is
 * the period's too. So: the positions from the period's start to `X.resume` (the head), the stored segments
 * closed after it up to `Y.resume`, and the positions from `Y.resume` to the end (the tail), closed at the
 * end as any period is. The head must end with the stored stop X, and the table must still hold between
 * X and Y the positions the segments were made of: when either fails (segments not yet recomputed after a
 * late or deleted position), or when there is no stored stop, or the segments were computed for another
 * vehicle profile, the caller runs the engine over the whole period.
 */
import type { Db } from '../../db/database';
import { positionBefore, positionChunks, type StreamSpec } from '../positionStream';
import { motionKeys } from '../run';
import { toSample, type DeviceProfile, type Sample } from '../sample';
import { Tracker, type Stop, type Trip } from '../tracker';
import { after } from './codec';
import { sameBetween } from './counts';
import { firstStopFrom, lastStopBy, profileKey, readProgress, segmentsBetween } from './store';

export interface PeriodSegments {
  trips: Trip[];
  stops: Stop[];
  /** positions read from the table (the head and tail) */
  positions: number;
}

export interface Period {
  from: number;
  to: number;
  /** where open segments end: min(to, now) */
  end: number;
}

/** The period's trips and stops, or undefined when the stored segments cannot give them. */
export async function periodSegments(
  db: Db,
  deviceId: number,
  profile: DeviceProfile,
  period: Period,
): Promise<PeriodSegments | undefined> {
  const progress = (await readProgress(db, [deviceId])).get(deviceId);
  if (!progress?.resume || progress.profile !== profileKey(profile)) return undefined;
  const first = await firstStopFrom(db, deviceId, period.from, period.to);
  if (!first) return undefined;
  const last = (await lastStopBy(db, deviceId, period.to))!;
  const spec: StreamSpec = { keys: motionKeys(profile) };

  // the head: from the period's start to the position that ended the first stored stop
  const head = new Tracker();
  let prev: Sample | undefined;
  const before = await positionBefore(db, deviceId, period.from, spec);
  if (before) {
    prev = toSample(before, profile);
    head.seed(prev, period.from);
  }
  let positions = 0;
  for await (const chunk of positionChunks(db, deviceId, period.from, first.resume.time, spec)) {
    for (const raw of chunk) {
      if (after({ time: raw.fixTime, id: raw.id }, first.resume.time, first.resume.id)) break;
      prev = toSample(raw, profile, prev);
      head.push(prev);
    }
    positions += chunk.length;
  }
  const x = head.stops.at(-1);
  if (!x || x.startTime !== first.startTime || x.endTime !== first.endTime || prev?.id !== first.resume.id)
    return undefined;

  // a position stored late or deleted between them since the job read it: the segments are stale
  if (!(await sameBetween(db, deviceId, first.resume, last.resume))) return undefined;
  const middle = await segmentsBetween(db, deviceId, first.resume, last.resume);

  // the tail: from the position that ended the last stored stop to the period's end
  const tail = new Tracker();
  tail.resume(last.resume);
  prev = last.resume;
  for await (const chunk of positionChunks(db, deviceId, last.resume.time, period.to, spec)) {
    for (const raw of chunk) {
      if (!after({ time: raw.fixTime, id: raw.id }, last.resume.time, last.resume.id)) continue;
      prev = toSample(raw, profile, prev);
      tail.push(prev);
    }
    positions += chunk.length;
  }
  tail.finish(period.end);
  return {
    trips: [...head.trips, ...middle.trips, ...tail.trips],
    stops: [...head.stops, ...middle.stops.map(withoutResume), ...tail.stops],
    positions,
  };
}

function withoutResume(s: Stop & { resume?: Sample; fuel?: unknown }): Stop {
  const { resume: _resume, fuel: _fuel, ...stop } = s;
  return stop;
}
