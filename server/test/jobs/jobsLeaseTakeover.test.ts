/**
 * Short job leases renewed while held (issue 24): a node that dies (its beats stop, its lease row stays) is
 * replaced within one short lease, even for an hourly job, and the node that takes over does not repeat a
 * run already made in the interval; the holder renews during a long run and does not run at every beat.
 *
 * The jobs run on a clock the test moves by hand, a step per beat (jobBeats.ts): a lease expires when the
 * clock says so, never because a loaded machine was slow to beat.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database';
import { toJson } from '../../src/db/mapping';
import { migrateToLatest } from '../../src/db/migrate';
import { lastRunOf } from '../../src/jobs/lease';
import { DEFAULT_LEASE_MS, startLeasedJob, type LeasedJob } from '../../src/jobs/leasedJob';
import { OFFLINE_LEASE, startOfflineDetector } from '../../src/jobs/offlineDetector';
import type { LiveMessage } from '../../src/live/hub';
import { Signal } from '../../src/protocols/testing/memorySink';
import { PRECOMPACT_LEASE, startPrecompactor } from '../../src/reports/precompact';
import { dialects, freshDatabase, insertDevice } from '../harness';
import { Beats } from '../jobBeats';

const HOUR = 3_600_000;
const LEASE_MS = 800;
/** the clock moves this much between two beats: the beat, in clock time */
const RENEW_MS = 100;
/** how long a job waits between its beats, in real time (the clock does not move meanwhile) */
const BEAT_MS = 10;
/** a takeover must come within the lease and a beat, in clock time */
const TAKEOVER_BOUND_MS = LEASE_MS + RENEW_MS;

/** A hand-moved clock, and the beats of the jobs reading it. */
function handClock() {
  const clock = { t: Date.now() };
  const beats = new Beats(() => clock.t);
  return {
    clock,
    beats,
    /** Moves the clock a beat on; resolves once each of `holders` has made a whole beat at the new time. */
    step: async (holders: string[]) => {
      clock.t += RENEW_MS;
      await beats.more(holders, 2);
    },
  };
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

  /**
   * Steps the clock until `holder` holds lease `name`, checking at each step that it takes it exactly once
   * the dead holder's lease has expired; answers the clock time that took.
   */
  const takeOver = async (hand: ReturnType<typeof handClock>, name: string, holder: string) => {
    const expiresAt = (await lease(name))!.expiresAt;
    const from = hand.clock.t;
    for (;;) {
      await hand.step([holder]);
      const taken = await heldBy(name, holder);
      expect(taken, `at ${hand.clock.t - expiresAt} ms from the expiry`).toBe(hand.clock.t > expiresAt);
      if (taken) return hand.clock.t - from;
    }
  };

  /** Steps the clock over three leases, the holder beating at each step: answers who held `name` meanwhile. */
  const threeLeases = async (hand: ReturnType<typeof handClock>, name: string, beating: string[]) => {
    const holders = new Set<string>();
    for (let t = 0; t < 3 * LEASE_MS; t += RENEW_MS) {
      await hand.step(beating);
      holders.add((await lease(name))!.holder);
    }
    return [...holders];
  };

  it('moves an hourly job off a dead node within the short lease, without a second run in the hour', async () => {
    // a clock the test moves, a beat at a time or an hour ahead
    const hand = handClock();
    const runs: Array<{ holder: string; at: number }> = [];
    const ran = new Signal();
    const start = (holder: string) => {
      const job = startLeasedJob({
        db,
        lease: 'hourly-test',
        intervalMs: HOUR,
        leaseMs: LEASE_MS,
        renewMs: BEAT_MS,
        firstDelayMs: 0,
        holder,
        now: hand.beats.clock(holder),
        run: async (at) => {
          runs.push({ holder, at });
          ran.notify();
        },
      });
      jobs.push(job);
      return job;
    };
    const first = start('node-1');
    await ran.until(() => runs.length === 1, 'the first run');
    expect(runs[0].holder).toBe('node-1');
    // recorded when the run has ended: polled (a row; no event announces it)
    await expect.poll(() => lastRunOf(db, 'hourly-test'), { timeout: 10_000 }).toBe(runs[0].at);
    // the lease is short, yet held: renewed at every beat, without a run at every beat
    const held = await lease('hourly-test');
    expect(held!.expiresAt - hand.clock.t).toBeLessThanOrEqual(LEASE_MS);
    const second = start('node-2');
    expect(await threeLeases(hand, 'hourly-test', ['node-1', 'node-2'])).toEqual(['node-1']);
    expect(runs).toHaveLength(1);

    // node 1 dies: its beats stop and its lease row stays as it was
    await first.stop({ release: false });
    expect(await heldBy('hourly-test', 'node-1')).toBe(true);
    expect(await takeOver(hand, 'hourly-test', 'node-2')).toBeLessThanOrEqual(TAKEOVER_BOUND_MS);
    // node 2 holds the job, but this hour's run was made: it waits for the next hour
    await hand.beats.more(['node-2'], 3);
    expect(runs).toHaveLength(1);
    hand.clock.t += HOUR;
    await ran.until(() => runs.length === 2, 'the next hour’s run');
    expect(runs[1].holder).toBe('node-2');
    expect(runs[1].at - runs[0].at).toBeGreaterThanOrEqual(HOUR);
    await hand.beats.more(['node-2'], 3);
    expect(runs).toHaveLength(2);
    await second.stop();
    expect(await lease('hourly-test')).toBeUndefined();
  });

  it('renews the lease through a run longer than the lease, and redoes a run its holder died in', async () => {
    const hand = handClock();
    const runs: string[] = [];
    const ran = new Signal();
    let finishLong!: () => void;
    const long = new Promise<void>((resolve) => (finishLong = resolve));
    const start = (holder: string, run: () => Promise<void>) => {
      const job = startLeasedJob({
        db,
        lease: 'long-run-test',
        intervalMs: HOUR,
        leaseMs: LEASE_MS,
        renewMs: BEAT_MS,
        firstDelayMs: 0,
        holder,
        now: hand.beats.clock(holder),
        run: async () => {
          runs.push(holder);
          ran.notify();
          await run();
        },
      });
      jobs.push(job);
      return job;
    };
    // node 1's run lasts three leases (it ends when the test says): node 2 beats all along and never
    // gets the lease
    let finishFirst!: () => void;
    const firstRun = new Promise<void>((resolve) => (finishFirst = resolve));
    const first = start('node-1', () => firstRun);
    await ran.until(() => runs.length === 1, 'node 1’s run');
    const second = start('node-2', async () => undefined);
    expect(await threeLeases(hand, 'long-run-test', ['node-1', 'node-2'])).toEqual(['node-1']);
    expect(runs).toEqual(['node-1']);
    finishFirst();
    await first.stop();
    await second.stop();

    // node 3 dies in the middle of a run (never recorded): node 4 takes over and runs it again
    await db.kysely.deleteFrom('leaseRuns').where('name', '=', 'long-run-test').execute();
    runs.length = 0;
    const third = start('node-3', () => long);
    await ran.until(() => runs.length === 1, 'node 3’s run');
    const fourth = start('node-4', async () => undefined);
    await third.stop({ release: false });
    // node 4 runs at the beat it takes the lease at
    expect(await takeOver(hand, 'long-run-test', 'node-4')).toBeLessThanOrEqual(TAKEOVER_BOUND_MS);
    expect(runs).toEqual(['node-3', 'node-4']);
    finishLong();
    await fourth.stop();
  });

  it('hands the nightly precompact over within a short lease, and the new holder does not run it again', async () => {
    const hand = handClock();
    const errors: unknown[] = [];
    const options = (holder: string) => ({
      firstDelayMs: 0,
      leaseMs: LEASE_MS,
      renewMs: BEAT_MS,
      holder,
      now: hand.beats.clock(holder),
      onError: (e: unknown) => errors.push(e),
    });
    const first = startPrecompactor(db, options('node-1'));
    jobs.push(first);
    // recorded when the run has ended: polled (a row; no event announces it)
    await expect.poll(() => lastRunOf(db, PRECOMPACT_LEASE), { timeout: 15_000 }).toBe(hand.clock.t);
    const ranAt = await lastRunOf(db, PRECOMPACT_LEASE);
    expect((await lease(PRECOMPACT_LEASE))!.expiresAt - hand.clock.t).toBeLessThanOrEqual(LEASE_MS);
    const second = startPrecompactor(db, options('node-2'));
    jobs.push(second);
    await first.stop({ release: false });
    expect(await takeOver(hand, PRECOMPACT_LEASE, 'node-2')).toBeLessThanOrEqual(TAKEOVER_BOUND_MS);
    await hand.beats.more(['node-2'], 3);
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
    const hand = handClock();
    // the detector announces the vehicles it marks offline: the test waits on that
    const announced: number[] = [];
    const published = new Signal();
    const live = {
      publish: (message: LiveMessage) => {
        for (const d of message.devices ?? []) if (d.status === 'offline') announced.push(d.id);
        published.notify();
      },
    };
    const detector = (node: string) => {
      const job = startOfflineDetector({ db, live, node, timeoutMs: 60_000 }, 60_000, {
        leaseMs: LEASE_MS,
        renewMs: BEAT_MS,
        firstDelayMs: 0,
        now: hand.beats.clock(node),
      });
      jobs.push(job);
      return job;
    };
    const status = async () =>
      (await db.kysely.selectFrom('devices').select('status').where('id', '=', id).executeTakeFirst())!
        .status;
    const first = detector('node-1');
    await published.until(() => announced.includes(id), 'the vehicle announced offline');
    expect(await status()).toBe('offline');
    expect(await heldBy(OFFLINE_LEASE, 'node-1')).toBe(true);
    expect((await lease(OFFLINE_LEASE))!.expiresAt - hand.clock.t).toBeLessThanOrEqual(LEASE_MS);
    const second = detector('node-2');
    expect(await threeLeases(hand, OFFLINE_LEASE, ['node-1', 'node-2'])).toEqual(['node-1']);
    await first.stop({ release: false });
    expect(await takeOver(hand, OFFLINE_LEASE, 'node-2')).toBeLessThanOrEqual(TAKEOVER_BOUND_MS);
    // one deviceOffline event: node 2 did not repeat the pass node 1 made this minute
    const events = await db.kysely.selectFrom('events').select('type').where('deviceId', '=', id).execute();
    expect(events.map((e) => e.type)).toEqual(['deviceOffline']);
    await second.stop();
    expect(await lease(OFFLINE_LEASE)).toBeUndefined();
  });

  it('defaults to a 30 s lease, or three intervals for a job that runs more often', async () => {
    expect(DEFAULT_LEASE_MS).toBe(30_000);
    const at = Date.now();
    // each job runs at its first beat, once it holds its lease
    const ran = new Set<string>();
    const running = new Signal();
    const run = (name: string) => async () => {
      ran.add(name);
      running.notify();
    };
    const hourly = startLeasedJob({
      db,
      lease: 'default-hourly',
      intervalMs: HOUR,
      firstDelayMs: 0,
      run: run('hourly'),
    });
    const often = startLeasedJob({
      db,
      lease: 'default-often',
      intervalMs: 1000,
      firstDelayMs: 0,
      run: run('often'),
    });
    jobs.push(hourly, often);
    await running.until(() => ran.size === 2, 'both first runs');
    expect(Boolean((await lease('default-hourly')) && (await lease('default-often')))).toBe(true);
    const hourlyLease = (await lease('default-hourly'))!;
    expect(hourlyLease.holder).toBe(hourly.holder);
    expect(hourlyLease.expiresAt - at).toBeGreaterThanOrEqual(DEFAULT_LEASE_MS);
    expect(hourlyLease.expiresAt - Date.now()).toBeLessThanOrEqual(DEFAULT_LEASE_MS);
    const oftenLease = (await lease('default-often'))!;
    expect(oftenLease.expiresAt - Date.now()).toBeLessThanOrEqual(3000);
    await Promise.all([hourly.stop(), often.stop()]);
  });
});
