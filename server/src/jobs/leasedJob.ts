/**
 * A periodic job that runs on one node at a time. Every node beats (each `renewMs`): it takes the named
 * lease (lease.ts) when free or expired, or renews its own. The lease is short (30 s by default) and the
 * holder keeps renewing it, also while a long run is in progress, so a dead node's job moves to another
 * node within a lease and a beat, even for an hourly job. Running stays once per interval: the holder runs
 * when the last run recorded in `lease_runs` (by any node) is one interval old, so neither the holder's
 * beats nor a takeover repeat a run already made in this interval. A run is recorded when it ends: a
 * node that dies mid-run leaves it to the next holder. Runs never overlap; stop waits for the running one
 * and hands the lease back.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import { acquireLease, lastRunOf, recordRun, releaseLease } from './lease';

/** Default lease length: a dead node's jobs move within this plus one beat. */
export const DEFAULT_LEASE_MS = 30_000;

export interface LeasedJobOptions {
  db: Db;
  /** lease row name */
  lease: string;
  /** the job runs once per interval, on whichever node holds the lease */
  intervalMs: number;
  /** how long the lease lasts unrenewed (default 30 s, or three intervals when that is shorter) */
  leaseMs?: number;
  /** the beat: how often the holder renews the lease and the others try to take it (default leaseMs / 3) */
  renewMs?: number;
  /** first beat after this long (default one interval: a starting node does not race the running ones) */
  firstDelayMs?: number;
  holder?: string;
  now?: () => number;
  run: (now: number) => Promise<unknown>;
  onError?: (error: unknown) => void;
}

export interface LeasedJob {
  /** this node's name in the lease row */
  readonly holder: string;
  /**
   * Stops the beats, waits for the running run and hands the lease back; `release: false` stops the beats
   * only, leaving the lease row as it is and not waiting for the run (a killed node: tests simulate a death).
   */
  stop(options?: { release?: boolean }): Promise<void>;
}

export function startLeasedJob(o: LeasedJobOptions): LeasedJob {
  const holder = o.holder ?? `node-${randomBytes(6).toString('hex')}`;
  const now = o.now ?? Date.now;
  const leaseMs = o.leaseMs ?? Math.min(DEFAULT_LEASE_MS, o.intervalMs * 3);
  const renewMs = o.renewMs ?? Math.max(1, Math.floor(leaseMs / 3));
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let beating: Promise<void> | undefined;
  let running: Promise<void> | undefined;

  const start = (at: number) => {
    running = (async () => {
      try {
        await o.run(at);
      } finally {
        // recorded even when the run failed: the next try waits an interval, as a plain timer would
        await recordRun(o.db, o.lease, at);
      }
    })()
      .catch((e) => o.onError?.(e))
      .finally(() => (running = undefined));
  };

  /** One beat; answers the delay to the next. */
  const beat = async (): Promise<number> => {
    const at = now();
    if (!(await acquireLease(o.db, o.lease, holder, leaseMs, at))) return renewMs;
    if (running || stopped) return renewMs;
    const last = await lastRunOf(o.db, o.lease);
    const dueAt = last === undefined ? at : last + o.intervalMs;
    if (at < dueAt) return Math.max(1, Math.min(renewMs, dueAt - at));
    start(at);
    return Math.max(1, Math.min(renewMs, o.intervalMs));
  };

  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      beating = beat()
        .catch((e) => {
          o.onError?.(e);
          return renewMs;
        })
        .then((next) => {
          beating = undefined;
          schedule(next);
        });
    }, delayMs);
    timer.unref();
  };
  schedule(o.firstDelayMs ?? o.intervalMs);

  return {
    holder,
    async stop(options = {}) {
      stopped = true;
      clearTimeout(timer);
      await beating;
      // a killed node waits for nothing: its run (if any) is left unrecorded for the next holder
      if (options.release === false) return;
      await running;
      await releaseLease(o.db, o.lease, holder).catch(() => undefined);
    },
  };
}
