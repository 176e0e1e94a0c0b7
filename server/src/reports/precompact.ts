/**
 * The nightly compact days: once a local day is over (and settled, compactCache.ts), the node holding the
 * `report-precompact` lease (short and renewed, so a dead node's job moves within a minute; the hourly run
 * is not repeated by the node that takes it over) stores the compact rows of that day for every vehicle, in every timezone its
 * users read reports in, so a month of trips, stops or km reads thirty small cached days instead of
 * millions of positions. The first run after start fills the last BACKFILL_DAYS days; a day already
 * cached costs two index lookups. Reports still compute any day missing or changed since (a late record
 * changes its count and time sum), so the job only ever saves time.
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Db } from '../db/database';
import { fromBool, parseJson } from '../db/mapping';
import { startLeasedJob, type LeasedJob } from '../jobs/leasedJob';
import { SETTLE_MS } from '../track/compactCache';
import { COMPACT_BUCKET_MS, compactWindow } from '../track/compactStream';
import { DEFAULT_TIMEZONE, zoneFor, type Zone } from '../track/timezone';

export const PRECOMPACT_LEASE = 'report-precompact';
/** Days filled on the first run after start: a month of reports. */
export const BACKFILL_DAYS = 31;
/** Days looked at on later runs: the one just over, and the one before for zones far behind. */
const FOLLOW_DAYS = 2;

/** The timezones reports are read in: every user's, and the default. */
export async function reportZones(db: Db): Promise<Zone[]> {
  const rows = await db.kysely
    .selectFrom('users')
    .select('attributes')
    .where('disabled', '=', fromBool(db.dialect, false))
    .execute();
  const names = new Set([DEFAULT_TIMEZONE]);
  for (const row of rows) names.add(zoneFor(parseJson(row.attributes).timezone).name);
  return [...names].sort().map(zoneFor);
}

/** The local days of `zone` that are over and settled at `now`, newest last: [start, end] pairs. */
export function settledDays(zone: Zone, now: number, days: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let end = zone.startOfDay(now - SETTLE_MS) - 1;
  for (let i = 0; i < days; i++) {
    const start = zone.startOfDay(end);
    out.unshift([start, end]);
    end = start - 1;
  }
  return out;
}

/** Stores the compact rows of the last `days` settled days of every vehicle; returns the windows seen. */
export async function precompactDays(db: Db, now: number, days: number): Promise<number> {
  const zones = await reportZones(db);
  const devices = (await db.kysely.selectFrom('devices').select('id').orderBy('id').execute()).map((d) =>
    Number(d.id),
  );
  let windows = 0;
  for (const zone of zones)
    for (const [start, end] of settledDays(zone, now, days))
      for (const deviceId of devices) {
        await compactWindow(db, { deviceId, start, end, bucketMs: COMPACT_BUCKET_MS }, true, now);
        windows++;
        // a SQLite query holds the event loop: let ingestion and the API in between vehicles
        await yieldToLoop();
      }
  return windows;
}

export function startPrecompactor(
  db: Db,
  options: {
    /** once an hour by default, on the node holding the lease */
    intervalMs?: number;
    firstDelayMs?: number;
    /** the lease (short and renewed while held, jobs/leasedJob.ts: default 30 s, renewed every 10 s) */
    leaseMs?: number;
    renewMs?: number;
    holder?: string;
    now?: () => number;
    onError?: (error: unknown) => void;
  } = {},
): LeasedJob {
  let first = true;
  return startLeasedJob({
    db,
    lease: PRECOMPACT_LEASE,
    intervalMs: options.intervalMs ?? 3_600_000,
    firstDelayMs: options.firstDelayMs ?? 120_000,
    leaseMs: options.leaseMs,
    renewMs: options.renewMs,
    holder: options.holder,
    now: options.now,
    onError: options.onError,
    run: async (now) => {
      await precompactDays(db, now, first ? BACKFILL_DAYS : FOLLOW_DAYS);
      first = false;
    },
  });
}
