/**
 * Where a record's server time goes (issue 38): each stage of the pipeline and of a stored batch adds its
 * time here while the timer is on (`bench:ingest` turns it on and prints µs per record per stage). Off, a
 * stage pays one property read. The per-record stages are timed on one record in SAMPLE_EVERY, each lap
 * counted that many times: timing every record cost about 0.8 µs a record (ten clock reads and a clock
 * object), which the bench's CPU per record then counted as the server's.
 */
export const STAGES = [
  'computed',
  'filter',
  'passengers',
  'motion',
  'zones',
  'speedLimit',
  'address',
  'detectors',
  'write',
  'publish',
  'modules',
] as const;
export type Stage = (typeof STAGES)[number];

const INDEX = Object.fromEntries(STAGES.map((s, i) => [s, i])) as Record<Stage, number>;

/** A stretch of synchronous work timed stage by stage: each lap's time goes to its stage. */
export class StageClock {
  private last = performance.now();
  constructor(
    private readonly totals: Float64Array,
    /** how many records this stretch stands for (a sampled record's laps count for the ones skipped) */
    private readonly weight = 1,
  ) {}

  /** The time since the last lap (or the clock's start) goes to `stage`. */
  lap(stage: Stage): void {
    const now = performance.now();
    this.totals[INDEX[stage]] += (now - this.last) * this.weight;
    this.last = now;
  }
}

/** One record in this many is timed stage by stage. */
export const SAMPLE_EVERY = 8;

export class StageTimes {
  on = false;
  private readonly totals = new Float64Array(STAGES.length);
  private records = 0;
  private recordClocks = 0;

  /** A clock for one stretch of synchronous work (never across an await: other work would count). */
  clock(): StageClock {
    return new StageClock(this.totals);
  }

  /** A clock for one record's stages, or null for the records between two samples. */
  recordClock(): StageClock | null {
    return this.recordClocks++ % SAMPLE_EVERY === 0 ? new StageClock(this.totals, SAMPLE_EVERY) : null;
  }

  /** Time measured elsewhere (a commit), in ms. */
  add(stage: Stage, ms: number): void {
    this.totals[INDEX[stage]] += ms;
  }

  count(records: number): void {
    this.records += records;
  }

  reset(): void {
    this.totals.fill(0);
    this.records = 0;
    this.recordClocks = 0;
  }

  /** µs per record of each stage since the last reset, rounded to 0.01. */
  perRecord(): Record<Stage, number> {
    const n = Math.max(1, this.records);
    return Object.fromEntries(
      STAGES.map((s, i) => [s, Math.round(((this.totals[i]! * 1000) / n) * 100) / 100]),
    ) as Record<Stage, number>;
  }
}

/** The process's timer: the benches turn it on; a server never does. */
export const stageTimes = new StageTimes();
