/**
 * Login throttling per account and per address: after MAX_FAILURES failures of an account (MAX_ADDRESS_FAILURES of an address) within WINDOW_MS the key is
 * refused (429) until the window passes. Kept in memory per node: a cluster multiplies the allowance by the
 * number of nodes, which still stops password guessing.
 */
export const MAX_FAILURES = 5;
/** An address may fail more often than one account: offices share one public address. */
export const MAX_ADDRESS_FAILURES = 20;
export const WINDOW_MS = 15 * 60 * 1000;

export class LoginThrottle {
  private failures = new Map<string, number[]>();

  constructor(private now: () => number = Date.now) {}

  private recent(key: string): number[] {
    const since = this.now() - WINDOW_MS;
    const list = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  isBlocked(keys: string[]): boolean {
    return keys.some(
      (k) => this.recent(k).length >= (k.startsWith('ip:') ? MAX_ADDRESS_FAILURES : MAX_FAILURES),
    );
  }

  fail(keys: string[]): void {
    for (const k of keys) this.failures.set(k, [...this.recent(k), this.now()]);
    if (this.failures.size > 100_000) this.failures.clear();
  }

  succeed(keys: string[]): void {
    for (const k of keys) this.failures.delete(k);
  }
}
