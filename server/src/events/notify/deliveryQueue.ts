/**
 * Deliveries (one e-mail or SMS each) run a few at a time; a failed one is tried again after a growing
 * pause, then given up with a log line. Nothing here throws to the caller.
 */
import type { Logger } from 'pino';

export interface Delivery {
  /** what the log says about it: ids and channel, never addresses' secrets or gateway URLs */
  label: Record<string, unknown>;
  run(): Promise<void>;
}

export interface RetryPolicy {
  attempts: number;
  /** pause before the second attempt; doubled before each next one */
  delayMs: number;
}

export interface DeliveryQueue {
  push(delivery: Delivery): void;
  readonly busy: boolean;
  /** stop pausing between attempts (shutdown): what is left is tried at once */
  hurry(): void;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, delayMs: 1000 };
const MAX_WAITING = 10_000;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function createDeliveryQueue(options: {
  log: Logger;
  retry: RetryPolicy;
  concurrency: number;
  onSettled: () => void;
}): DeliveryQueue {
  const { log, retry, concurrency, onSettled } = options;
  const waiting: Delivery[] = [];
  const pauses = new Set<() => void>();
  let running = 0;
  let hurried = false;

  const pause = (ms: number) =>
    hurried
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            pauses.delete(done);
            resolve();
          };
          const timer = setTimeout(done, ms);
          pauses.add(done);
        });

  async function attempt(delivery: Delivery): Promise<void> {
    const attempts = Math.max(1, retry.attempts);
    for (let n = 1; ; n++) {
      try {
        await delivery.run();
        if (n > 1) log.info({ ...delivery.label, attempt: n }, 'alert delivered after retry');
        return;
      } catch (err) {
        if (n >= attempts) {
          log.error({ ...delivery.label, attempts: n, error: errorText(err) }, 'alert delivery failed');
          return;
        }
        log.warn({ ...delivery.label, attempt: n, error: errorText(err) }, 'alert delivery failed, retrying');
        await pause(retry.delayMs * 2 ** (n - 1));
      }
    }
  }

  function pump(): void {
    while (running < concurrency && waiting.length) {
      const delivery = waiting.shift()!;
      running++;
      void attempt(delivery).finally(() => {
        running--;
        pump();
        if (!running && !waiting.length) onSettled();
      });
    }
  }

  return {
    push(delivery) {
      if (waiting.length >= MAX_WAITING) {
        log.warn({ ...delivery.label, waiting: waiting.length }, 'alert delivery dropped: queue full');
        return;
      }
      waiting.push(delivery);
      pump();
    },
    get busy() {
      return running > 0 || waiting.length > 0;
    },
    hurry() {
      hurried = true;
      for (const done of [...pauses]) done();
    },
  };
}
