/**
 * Waits on what a test connection receives, no timer polling: `until(check)` is tried at once and at every
 * `wake()` (the connection's owner calls it on each message and on close). It rejects when the connection
 * closes before `check` holds, or after `timeoutMs` (a guard, not a wait).
 */
export function connectionWaiters(isClosed: () => boolean, closedBefore: (what: string) => string) {
  const waiters = new Set<() => void>();
  const wake = (): void => {
    for (const waiter of [...waiters]) waiter();
  };
  const until = (check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        waiters.delete(waiter);
      };
      const waiter = () => {
        if (check()) {
          done();
          resolve();
        } else if (isClosed()) {
          done();
          reject(new Error(closedBefore(what)));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`timed out waiting for ${what}`));
      }, timeoutMs);
      waiters.add(waiter);
      waiter();
    });
  return { wake, until };
}
