/**
 * Refills and drops from the fuel level (percent of the tank): the level before a stationary period (median
 * of the last 5 readings) against the level after it (median once two readings past the period are in),
 * so sensor noise and the slosh of braking do not count. A change of at least the threshold is an event.
 */
import type { Sample } from './sample';

export const DEFAULT_FUEL_THRESHOLD = 10;
const WINDOW = 5;
const SETTLE = 2;

export interface FuelEvent {
  kind: 'refill' | 'drop';
  time: number;
  sample: Sample;
  before: number;
  after: number;
}

interface Pending {
  before: number;
  sample: Sample;
  detected?: Sample;
  settle: number;
  ended: boolean;
}

export class FuelAnalyzer {
  readonly events: FuelEvent[] = [];
  first: number | undefined;
  last: number | undefined;
  private window: Array<{ level: number; sample: Sample }> = [];
  private pending: Pending | undefined;

  constructor(private readonly threshold = DEFAULT_FUEL_THRESHOLD) {}

  private median(): number {
    const sorted = this.window.map((w) => w.level).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
  }

  push(s: Sample, level: number | undefined): void {
    if (level === undefined) return;
    const stationary = s.motion !== 'moving';
    const p = this.pending;
    // a new stationary period before the last one settled: judge the last one now
    if (p?.ended && stationary) this.judge();
    const before = this.window.length ? this.median() : level;
    this.window.push({ level, sample: s });
    if (this.window.length > WINDOW) this.window.shift();
    const smooth = this.median();
    this.first ??= smooth;
    this.last = smooth;

    const open = this.pending;
    if (stationary) {
      if (!open) this.pending = { before, sample: s, settle: SETTLE, ended: false };
      else if (!open.detected && Math.abs(smooth - open.before) >= this.threshold)
        // the change happened at the first reading of the window that already shows it
        open.detected = this.window.find(
          (w) =>
            Math.sign(w.level - open.before) === Math.sign(smooth - open.before) &&
            Math.abs(w.level - open.before) >= this.threshold,
        )?.sample;
      return;
    }
    if (open && !open.ended) open.ended = true;
    if (open?.ended && --open.settle <= 0) this.judge();
  }

  private judge(): void {
    const p = this.pending!;
    this.pending = undefined;
    const after = this.median();
    const change = after - p.before;
    if (Math.abs(change) < this.threshold) return;
    const at = p.detected ?? p.sample;
    this.events.push({
      kind: change > 0 ? 'refill' : 'drop',
      time: at.time,
      sample: at,
      before: p.before,
      after,
    });
  }

  finish(): void {
    if (this.pending) this.judge();
  }
}
