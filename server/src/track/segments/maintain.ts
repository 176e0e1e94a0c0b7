/**
 * Keeps one vehicle's segments up to date: the report engine's own Tracker runs over the vehicle's whole
 * history, resumed where the last stored stop ended (Tracker.resume: the state there depends on nothing
 * before), over the positions stored since. Every trip and stop it closes up to the last stop is stored
 * with the position that closed it; what follows (the trip under way, a stop not yet over) is computed
 * again next time. A position arriving late (older than the resume point) rewinds to the last stop
 * closed before it; a changed vehicle profile (type, engine voltage, fuel level source) starts over. The
 * fuel analyzer of a vehicle whose level gives litres runs alongside (fuelHours.ts); its state at each
 * stored stop is kept with the stop, so a pass resuming there goes on with the same analysis.
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Db } from '../../db/database';
import { positionChunks } from '../positionStream';
import { motionKeys } from '../run';
import { toSample, type DeviceProfile, type RawPosition, type Sample } from '../sample';
import { MAX_GAP_MS, Tracker } from '../tracker';
import { HourBook } from './hourBook';
import { FUEL_KEYS, fuelLevelOf } from '../fuelSource';
import { FuelHours, type FuelHoursState } from './fuelHours';
import { after, STOP, TRIP, type Closed, type StoredStop } from './codec';
import {
  commitSegments,
  dropAfter,
  lastStopBefore,
  profileKey,
  readProgress,
  writeProgress,
  type Progress,
  type CarryState,
  type StoredHour,
} from './store';

/** Segments stored per transaction while a long history is worked through. */
const COMMIT_EVERY = 2_000;
const END_OF_TIME = 8.64e15;
/** before every position */
const BEGINNING = { time: -END_OF_TIME, id: 0 };

/**
 * The vehicle's positions after `from` up to the pass's last id, as `positionChunks` would read them with
 * `keys`, when the caller already has them all (recentPositions.ts); undefined: read them.
 */
export type KnownPositions = (
  from: { time: number; id: number },
  keys: string[],
) => RawPosition[] | undefined;

/** What the job's page tells of a vehicle's positions up to the seen id it brings the vehicle to. */
export interface PageFacts {
  /** the earliest fix time among its positions stored since the last run: not after the resume point, rewind */
  lateFrom?: number;
  /** its positions after the last one read, when the caller has them all */
  known?: KnownPositions;
  /**
   * the latest fix time among its positions the page lists: a pass carrying on from the last one reads no
   * further (every position up to the seen id after the last one read is listed)
   */
  lastTime?: number;
  /**
   * the page lists every position the vehicle has up to the seen id (it starts at the first id): a vehicle
   * with nothing carried from a last pass may take them from `known` too
   */
  whole?: boolean;
  /**
   * the last commit is handed here rather than waited for (the job waits for them all before it moves its
   * watermark): the next vehicle runs while the SQLite writer thread commits this one between its batches
   */
  defer?: (committed: Promise<void>) => void;
}

export interface MaintainResult {
  /** positions read */
  positions: number;
  /** segments stored */
  stored: number;
  /** rewound because of a late position or a changed profile */
  rewound: boolean;
  /** the positions came from `known`, not from the database */
  known: boolean;
}

/** Brings a vehicle's segments up to position id `seenId` (every position stored up to it). */
export async function maintainDevice(
  db: Db,
  deviceId: number,
  profile: DeviceProfile,
  seenId: number,
  page: PageFacts = {},
): Promise<MaintainResult> {
  const { lateFrom } = page;
  const key = profileKey(profile);
  let progress = (await readProgress(db, [deviceId])).get(deviceId);
  let rewound = false;
  if (progress && progress.profile !== key) {
    await dropAfter(db, deviceId);
    progress = undefined;
    rewound = true;
  }
  if (progress?.resume && lateFrom !== undefined && lateFrom <= progress.resume.time) {
    progress = await rewindTo(db, deviceId, key, lateFrom);
    rewound = true;
  }
  // a late position after the resume point but among those the last pass read: read them again
  let state = progress?.state;
  if (state && lateFrom !== undefined && lateFrom <= state.last.time) state = undefined;
  const result = await run(
    db,
    deviceId,
    profile,
    key,
    seenId,
    progress?.resume,
    progress?.resumeFuel,
    state,
    page,
  );
  return { ...result, rewound };
}

/**
 * Forgets the segments closed from `time` on and returns the progress to resume from (the last stop closed
 * before it, or the beginning). The recalculation after a late upload or a settings change.
 */
export async function rewindTo(db: Db, deviceId: number, profile: string, time: number): Promise<Progress> {
  const stop = await lastStopBefore(db, deviceId, time);
  const progress: Progress = { deviceId, profile, seenId: 0, resume: stop?.resume, resumeFuel: stop?.fuel };
  // the resume point first: a crash in between leaves segments that are computed again, never a gap
  await writeProgress(db, progress);
  await dropAfter(db, deviceId, stop?.resume.time, stop?.resume.id);
  return progress;
}

async function run(
  db: Db,
  deviceId: number,
  profile: DeviceProfile,
  key: string,
  seenId: number,
  resume: Sample | undefined,
  resumeFuel: FuelHoursState | undefined,
  state: CarryState | undefined,
  page: PageFacts,
): Promise<{ positions: number; stored: number; known: boolean }> {
  const tracker = new Tracker();
  const levelOf = profile.fuel && fuelLevelOf(profile.fuel);
  let hourBook: HourBook;
  let prev: Sample | undefined;
  let pending: Closed[] = [];
  /** positions up to this one were read before */
  let from: { time: number; id: number } | undefined;
  if (state) {
    tracker.restore(state.tracker);
    hourBook = HourBook.restore(MAX_GAP_MS, state.hours, levelOf);
    prev = state.tracker.prev;
    pending = state.pending;
    from = state.last;
  } else {
    if (resume) tracker.resume(resume);
    hourBook = new HourBook(MAX_GAP_MS, resume, levelOf && new FuelHours(levelOf, resumeFuel));
    prev = resume;
    from = resume;
  }
  let hours: StoredHour[] = [];
  /** pending[0, synced) end with a stop: what may be stored */
  let synced = 0;
  let syncSample = resume;
  let syncFuel = resumeFuel;
  let positions = 0;
  let stored = 0;
  const flush = (final: boolean): Promise<void> => {
    const ready = pending.slice(0, synced);
    if (!ready.length && !final) return Promise.resolve();
    pending = pending.slice(synced);
    synced = 0;
    const last = prev ?? from;
    // at the end, what was read after the resume point is kept: the next pass reads only new positions
    const carry: CarryState | undefined =
      final && last
        ? {
            last: { time: last.time, id: last.id },
            tracker: tracker.snapshot(),
            hours: hourBook.snapshot(),
            pending,
          }
        : undefined;
    const committed = commitSegments(db, deviceId, ready, hours, {
      deviceId,
      profile: key,
      seenId: final ? seenId : 0,
      resume: syncSample,
      resumeFuel: syncFuel,
      state: carry,
    });
    stored += ready.length;
    hours = [];
    return committed;
  };
  const spec = { keys: motionKeys(profile, profile.fuel ? FUEL_KEYS : []), maxId: seenId };
  // a pass carrying on from the last one: what came since may be known already, and is listed; so may
  // every position of a vehicle's first pass over a page that lists them all
  const given = (state && from) || page.whole ? page.known?.(from ?? BEGINNING, spec.keys) : undefined;
  const to = state && page.lastTime !== undefined ? page.lastTime : END_OF_TIME;
  const chunks = given ? [given] : positionChunks(db, deviceId, from?.time ?? -END_OF_TIME, to, spec);
  for await (const chunk of chunks) {
    for (const raw of chunk) {
      if (from && !after({ time: raw.fixTime, id: raw.id }, from.time, from.id)) continue;
      positions++;
      const s = toSample(raw, profile, prev);
      prev = s;
      const trips = tracker.trips.length;
      const stops = tracker.stops.length;
      tracker.push(s);
      hourBook.push(s);
      for (const trip of tracker.trips.splice(trips)) pending.push({ kind: TRIP, closedBy: s, trip });
      const closedStops = tracker.stops.splice(stops);
      const fuel = closedStops.length ? hourBook.fuelSnapshot() : undefined;
      for (const stop of closedStops)
        pending.push({ kind: STOP, closedBy: s, stop: { ...stop, resume: s, fuel } as StoredStop });
      if (closedStops.length) {
        synced = pending.length;
        syncSample = s;
        syncFuel = fuel;
        for (const figures of hourBook.take()) hours.push({ closedBy: s, figures });
      }
    }
    if (synced >= COMMIT_EVERY) await flush(false);
    await yieldToLoop();
  }
  const last = flush(true);
  if (page.defer) page.defer(last);
  else await last;
  return { positions, stored, known: Boolean(given) };
}
