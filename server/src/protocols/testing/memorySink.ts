import type { DecodedPosition, IngestSink, ProtocolLog } from '../types';

/**
 * An in-memory sink for listener tests. `beforeCommit` runs before positions are committed: make it
 * wait to hold a store open, or reject to make the store fail (nothing is committed then).
 */
export class MemorySink implements IngestSink {
  readonly known: Set<string>;
  readonly stored: DecodedPosition[] = [];
  storeCalls = 0;
  beforeCommit?: (positions: DecodedPosition[]) => Promise<void>;

  /** commands queued for devices (as the database holds them), and the ids the listener delivered */
  readonly commands: Array<{ id: number; uniqueId: string; text: string }> = [];
  readonly delivered: number[] = [];
  commandLookups = 0;

  constructor(known: string[] = []) {
    this.known = new Set(known);
  }

  async pendingCommands(uniqueId: string): Promise<Array<{ id: number; text: string }>> {
    this.commandLookups++;
    return this.commands
      .filter((c) => c.uniqueId === uniqueId && !this.delivered.includes(c.id))
      .map(({ id, text }) => ({ id, text }));
  }

  async commandDelivered(id: number): Promise<void> {
    this.delivered.push(id);
  }

  async isKnownDevice(uniqueId: string): Promise<boolean> {
    return this.known.has(uniqueId);
  }

  async store(positions: DecodedPosition[]): Promise<void> {
    this.storeCalls++;
    if (this.beforeCommit) await this.beforeCommit(positions);
    this.stored.push(...positions);
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

/** Polls until the condition holds; fails the test with `what` after the timeout. */
export async function waitFor(condition: () => boolean, what: string, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
