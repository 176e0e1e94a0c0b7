/**
 * The segments job: every few seconds the node holding the `segments` lease looks at the positions stored
 * since its watermark (position ids), and brings the segments of each vehicle that received any up to date
 * (maintain.ts). On PostgreSQL ids are taken before commit, so a transaction may commit a lower id after a
 * higher one was seen: the scan reaches OVERLAP ids back, and only ids above each vehicle's own seen id count.
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Db } from '../../db/database';
import { parseJson } from '../../db/mapping';
import { startLeasedJob, type LeasedJob } from '../../jobs/leasedJob';
import { placeholders, queryArrays } from '../../track/arrayQuery';
import { deviceProfile } from '../../track/sample';
import { maintainDevice, type KnownPositions } from '../../track/segments/maintain';
import type { RecentPositions } from '../../track/segments/recentPositions';
import { countPositions, listPositions, type PositionPairs } from '../../track/segments/positionList';
import { readProgress, readSeenIds, WATERMARK_DEVICE, writeProgress } from '../../track/segments/store';

export const SEGMENTS_LEASE = 'segments';
export const SEGMENTS_INTERVAL_MS = 10_000;
/** Positions looked at per pass (a first pass over a large history takes several). */
export const SEGMENTS_PAGE = 200_000;
const OVERLAP = 5_000;
/**
 * Vehicles' last commits in flight at once while the next vehicles run. SQLite's writer thread takes them in
 * turn with its batches (each waits behind the batches queued before it: a short window waits on every one).
 * Elsewhere one: on PostgreSQL each would hold a pool connection the ingest's own transactions wait for
 * (four at once measured no better, 15,494 and 15,424 against 17,035 and 16,083 records/s).
 */
const COMMITS_IN_FLIGHT = 1;
const COMMITS_IN_FLIGHT_THREAD = 256;

export interface SegmentPass {
  devices: number;
  positions: number;
  stored: number;
  rewound: number;
  /** vehicles that ran on the positions this node stored, not on a read of them */
  known: number;
  /** the page was listed from the positions this node stored (RecentPositions.listing), not by the database */
  listedKept: boolean;
  /** the watermark after the pass */
  watermark: number;
  /** more positions than a page holds were past the watermark: another pass has work */
  more: boolean;
}

/**
 * `recent`: the positions this node stored lately (recentPositions.ts); a vehicle whose new positions are
 * all there runs on them instead of reading them back. A pass brings each vehicle listed up to the end of
 * its page, no further: a position past it (late, say) is looked at with the page that lists it.
 */
export async function segmentPass(
  db: Db,
  recent?: RecentPositions,
  page = SEGMENTS_PAGE,
): Promise<SegmentPass> {
  const progress = await readProgress(db, [WATERMARK_DEVICE]);
  const watermark = progress.get(WATERMARK_DEVICE)?.seenId ?? 0;
  const [[top]] = await queryArrays(db, 'SELECT max(id) FROM positions', []);
  const maxId = Number(top ?? 0);
  const out: SegmentPass = {
    devices: 0,
    positions: 0,
    stored: 0,
    rewound: 0,
    known: 0,
    listedKept: false,
    watermark,
    more: false,
  };
  /** per vehicle: the earliest fix time among positions it has not seen (undefined: none, run it anyway) */
  const fresh = new Map<number, number | undefined>();
  // vehicles rewound without running since (positions deleted, a pass cut short)
  const forgotten = await queryArrays(
    db,
    placeholders(db, 'SELECT device_id FROM segment_progress WHERE seen_id = 0 AND device_id <> ? LIMIT 100'),
    [WATERMARK_DEVICE],
  );
  for (const [d] of forgotten) fresh.set(Number(d), undefined);
  if (maxId <= watermark && !fresh.size) return out;
  const start = nextStart(db, watermark);
  const pageEnd = Math.min(maxId, start + page);
  /** where the page ends, and per vehicle: [id, fix time] pairs of its positions in (start, upTo] */
  const { upTo, listed, kept } =
    maxId > watermark
      ? await pageListing(db, recent, start, pageEnd)
      : { upTo: pageEnd, listed: new Map<number, PositionPairs>(), kept: false };
  out.listedKept = kept;
  const seen = await readSeenIds(db, [...listed.keys()]);
  for (const [deviceId, pairs] of listed) {
    const seenId = seen.get(deviceId) ?? 0;
    let late = Infinity;
    for (let i = 0; i < pairs.length; i += 2)
      if (pairs[i] > seenId && pairs[i + 1] < late) late = pairs[i + 1];
    if (late !== Infinity) fresh.set(deviceId, Math.min(fresh.get(deviceId) ?? Infinity, late));
  }
  /** the vehicles' last commits, in flight while the next vehicles run (oldest first); the first failure */
  const commits: Promise<void>[] = [];
  let failed: { error: unknown } | undefined;
  const defer = (committed: Promise<void>) =>
    commits.push(committed.catch((error: unknown) => void (failed ??= { error })));
  if (fresh.size) {
    const devices = await db.kysely
      .selectFrom('devices')
      .select(['id', 'attributes'])
      .where('id', 'in', [...fresh.keys()])
      .execute();
    for (const d of devices) {
      const id = Number(d.id);
      // the positions up to the page's end are read; the known ones stand in for the read when they are
      // exactly the ones the page listed
      const pairs = listed.get(id);
      const known: KnownPositions | undefined =
        recent && pairs ? (from, keys) => recent.continuation(id, from, upTo, pairs, keys) : undefined;
      let lastTime: number | undefined;
      for (let i = 1; pairs && i < pairs.length; i += 2)
        if (lastTime === undefined || pairs[i] > lastTime) lastTime = pairs[i];
      const r = await maintainDevice(db, id, deviceProfile(parseJson(d.attributes)), upTo, {
        lateFrom: fresh.get(id),
        known,
        lastTime,
        // a listing from the first id holds every position of the vehicle up to the page's end
        whole: start === 0,
        defer,
      });
      recent?.consumed(id, upTo);
      out.devices++;
      out.positions += r.positions;
      out.stored += r.stored;
      if (r.rewound) out.rewound++;
      if (r.known) out.known++;
      const window = db.sqliteWrites && !db.sqliteWrites.dead ? COMMITS_IN_FLIGHT_THREAD : COMMITS_IN_FLIGHT;
      while (commits.length >= window) await commits.shift();
      await yieldToLoop();
    }
    await Promise.all(commits);
    if (failed) throw failed.error;
    // a vehicle deleted since it was rewound
    const gone = [...fresh.keys()].filter((id) => !devices.some((d) => Number(d.id) === id));
    if (gone.length) await db.kysely.deleteFrom('segmentProgress').where('deviceId', 'in', gone).execute();
  }
  if (maxId <= watermark) return out;
  recent?.passed(upTo, nextStart(db, upTo));
  out.watermark = upTo;
  // a page listed from the stored records may end short of the last id (a batch whose commit is not yet
  // reported here, a position stored another way): that waits for the next run, not another pass now
  out.more = pageEnd < maxId;
  await writeProgress(db, { deviceId: WATERMARK_DEVICE, profile: '', seenId: upTo, resume: undefined });
  return out;
}

/** Where the page after `watermark` starts: PostgreSQL's reach OVERLAP ids back (see the header). */
const nextStart = (db: Db, watermark: number) =>
  db.dialect === 'postgres' ? Math.max(0, watermark - OVERLAP) : watermark;

/**
 * The page of ids (start, upTo]: listed from what this node stored when it stored every id from the page's
 * start and the database counts as many positions up to where it did (then both hold the same positions:
 * none deleted since, none stored by another node or another way) — the page ends there, and the ids after
 * it are the next page's; otherwise listed by the database.
 */
async function pageListing(
  db: Db,
  recent: RecentPositions | undefined,
  start: number,
  upTo: number,
): Promise<{ upTo: number; listed: Map<number, PositionPairs>; kept: boolean }> {
  const kept = recent?.listing(start, upTo);
  if (kept && (await countPositions(db, start, kept.end)) === kept.end - start)
    return { upTo: kept.end, listed: kept.pairs, kept: true };
  return { upTo, listed: await listPositions(db, start, upTo), kept: false };
}

export function startSegmentJob(
  db: Db,
  options: { intervalMs?: number; onError?: (error: unknown) => void; recent?: RecentPositions } = {},
): LeasedJob {
  const intervalMs = options.intervalMs ?? SEGMENTS_INTERVAL_MS;
  const recent = options.recent;
  return startLeasedJob({
    db,
    lease: SEGMENTS_LEASE,
    intervalMs,
    onError: options.onError,
    run: () => segmentRun(db, recent, intervalMs),
  });
}

/**
 * One run of the job: passes until the positions are all looked at (a first look at a large history takes
 * several pages, at most 50 a run). `pass` is the pass itself (a test's stand-in).
 */
export async function segmentRun(
  db: Db,
  recent: RecentPositions | undefined,
  intervalMs: number,
  pass: typeof segmentPass = segmentPass,
): Promise<void> {
  for (let i = 0; i < 50; i++) {
    // this node runs the passes: what it stores until the one after next is worth keeping (from each pass
    // on: a run of several passes may outlast the window set before its first)
    recent?.keepFor(3 * intervalMs);
    if (!(await pass(db, recent)).more) break;
  }
}
