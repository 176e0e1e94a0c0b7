/**
 * Counts the beats of leased jobs (server/src/jobs/leasedJob.ts) through the clock each is given: a leased
 * job reads its clock once per beat, first thing, and its beats never overlap. Tests wait on beats instead
 * of the wall clock: "node B has beaten three more times" holds however slow the machine is.
 */
export class Beats {
  private readonly counts = new Map<string, number>();
  private readonly waiters = new Set<() => void>();

  /** `now`: the time every clock handed out answers (fixed, or moved by the test) */
  constructor(private readonly now: () => number) {}

  /** The clock to give the job of `holder`. */
  clock(holder: string): () => number {
    return () => {
      this.counts.set(holder, this.count(holder) + 1);
      for (const waiter of [...this.waiters]) waiter();
      return this.now();
    };
  }

  /** Beats `holder` has begun. */
  count(holder: string): number {
    return this.counts.get(holder) ?? 0;
  }

  /**
   * Resolves once each of `holders` has begun `n` more beats than it had when called: the first n - 1 of
   * them are then over. Rejects after `timeoutMs` (a guard: a stopped job beats no more).
   */
  more(holders: string[], n: number, timeoutMs = 15_000): Promise<void> {
    const target = new Map(holders.map((h) => [h, this.count(h) + n]));
    return new Promise((resolve, reject) => {
      const waiter = () => {
        if (holders.some((h) => this.count(h) < target.get(h)!)) return;
        clearTimeout(timer);
        this.waiters.delete(waiter);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`${holders.join(', ')} did not beat ${n} more times in ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.add(waiter);
      waiter();
    });
  }
}
