/**
 * Counters of failed logins in fixed windows: in memory (bounded, least recently used evicted first) or in
 * Redis, so every node of a cluster counts the same failures.
 */
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/** Keys are `kind:rest` (e.g. `ip:…`, `pair:…`); the memory store keeps each kind apart. */
export interface CounterStore {
  /** Counts one more failure under `key` and answers the count within the window. */
  hit(key: string, windowMs: number): Promise<number>;
  count(key: string): Promise<number>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

export const DEFAULT_MAX_ENTRIES = 100_000;

/**
 * In memory. Each kind of key has its own bounded cache: a flood of made-up account names fills only the
 * pairs' (and accounts') caches and evicts only their oldest entries, never an address's count. An address
 * key is read on every attempt and written on every failure, so an active guesser's address stays the most
 * recently used; only a flood of distinct addresses could push it out, and whoever holds that many
 * addresses gains nothing by resetting one of them.
 */
export class MemoryCounterStore implements CounterStore {
  private readonly caches = new Map<string, LRUCache<string, number>>();

  /**
   * @param maxEntries bound of each kind's cache (about 100 bytes per entry: 100,000 keys cost ~10 MB)
   * @param now the clock (tests move it); lru-cache treats a start time of 0 as "no expiry", so a test
   *   clock must start above 0
   */
  constructor(
    private readonly maxEntries = DEFAULT_MAX_ENTRIES,
    private readonly now: () => number = Date.now,
  ) {}

  private cache(key: string): LRUCache<string, number> {
    const kind = key.slice(0, key.indexOf(':') + 1);
    let cache = this.caches.get(kind);
    if (!cache) {
      // ttlResolution 0: read the clock on every check, so a window ends exactly when it should.
      cache = new LRUCache({ max: this.maxEntries, ttlResolution: 0, perf: { now: this.now } });
      this.caches.set(kind, cache);
    }
    return cache;
  }

  async hit(key: string, windowMs: number): Promise<number> {
    const cache = this.cache(key);
    const count = (cache.get(key) ?? 0) + 1;
    // A fixed window, as in Redis: it starts with the first failure and later failures keep its end, so a
    // steady trickle of guesses cannot keep a counter alive forever.
    cache.set(key, count, count === 1 ? { ttl: windowMs } : { noUpdateTTL: true });
    return count;
  }

  async count(key: string): Promise<number> {
    // get (not peek) on purpose: a refused address that keeps knocking stays recent and is not evicted.
    return this.cache(key).get(key) ?? 0;
  }

  async clear(key: string): Promise<void> {
    this.cache(key).delete(key);
  }

  async close(): Promise<void> {
    this.caches.clear();
  }
}

export interface RedisStoreOptions {
  /** prefix of every key in Redis (tests use their own so runs do not share counts) */
  prefix?: string;
  /** told once per outage that Redis failed and counting went local */
  onError?: (err: unknown) => void;
}

/**
 * In Redis: fixed windows with INCR, the expiry set by the window's first failure; GET for checks, DEL on
 * success. When Redis does not answer, counts go to a memory store on this node instead of failing the
 * login: refusing every login during an outage would lock everyone out, and ignoring the counts would let
 * guessing run free, while per-node counting only multiplies the allowance by the number of nodes.
 */
export class RedisCounterStore implements CounterStore {
  private readonly prefix: string;
  private readonly onError: (err: unknown) => void;
  private readonly local = new MemoryCounterStore();
  private degraded = false;

  constructor(
    private readonly redis: Redis,
    options: RedisStoreOptions = {},
  ) {
    this.prefix = options.prefix ?? 'frota:login:';
    this.onError = options.onError ?? (() => undefined);
    // Without a listener ioredis prints every reconnection failure to the console.
    redis.on('error', (err) => this.report(err));
    redis.on('ready', () => (this.degraded = false));
  }

  /**
   * A client for the server: connected before the first login (as the live bus is), commands failing at
   * once while disconnected (no offline queue) and after 1 s when Redis hangs, so a login never waits on
   * Redis for long before the local fallback counts it.
   */
  static async connect(url: string, options: RedisStoreOptions = {}): Promise<RedisCounterStore> {
    const redis = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 1000,
    });
    const store = new RedisCounterStore(redis, options);
    try {
      await redis.connect();
    } catch (err) {
      redis.disconnect(); // or it keeps reconnecting and holds the process open
      throw err;
    }
    return store;
  }

  private report(err: unknown): void {
    if (this.degraded) return;
    this.degraded = true;
    this.onError(err);
  }

  async hit(key: string, windowMs: number): Promise<number> {
    const k = this.prefix + key;
    try {
      // SET NX PX creates the window's key with its expiry only if absent, INCR keeps that expiry: the
      // same fixed window as INCR + PEXPIRE NX, but atomic on any Redis version (PEXPIRE NX needs 7.0;
      // on older servers it would fail the whole transaction on every failed login).
      const results = await this.redis.multi().set(k, 0, 'PX', windowMs, 'NX').incr(k).exec();
      const failed = results?.find(([err]) => err)?.[0];
      if (!results || failed) throw failed ?? new Error('Redis transaction aborted');
      this.degraded = false;
      return Number(results[1][1]);
    } catch (err) {
      this.report(err);
      return this.local.hit(key, windowMs);
    }
  }

  async count(key: string): Promise<number> {
    // Failures counted locally during an outage still count (until their window ends) once Redis is back.
    const local = await this.local.count(key);
    try {
      const shared = Number((await this.redis.get(this.prefix + key)) ?? 0);
      this.degraded = false;
      return Math.max(shared, local);
    } catch (err) {
      this.report(err);
      return local;
    }
  }

  async clear(key: string): Promise<void> {
    await this.local.clear(key);
    try {
      await this.redis.del(this.prefix + key);
    } catch (err) {
      this.report(err);
    }
  }

  async close(): Promise<void> {
    this.redis.disconnect();
    await this.local.close();
  }
}
