/**
 * Refills and drops from the fuel level (percent of the tank), read through the median of the last 5
 * readings so single spikes never count.
 * - Stationary: the level before a stationary period against the level after it (once two readings past
 *   the period are in). A change of at least the threshold is a refill or a drop.
 * - Moving (theft from a moving vehicle, a leak): the level falling by at least the threshold below its
 *   highest point of the last DROP_WINDOW_MS and staying down for CONFIRM_MS of driving. Fuel sloshes on
 *   bends, hills and braking: a dip that comes back to within half the threshold of where it was before
 *   it is confirmed is no drop. Normal consumption is far slower than the threshold in that window.
 */
import type { Sample } from './sample';

export const DEFAULT_FUEL_THRESHOLD = 10;
const WINDOW = 5;
const SETTLE = 2;
/** A moving drop is a fall below the highest level of this window... */
export const DROP_WINDOW_MS = 10 * 60_000;
/** ...that lasts this long while driving. */
export const CONFIRM_MS = 3 * 60_000;

export interface FuelEvent {
  kind: 'refill' | 'drop';
  time: number;
  sample: Sample;
  before: number;
  after: number;
  /** detected while driving */
  moving?: boolean;
}

interface MovingDrop {
  before: number;
  sample: Sample;
  lowest: number;
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
  /** smoothed levels of the current drive within DROP_WINDOW_MS */
  private drive: Array<{ time: number; level: number }> = [];
  private drop: MovingDrop | undefined;

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

    this.watchDrive(s, smooth, stationary);
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

  /** The moving-drop rule (see the file comment). */
  private watchDrive(s: Sample, smooth: number, stationary: boolean): void {
    if (stationary) {
      // a stop judges its own changes; a drop under way when it began is kept if the level stayed down
      if (this.drop && smooth <= this.drop.before - this.threshold) this.confirmDrop(smooth);
      this.drop = undefined;
      this.drive = [];
      return;
    }
    this.drive = this.drive.filter((d) => s.time - d.time <= DROP_WINDOW_MS);
    this.drive.push({ time: s.time, level: smooth });
    const d = this.drop;
    if (!d) {
      const peak = Math.max(...this.drive.map((x) => x.level));
      if (peak - smooth >= this.threshold) this.drop = { before: peak, sample: s, lowest: smooth };
      return;
    }
    d.lowest = Math.min(d.lowest, smooth);
    if (smooth >= d.before - this.threshold / 2) this.drop = undefined;
    else if (s.time - d.sample.time >= CONFIRM_MS) this.confirmDrop(smooth);
  }

  private confirmDrop(after: number): void {
    const d = this.drop!;
    this.drop = undefined;
    this.events.push({
      kind: 'drop',
      time: d.sample.time,
      sample: d.sample,
      before: d.before,
      after,
      moving: true,
    });
    // the level now is the new reference: the same fall is never counted twice
    this.drive = this.drive.length ? [this.drive[this.drive.length - 1]] : [];
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
