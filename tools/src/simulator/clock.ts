/**
 * Simulated time. With a speedup K the clock starts `historyMs` in the past and runs K times faster than
 * real time until it catches up with the wall clock, then runs in step with it: records are never dated
 * in the future (the server would flag them), and a speedup replays a stretch of history for reports.
 */
export interface ClockOptions {
  speedup: number;
  /** how far in the past the simulation starts */
  historyMs: number;
  /** wall clock, ms since epoch */
  now?: () => number;
}

export class SimClock {
  readonly speedup: number;
  readonly realStart: number;
  readonly simStart: number;
  private readonly wall: () => number;

  constructor(options: ClockOptions) {
    if (!(options.speedup >= 1)) throw new Error('speedup must be at least 1');
    this.wall = options.now ?? Date.now;
    this.speedup = options.speedup;
    this.realStart = this.wall();
    // whole seconds: OsmAnd timestamps are sent in seconds
    this.simStart = Math.floor((this.realStart - Math.max(0, options.historyMs)) / 1000) * 1000;
  }

  /** Simulated time at wall time `real`. */
  simAt(real: number): number {
    return Math.min(real, this.simStart + (real - this.realStart) * this.speedup);
  }

  now(): number {
    return this.simAt(this.wall());
  }

  /** True once the simulation has caught up with the wall clock. */
  live(): boolean {
    return this.now() >= this.wall() - 1000;
  }

  /** Real milliseconds to wait until simulated time reaches `sim` (0 when it has). */
  delayUntil(sim: number): number {
    const fast = this.realStart + (sim - this.simStart) / this.speedup;
    return Math.max(0, Math.max(sim, fast) - this.wall());
  }
}
