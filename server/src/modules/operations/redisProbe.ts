/**
 * Health's own Redis connection: never queues commands while Redis is away, so a PING answers at once
 * (or within the timeout) instead of waiting for a reconnection.
 */
import { Redis } from 'ioredis';

export const REDIS_PROBE_TIMEOUT_MS = 1000;

export class RedisProbe {
  private client: Redis;

  constructor(url: string) {
    this.client = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: REDIS_PROBE_TIMEOUT_MS,
      retryStrategy: (times) => Math.min(times * 200, 2000),
    });
    // failures are reported by ping(); the client keeps reconnecting on its own
    this.client.on('error', () => undefined);
  }

  /** Round trip in milliseconds; throws when Redis does not answer within the timeout. */
  async ping(): Promise<number> {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), REDIS_PROBE_TIMEOUT_MS);
    });
    try {
      if (this.client.status === 'wait') await Promise.race([this.client.connect(), timeout]);
      await Promise.race([this.client.ping(), timeout]);
      return performance.now() - started;
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    this.client.disconnect();
  }
}
