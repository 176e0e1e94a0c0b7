/**
 * Login throttling below the API: the limits per (account, address) pair and per address, the account's
 * delay, the bounded memory store (fixed windows on an injected clock, eviction of the oldest entries of
 * one kind only) and the Redis store shared by two clients.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_DELAY_AFTER,
  LoginThrottle,
  MAX_ADDRESS_FAILURES,
  MAX_DELAY_MS,
  MAX_PAIR_FAILURES,
  WINDOW_MS,
} from '../../src/auth/throttle';
import { DEFAULT_MAX_ENTRIES, MemoryCounterStore, RedisCounterStore } from '../../src/auth/throttleStore';

/** A clock the test moves; lru-cache reads a start time of 0 as "no expiry", hence a real-looking start. */
function clock() {
  const c = { now: 1_750_000_000_000, tick: (ms: number) => (c.now += ms) };
  return c;
}

describe('memory counter store', () => {
  it('counts in fixed windows: later failures do not extend the window', async () => {
    const t = clock();
    const store = new MemoryCounterStore(100, () => t.now);
    expect(await store.hit('pair:a', 1000)).toBe(1);
    t.tick(600);
    expect(await store.hit('pair:a', 1000)).toBe(2);
    t.tick(399);
    expect(await store.count('pair:a')).toBe(2);
    t.tick(2); // 1001 ms after the first failure: the window is over although the last one was 401 ms ago
    expect(await store.count('pair:a')).toBe(0);
    expect(await store.hit('pair:a', 1000)).toBe(1);
  });

  it('evicts the least recently used entries of a kind when full, not everything', async () => {
    const store = new MemoryCounterStore(3);
    for (const key of ['pair:a', 'pair:b', 'pair:c']) await store.hit(key, WINDOW_MS);
    await store.hit('pair:a', WINDOW_MS);
    await store.hit('pair:d', WINDOW_MS);
    expect(await store.count('pair:a')).toBe(2);
    expect(await store.count('pair:b')).toBe(0);
    expect(await store.count('pair:c')).toBe(1);
    expect(await store.count('pair:d')).toBe(1);
  });

  it('keeps address keys apart: a flood of other keys never evicts an address', async () => {
    const store = new MemoryCounterStore(3);
    await store.hit('ip:10.0.0.1', WINDOW_MS);
    await store.hit('ip:10.0.0.1', WINDOW_MS);
    for (let i = 0; i < 30; i++) {
      await store.hit(`pair:flood${i}|10.0.0.2`, WINDOW_MS);
      await store.hit(`account:flood${i}`, WINDOW_MS);
    }
    expect(await store.count('ip:10.0.0.1')).toBe(2);
  });
});

describe('login throttle limits (memory store, injected clock)', () => {
  it('refuses a pair over its limit for that pair only, and a success clears that pair', async () => {
    const throttle = new LoginThrottle(new MemoryCounterStore());
    for (let i = 0; i < MAX_PAIR_FAILURES - 1; i++) await throttle.fail('Owner@X.ao', '10.0.0.1');
    expect(await throttle.isRefused('owner@x.ao', '10.0.0.1')).toBe(false);
    await throttle.fail(' owner@x.ao ', '10.0.0.1');
    expect(await throttle.isRefused('owner@x.ao', '10.0.0.1')).toBe(true);
    expect(await throttle.isRefused('owner@x.ao', '10.0.0.2')).toBe(false);
    expect(await throttle.isRefused('colleague@x.ao', '10.0.0.1')).toBe(false);
    await throttle.succeed('owner@x.ao', '10.0.0.1');
    expect(await throttle.isRefused('owner@x.ao', '10.0.0.1')).toBe(false);
  });

  it('refuses an address over its limit for every account until its window ends; a success does not clear it', async () => {
    const t = clock();
    const throttle = new LoginThrottle(new MemoryCounterStore(1000, () => t.now));
    for (let i = 0; i < MAX_ADDRESS_FAILURES - 1; i++) await throttle.fail(`user${i}@x.ao`, '10.1.0.1');
    expect(await throttle.isRefused('anyone@x.ao', '10.1.0.1')).toBe(false);
    await throttle.succeed('user0@x.ao', '10.1.0.1');
    await throttle.fail('user0@x.ao', '10.1.0.1');
    expect(await throttle.isRefused('anyone@x.ao', '10.1.0.1')).toBe(true);
    expect(await throttle.isRefused('anyone@x.ao', '10.1.0.2')).toBe(false);
    t.tick(WINDOW_MS - 1);
    expect(await throttle.isRefused('anyone@x.ao', '10.1.0.1')).toBe(true);
    t.tick(2);
    expect(await throttle.isRefused('anyone@x.ao', '10.1.0.1')).toBe(false);
  });

  it('slows, never refuses, an account failed on from many addresses, up to the cap', async () => {
    const t = clock();
    const throttle = new LoginThrottle(new MemoryCounterStore(1000, () => t.now));
    const delays: number[] = [];
    for (let i = 0; i < 30; i++) {
      delays.push(await throttle.delayMs('boss@x.ao'));
      await throttle.fail('boss@x.ao', `10.3.0.${i}`);
    }
    expect(delays.slice(0, ACCOUNT_DELAY_AFTER).every((d) => d === 0)).toBe(true);
    expect(delays[ACCOUNT_DELAY_AFTER]).toBeGreaterThan(0);
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]);
    expect(Math.max(...delays)).toBe(MAX_DELAY_MS);
    expect(await throttle.isRefused('boss@x.ao', '10.4.0.1')).toBe(false);
    expect(await throttle.delayMs('other@x.ao')).toBe(0);
    t.tick(WINDOW_MS + 1);
    expect(await throttle.delayMs('boss@x.ao')).toBe(0);
  });

  it('keeps a refused address refused through a flood of made-up names larger than the store', async () => {
    const throttle = new LoginThrottle(new MemoryCounterStore(50));
    for (let i = 0; i < MAX_ADDRESS_FAILURES; i++) await throttle.fail(`name${i}@x.ao`, '10.9.9.9');
    expect(await throttle.isRefused('anyone@x.ao', '10.9.9.9')).toBe(true);
    // Made-up names from a second address and from the refused one: three times the store's size.
    for (let i = 0; i < 150; i++) await throttle.fail(`flood${i}@x.ao`, i % 2 ? '10.8.0.1' : '10.9.9.9');
    expect(await throttle.isRefused('anyone@x.ao', '10.9.9.9')).toBe(true);
  });

  it('keeps a refused address refused through a flood past the default size (the old store forgot all)', async () => {
    const throttle = new LoginThrottle();
    for (let i = 0; i < MAX_ADDRESS_FAILURES; i++) await throttle.fail(`name${i}@x.ao`, '10.7.7.7');
    // Each flooding address stays under the address limit, as a guesser spreading names would.
    const per = MAX_ADDRESS_FAILURES - 1;
    for (let i = 0; i <= DEFAULT_MAX_ENTRIES; i++)
      await throttle.fail(`made-up-${i}@x.ao`, `10.${(i / per / 250) | 0}.${((i / per) | 0) % 250}.1`);
    expect(await throttle.isRefused('anyone@x.ao', '10.7.7.7')).toBe(true);
  });
});

describe('Redis counter store fallback', () => {
  it('counts on this node when Redis does not answer, and reports the outage once', async () => {
    const errors: unknown[] = [];
    // Nothing listens on port 1; no offline queue, so every command fails at once (a real client, no mock).
    const redis = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
    });
    const throttle = new LoginThrottle(new RedisCounterStore(redis, { onError: (err) => errors.push(err) }));
    try {
      for (let i = 0; i < MAX_PAIR_FAILURES; i++) await throttle.fail('owner@x.ao', '10.6.0.1');
      expect(await throttle.isRefused('owner@x.ao', '10.6.0.1')).toBe(true);
      expect(await throttle.isRefused('owner@x.ao', '10.6.0.2')).toBe(false);
      expect(errors.length).toBe(1);
    } finally {
      await throttle.close();
    }
  });
});

const redisUrl = process.env.FROTA_TEST_REDIS_URL;
if (!redisUrl) console.warn('skipped: login throttle Redis store test needs FROTA_TEST_REDIS_URL');

describe.skipIf(!redisUrl)('Redis counter store', () => {
  // A prefix of this run's own: counts left by earlier runs (they live 15 minutes) cannot leak in.
  const prefix = `frota:test:login:${randomBytes(6).toString('hex')}:`;
  let admin: Redis;
  beforeAll(() => {
    admin = new Redis(redisUrl!);
  });
  afterAll(async () => {
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length) await admin.del(...keys);
    admin.disconnect();
  });

  it('shares the counts between two nodes (two clients)', async () => {
    const errors: unknown[] = [];
    const onError = (err: unknown) => errors.push(err);
    const a = new LoginThrottle(new RedisCounterStore(new Redis(redisUrl!), { prefix, onError }));
    const b = new LoginThrottle(new RedisCounterStore(new Redis(redisUrl!), { prefix, onError }));
    try {
      for (let i = 0; i < MAX_PAIR_FAILURES - 1; i++) await a.fail('owner@x.ao', '10.5.0.1');
      expect(await b.isRefused('owner@x.ao', '10.5.0.1')).toBe(false);
      await b.fail('owner@x.ao', '10.5.0.1');
      expect(await a.isRefused('owner@x.ao', '10.5.0.1')).toBe(true);
      expect(await b.isRefused('owner@x.ao', '10.5.0.1')).toBe(true);
      expect(await a.isRefused('owner@x.ao', '10.5.0.2')).toBe(false);
      await a.succeed('owner@x.ao', '10.5.0.1');
      expect(await b.isRefused('owner@x.ao', '10.5.0.1')).toBe(false);
      // the address count is shared too, and survives the pair's success
      for (let i = 0; i < MAX_ADDRESS_FAILURES - MAX_PAIR_FAILURES; i++)
        await (i % 2 ? a : b).fail(`other${i}@x.ao`, '10.5.0.1');
      expect(await a.isRefused('anyone@x.ao', '10.5.0.1')).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('keeps a fixed window: the expiry is set by the first failure only', async () => {
    const store = new RedisCounterStore(new Redis(redisUrl!), { prefix });
    try {
      expect(await store.hit('pair:w', 60_000)).toBe(1);
      await admin.pexpire(`${prefix}pair:w`, 5_000); // as if the window were nearly over
      expect(await store.hit('pair:w', 60_000)).toBe(2);
      const ttl = await admin.pttl(`${prefix}pair:w`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(5_000);
      expect(await store.count('pair:w')).toBe(2);
      await store.clear('pair:w');
      expect(await store.count('pair:w')).toBe(0);
    } finally {
      await store.close();
    }
  });
});
