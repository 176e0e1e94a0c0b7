/**
 * Short job leases renewed while held (issue 24): a node that dies (its beats stop, its lease row stays) is
 * replaced within one short lease, even for an hourly job, and the node that takes over does not repeat a
 * run already made in the interval; the holder renews during a long run and does not run at every beat.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { toJson } from '../src/db/mapping';
import { migrateToLatest } from '../src/db/migrate';
import { lastRunOf } from '../src/jobs/lease';
import { DEFAULT_LEASE_MS, startLeasedJob, type LeasedJob } from '../src/jobs/leasedJob';
import { OFFLINE_LEASE, startOfflineDetector } from '../src/jobs/offlineDetector';
import { LiveHub } from '../src/live/hub';
import { PRECOMPACT_LEASE, startPrecompactor } from '../src/reports/precompact';
import { dialects, freshDatabase, insertDevice } from './harness';

const HOUR = 3_600_000;
const LEASE_MS = 800;
const RENEW_MS = 100;
/** a takeover must come within the lease and a beat; the rest is room for a loaded machine */
const TAKEOVER_BOUND_MS = LEASE_MS + RENEW_MS + 1200;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 5000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await sleep(20);
  }
  return true;
}

describe.each(dialects())('short job leases renewed while held on %s', (dialect) => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let db: Db;
  const jobs: LeasedJob[] = [];

  beforeAll(async () => {
    fresh = await freshDatabase(dialect);
    db = fresh.db;
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await Promise.all(jobs.map((j) => j.stop()));
    await db.close();
    await fresh.drop();
  });

  const lease = (name: string) =>
    db.kysely
      .selectFrom('leases')
      .select(['holder', 'expiresAt'])
      .where('name', '=', name)
      .executeTakeFirst()
      .then((r) => (r ? { holder: r.holder, expiresAt: Number(r.expiresAt) } : undefined));
  const heldBy = async (name: string, holder: string) => (await lease(name))?.holder === holder;

  it('moves an hourly job off a dead node within the short lease, without a second run in the hour', async () => {
    // a clock that runs, and can jump an hour ahead
    let offset = 0;
    const now = () => Date.now() + offset;
    const runs: Array<{ holder: string; at: number }> = [];
    const start = (holder: string) => {
      const job = startLeasedJob({
        db,
        lease: 'hourly-test',
        intervalMs: HOUR,
        leaseMs: LEASE_MS,
        renewMs: RENEW_MS,
        firstDelayMs: 0,
        holder,
        now,
        run: async (at) => void runs.push({ holder, at }),
      });
      jobs.push(job);
      return job;
    };
    const first = start('node-1');
    expect(await waitFor(() => runs.length === 1)).toBe(true);
    expect(runs[0].holder).toBe('node-1');
    expect(await lastRunOf(db, 'hourly-test')).toBe(runs[0].at);
    // the lease is short, yet held: renewed at every beat, without a run at every beat
    const held = await lease('hourly-test');
    expect(held!.expiresAt - now()).toBeLessThanOrEqual(LEASE_MS);
    const second = start('node-2');
    await sleep(3 * LEASE_MS);
    expect(await heldBy('hourly-test', 'node-1')).toBe(true);
    expect(runs).toHaveLength(1);

    // node 1 dies: its beats stop and its lease row stays as it was
    await first.stop({ release: false });
    const diedAt = Date.now();
    expect(await heldBy('hourly-test', 'node-1')).toBe(true);
    expect(await waitFor(() => heldBy('hourly-test', 'node-2'))).toBe(true);
    expect(Date.now() - diedAt).toBeLessThan(TAKEOVER_BOUND_MS);
    // node 2 holds the job, but this hour's run was made: it waits for the next hour
    await sleep(3 * RENEW_MS);
    expect(runs).toHaveLength(1);
    offset += HOUR;
    expect(await waitFor(() => runs.length === 2)).toBe(true);
    expect(runs[1].holder).toBe('node-2');
    expect(runs[1].at - runs[0].at).toBeGreaterThanOrEqual(HOUR);
    await sleep(3 * RENEW_MS);
    expect(runs).toHaveLength(2);
    await second.stop();
    expect(await lease('hourly-test')).toBeUndefined();
  });

  it('renews the lease through a run longer than the lease, and redoes a run its holder died in', async () => {
    const runs: string[] = [];
    let finishLong!: () => void;
    const long = new Promise<void>((resolve) => (finishLong = resolve));
    const start = (holder: string, run: () => Promise<void>) => {
      const job = startLeasedJob({
        db,
        lease: 'long-run-test',
        intervalMs: HOUR,
        leaseMs: LEASE_MS,
        renewMs: RENEW_MS,
        firstDelayMs: 0,
        holder,
        run: async () => {
          runs.push(holder);
          await run();
        },
      });
      jobs.push(job);
      return job;
    };
    // node 1's run lasts three leases: node 2 beats all along and never gets the lease
    const first = start('node-1', () => sleep(3 * LEASE_MS));
    expect(await waitFor(() => runs.length === 1)).toBe(true);
    const second = start('node-2', async () => undefined);
    const holders = new Set<string>();
    const until = Date.now() + 3 * LEASE_MS + 200;
    while (Date.now() < until) {
      holders.add((await lease('long-run-test'))!.holder);
      await sleep(50);
    }
    expect([...holders]).toEqual(['node-1']);
    expect(runs).toEqual(['node-1']);
    await first.stop();
    await second.stop();

    // node 3 dies in the middle of a run (never recorded): node 4 takes over and runs it again
    await db.kysely.deleteFrom('leaseRuns').where('name', '=', 'long-run-test').execute();
    runs.length = 0;
    const third = start('node-3', () => long);
    expect(await waitFor(() => runs.length === 1)).toBe(true);
    const fourth = start('node-4', async () => undefined);
    await third.stop({ release: false });
    expect(await waitFor(() => runs.length === 2, TAKEOVER_BOUND_MS + 1000)).toBe(true);
    expect(runs).toEqual(['node-3', 'node-4']);
    finishLong();
    await fourth.stop();
  });

  it('hands the nightly precompact over within a short lease, and the new holder does not run it again', async () => {
    const errors: unknown[] = [];
    const options = (holder: string) => ({
      firstDelayMs: 0,
      leaseMs: LEASE_MS,
      renewMs: RENEW_MS,
      holder,
      onError: (e: unknown) => errors.push(e),
    });
    const first = startPrecompactor(db, options('node-1'));
    jobs.push(first);
    expect(await waitFor(async () => (await lastRunOf(db, PRECOMPACT_LEASE)) !== undefined)).toBe(true);
    const ranAt = await lastRunOf(db, PRECOMPACT_LEASE);
    expect((await lease(PRECOMPACT_LEASE))!.expiresAt - Date.now()).toBeLessThanOrEqual(LEASE_MS);
    const second = startPrecompactor(db, options('node-2'));
    jobs.push(second);
    await first.stop({ release: false });
    const diedAt = Date.now();
    expect(await waitFor(() => heldBy(PRECOMPACT_LEASE, 'node-2'))).toBe(true);
    expect(Date.now() - diedAt).toBeLessThan(TAKEOVER_BOUND_MS);
    await sleep(3 * RENEW_MS);
    expect(await lastRunOf(db, PRECOMPACT_LEASE)).toBe(ranAt);
    expect(errors).toEqual([]);
    await second.stop();
  });

  it('moves the offline detector off a dead node within a short lease', async () => {
    const id = await insertDevice(db, 'Calada', '356307042449991');
    await db.kysely
      .updateTable('devices')
      .set({ status: 'online', lastUpdate: Date.now() - HOUR, attributes: toJson({}) })
      .where('id', '=', id)
      .execute();
    const live = new LiveHub(db);
    const detector = (node: string) => {
      const job = startOfflineDetector({ db, live, node, timeoutMs: 60_000 }, 60_000, {
        leaseMs: LEASE_MS,
        renewMs: RENEW_MS,
        firstDelayMs: 0,
      });
      jobs.push(job);
      return job;
    };
    const status = async () =>
      (await db.kysely.selectFrom('devices').select('status').where('id', '=', id).executeTakeFirst())!
        .status;
    const first = detector('node-1');
    expect(await waitFor(async () => (await status()) === 'offline')).toBe(true);
    expect(await heldBy(OFFLINE_LEASE, 'node-1')).toBe(true);
    expect((await lease(OFFLINE_LEASE))!.expiresAt - Date.now()).toBeLessThanOrEqual(LEASE_MS);
    const second = detector('node-2');
    await sleep(2 * LEASE_MS);
    expect(await heldBy(OFFLINE_LEASE, 'node-1')).toBe(true);
    await first.stop({ release: false });
    const diedAt = Date.now();
    expect(await waitFor(() => heldBy(OFFLINE_LEASE, 'node-2'))).toBe(true);
    expect(Date.now() - diedAt).toBeLessThan(TAKEOVER_BOUND_MS);
    // one deviceOffline event: node 2 did not repeat the pass node 1 made this minute
    const events = await db.kysely.selectFrom('events').select('type').where('deviceId', '=', id).execute();
    expect(events.map((e) => e.type)).toEqual(['deviceOffline']);
    await second.stop();
    expect(await lease(OFFLINE_LEASE)).toBeUndefined();
  });

  it('defaults to a 30 s lease, or three intervals for a job that runs more often', async () => {
    expect(DEFAULT_LEASE_MS).toBe(30_000);
    const at = Date.now();
    const hourly = startLeasedJob({
      db,
      lease: 'default-hourly',
      intervalMs: HOUR,
      firstDelayMs: 0,
      run: async () => undefined,
    });
    const often = startLeasedJob({
      db,
      lease: 'default-often',
      intervalMs: 1000,
      firstDelayMs: 0,
      run: async () => undefined,
    });
    jobs.push(hourly, often);
    expect(
      await waitFor(async () => Boolean((await lease('default-hourly')) && (await lease('default-often')))),
    ).toBe(true);
    const hourlyLease = (await lease('default-hourly'))!;
    expect(hourlyLease.holder).toBe(hourly.holder);
    expect(hourlyLease.expiresAt - at).toBeGreaterThanOrEqual(DEFAULT_LEASE_MS);
    expect(hourlyLease.expiresAt - Date.now()).toBeLessThanOrEqual(DEFAULT_LEASE_MS);
    const oftenLease = (await lease('default-often'))!;
    expect(oftenLease.expiresAt - Date.now()).toBeLessThanOrEqual(3000);
    await Promise.all([hourly.stop(), often.stop()]);
  });
});
