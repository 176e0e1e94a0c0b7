/**
 * Latency histogram for millions of samples: 0.1 ms buckets below 100 ms, 1 ms buckets up to 10 minutes.
 * Percentiles are nearest-rank on the bucket's lower bound, so within one bucket width of the exact value.
 */
const FINE_LIMIT_MS = 100;
const FINE_BUCKETS = FINE_LIMIT_MS * 10;
const MAX_MS = 600_000;
const BUCKETS = FINE_BUCKETS + (MAX_MS - FINE_LIMIT_MS);

function bucketOf(ms: number): number {
  if (ms < FINE_LIMIT_MS) return Math.max(0, Math.floor(ms * 10));
  return Math.min(BUCKETS - 1, FINE_BUCKETS + Math.floor(ms - FINE_LIMIT_MS));
}

function lowerBound(bucket: number): number {
  return bucket < FINE_BUCKETS ? bucket / 10 : FINE_LIMIT_MS + (bucket - FINE_BUCKETS);
}

export class Histogram {
  private readonly counts = new Uint32Array(BUCKETS);
  count = 0;
  max = 0;

  add(ms: number): void {
    this.counts[bucketOf(ms)]++;
    this.count++;
    if (ms > this.max) this.max = ms;
  }

  /** nearest-rank percentile, rounded to 0.1 ms (0 without samples) */
  percentile(p: number): number {
    if (!this.count) return 0;
    const rank = Math.min(this.count, Math.max(1, Math.ceil((p / 100) * this.count)));
    let seen = 0;
    for (let b = 0; b < BUCKETS; b++) {
      seen += this.counts[b];
      if (seen >= rank) return Math.round(lowerBound(b) * 10) / 10;
    }
    return Math.round(this.max * 10) / 10;
  }

  /** the non-empty buckets, to send to another process */
  toJSON(): { buckets: Array<[number, number]>; max: number } {
    const buckets: Array<[number, number]> = [];
    for (let b = 0; b < BUCKETS; b++) if (this.counts[b]) buckets.push([b, this.counts[b]]);
    return { buckets, max: this.max };
  }

  static from(json: { buckets: Array<[number, number]>; max: number }): Histogram {
    const h = new Histogram();
    for (const [b, n] of json.buckets) {
      h.counts[b] += n;
      h.count += n;
    }
    h.max = json.max;
    return h;
  }
}
