/**
 * The geocoder the server uses: offline by default, a Nominatim-compatible server when a URL is configured.
 * Answers are cached by coordinates rounded to 4 decimals (~11 m), concurrent lookups of one spot share one
 * request, and at most `maxConcurrent` remote requests run at a time (a bounded queue waits behind them;
 * beyond it lookups answer offline at once rather than pile up).
 */
import { isValidCoordinate } from './format';
import { LruCache } from './lruCache';
import { createNominatimGeocoder, type NominatimAnswer } from './nominatimGeocoder';
import { sharedOfflineGeocoder, type OfflineGeocoder } from './offlineGeocoder';
import type { Geocoder, GeocoderLog } from './types';

export interface GeocoderOptions {
  /** Nominatim-compatible base URL (FROTA_GEOCODER_URL); offline only when absent */
  url?: string;
  log?: GeocoderLog;
  /** cached answers (default 10 000) */
  cacheSize?: number;
  /** remote requests in flight at once (default 4) */
  maxConcurrent?: number;
  /** lookups waiting for a remote slot before further ones answer offline (default 1000) */
  maxQueued?: number;
  /** remote request timeout (default 2 s) */
  timeoutMs?: number;
  /** after a remote failure, answer offline for this long (default 30 s) */
  retryAfterMs?: number;
  userAgent?: string;
  /** default: the process-wide offline index */
  offline?: OfflineGeocoder;
}

export interface GeocoderStats {
  cached: number;
  hits: number;
  remoteLookups: number;
  /** remote lookups answered offline because the server failed, was suspended, or the queue was full */
  fallbacks: number;
}

export interface ServerGeocoder extends Geocoder {
  /** Builds the offline index now (reading files asynchronously) instead of on the first lookup. */
  warmUp(): Promise<void>;
  stats(): GeocoderStats;
}

export const DEFAULT_CACHE_SIZE = 10_000;
export const DEFAULT_MAX_CONCURRENT = 4;
export const DEFAULT_MAX_QUEUED = 1000;

/**
 * ~11 m at the equator: one cache entry per spot a parked vehicle reports from. A number (the spot's row
 * and column on a grid of 1e-4 degrees) rather than a text: no two strings built and hashed per record.
 */
export function cacheKey(lat: number, lon: number): number {
  return Math.round(lat * 1e4) * 3_600_001 + Math.round(lon * 1e4);
}

export function createGeocoder(options: GeocoderOptions = {}): ServerGeocoder {
  const offline = options.offline ?? sharedOfflineGeocoder(options.log);
  const cache = new LruCache<number, string | null>(options.cacheSize ?? DEFAULT_CACHE_SIZE);
  // road limits of the spots the server answered for, beside their addresses (same keys, same bound)
  const limits = new LruCache<number, number | undefined>(options.cacheSize ?? DEFAULT_CACHE_SIZE);
  const remote = options.url
    ? createNominatimGeocoder({
        url: options.url,
        offline,
        log: options.log,
        timeoutMs: options.timeoutMs,
        retryAfterMs: options.retryAfterMs,
        userAgent: options.userAgent,
      })
    : null;
  const slots = createLimiter(
    options.maxConcurrent ?? DEFAULT_MAX_CONCURRENT,
    options.maxQueued ?? DEFAULT_MAX_QUEUED,
  );
  const inFlight = new Map<number, Promise<string | null>>();
  const stats: Omit<GeocoderStats, 'cached'> = { hits: 0, remoteLookups: 0, fallbacks: 0 };

  /** the cached address (null: none there), or undefined when the spot was never looked up */
  const cached = (key: number): string | null | undefined => {
    const address = cache.get(key);
    if (address === undefined) return undefined;
    stats.hits++;
    return address;
  };

  const offlineCached = (key: number, lat: number, lon: number): string | null => {
    const address = offline.lookup(lat, lon);
    cache.set(key, address);
    return address;
  };

  const resolveMiss = async (key: number, lat: number, lon: number): Promise<string | null> => {
    if (!remote) return offlineCached(key, lat, lon);
    const pending = inFlight.get(key);
    if (pending) return pending;
    const run = slots.run(() => remote.lookup(lat, lon));
    if (!run) {
      stats.fallbacks++;
      return offline.lookup(lat, lon);
    }
    stats.remoteLookups++;
    const request = run.then((answer: NominatimAnswer) => {
      if (answer.fallback) stats.fallbacks++;
      else {
        cache.set(key, answer.address);
        limits.set(key, answer.roadLimit);
      }
      return answer.address;
    });
    inFlight.set(key, request);
    try {
      return await request;
    } finally {
      inFlight.delete(key);
    }
  };

  return {
    async lookup(lat, lon) {
      if (!isValidCoordinate(lat, lon)) return null;
      const key = cacheKey(lat, lon);
      const hit = cached(key);
      return hit !== undefined ? hit : resolveMiss(key, lat, lon);
    },
    lookupSync(lat, lon) {
      if (!isValidCoordinate(lat, lon)) return null;
      const key = cacheKey(lat, lon);
      const hit = cached(key);
      if (hit !== undefined) return hit;
      // with a server configured, the offline answer is not cached: a later lookup() may refine it
      return remote ? offline.lookup(lat, lon) : offlineCached(key, lat, lon);
    },
    roadLimitSync(lat, lon) {
      if (!remote || !isValidCoordinate(lat, lon)) return undefined;
      const key = cacheKey(lat, lon);
      if (limits.has(key)) return limits.get(key);
      if (!cache.has(key)) void resolveMiss(key, lat, lon).catch(() => undefined);
      return undefined;
    },
    warmUp: () => offline.load(),
    stats: () => ({ cached: cache.size, ...stats }),
  };
}

interface Limiter {
  /** Runs the task when a slot is free; null when every slot is busy and the queue is full. */
  run<T>(task: () => Promise<T>): Promise<T> | null;
}

function createLimiter(maxActive: number, maxQueued: number): Limiter {
  let active = 0;
  const waiting: (() => void)[] = [];
  const execute = async <T>(task: () => Promise<T>): Promise<T> => {
    try {
      return await task();
    } finally {
      // a waiting task takes the slot over; otherwise the slot is freed
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
  return {
    run(task) {
      if (active < maxActive) {
        active++;
        return execute(task);
      }
      if (waiting.length >= maxQueued) return null;
      return new Promise<void>((resolve) => waiting.push(resolve)).then(() => execute(task));
    },
  };
}
