import type { DecodedPosition, IngestSink, ProtocolLog } from '../types';

/**
 * Something a test waits on instead of the clock. Whoever changes the state calls `notify()`, and
 * `until(check)` resolves once `check` holds (tried at once and after every notify).
 */
export class Signal {
  private readonly waiters = new Set<() => void>();

  notify(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  /** Resolves once `check` holds; fails the test with `what` after `timeoutMs` (a guard, not a wait). */
  until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const waiter = () => {
        if (!check()) return;
        clearTimeout(timer);
        this.waiters.delete(waiter);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`timed out waiting for ${what}`));
      }, timeoutMs);
      this.waiters.add(waiter);
      waiter();
    });
  }
}

/**
 * An in-memory sink for listener tests. `beforeCommit` runs before positions are committed: make it
 * wait to hold a store open, or reject to make the store fail (nothing is committed then).
 */
export class MemorySink implements IngestSink {
  readonly known: Set<string>;
  readonly stored: DecodedPosition[] = [];
  storeCalls = 0;
  beforeCommit?: (positions: DecodedPosition[]) => Promise<void>;
  /** notified at every store call, commit, command lookup and delivery */
  readonly changed = new Signal();

  /** commands queued for devices (as the database holds them), and the ids the listener delivered */
  readonly commands: Array<{ id: number; uniqueId: string; text: string }> = [];
  readonly delivered: number[] = [];
  commandLookups = 0;

  constructor(known: string[] = []) {
    this.known = new Set(known);
  }

  /** Resolves once `check` holds, tried at every change of this sink (no timer polling). */
  until(check: () => boolean, what: string, timeoutMs?: number): Promise<void> {
    return this.changed.until(check, what, timeoutMs);
  }

  async pendingCommands(uniqueId: string): Promise<Array<{ id: number; text: string }>> {
    this.commandLookups++;
    this.changed.notify();
    return this.commands
      .filter((c) => c.uniqueId === uniqueId && !this.delivered.includes(c.id))
      .map(({ id, text }) => ({ id, text }));
  }

  async commandDelivered(id: number): Promise<void> {
    this.delivered.push(id);
    this.changed.notify();
  }

  async isKnownDevice(uniqueId: string): Promise<boolean> {
    return this.known.has(uniqueId);
  }

  async store(positions: DecodedPosition[]): Promise<void> {
    this.storeCalls++;
    this.changed.notify();
    if (this.beforeCommit) await this.beforeCommit(positions);
    this.stored.push(...positions);
    this.changed.notify();
  }
}

export interface Deferred {
  promise: Promise<void>;
  resolve(): void;
  reject(error: Error): void;
}

export function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A logger that records what it is given, so tests can also assert on logged failures. */
export function memoryLog(): ProtocolLog & { entries: { level: string; obj: object; msg?: string }[] } {
  const entries: { level: string; obj: object; msg?: string }[] = [];
  const at =
    (level: string) =>
    (obj: object, msg?: string): void => {
      entries.push({ level, obj, msg });
    };
  return { entries, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/**
 * Polls until the condition holds; fails the test with `what` after the timeout. Only for state that
 * announces no change (a listener's in-memory counts): wait on a `Signal`, the sink's `until` or a
 * device's read wherever one exists.
 */
export async function waitFor(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
