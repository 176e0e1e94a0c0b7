/**
 * A periodic job that runs on one node at a time: each tick takes or renews the named lease (lease.ts)
 * and runs only when this node holds it; a tick never overlaps the previous one; stop waits for the
 * running tick and hands the lease back.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import { acquireLease, releaseLease } from './lease';

export interface LeasedJobOptions {
  db: Db;
  /** lease row name */
  lease: string;
  intervalMs: number;
  /** first tick after this long (default one interval: a starting node does not race the running ones) */
  firstDelayMs?: number;
  holder?: string;
  now?: () => number;
  run: (now: number) => Promise<unknown>;
  onError?: (error: unknown) => void;
}

export interface LeasedJob {
  stop(): Promise<void>;
}

export function startLeasedJob(o: LeasedJobOptions): LeasedJob {
  const holder = o.holder ?? `node-${randomBytes(6).toString('hex')}`;
  const now = o.now ?? Date.now;
  let running: Promise<void> | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    if (running || stopped) return;
    running = (async () => {
      if (await acquireLease(o.db, o.lease, holder, o.intervalMs * 3, now())) await o.run(now());
    })()
      .catch((e) => o.onError?.(e))
      .finally(() => (running = undefined));
  };
  const first = setTimeout(() => {
    tick();
    timer = setInterval(tick, o.intervalMs);
    timer.unref();
  }, o.firstDelayMs ?? o.intervalMs);
  first.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
      await releaseLease(o.db, o.lease, holder).catch(() => undefined);
    },
  };
}
