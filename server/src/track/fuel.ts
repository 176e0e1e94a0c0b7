/**
 * Refills and drops from the fuel level (percent of the tank, or of the battery for electric vehicles).
 *
 * Smoothing: every decision reads the median of the readings of the last SMOOTH_MS, taking at least
 * SMOOTH_MIN_READINGS (sparse trackers) and at most SMOOTH_MAX_READINGS. A reading disturbed for less than
 * half of that window (a spike, fuel sloshing on a bend, a hill or under braking) never moves the level,
 * whether the tracker reports every second (Teltonika records densely exactly at bends) or every minute.
 *
 * Stationary: the level before a stationary period against the level after it (judged once SETTLE readings
 * past the period are in). A change of at least the threshold is a refill or a drop, dated at the first
 * reading that showed it.
 *
 * Moving (theft from a moving vehicle, a leak): the smoothed level falls at least the threshold below its
 * highest point of the last DROP_WINDOW_MS of driving, does not come back to within half the threshold of
 * that point, and is still at least the threshold below it CONFIRM_MS after the fall first showed. A dip
 * that comes back first is sloshing or a tilt, not fuel gone. Normal consumption is far slower than the
 * threshold per DROP_WINDOW_MS.
 *
 * A moving fall still unconfirmed when the vehicle stops is settled by the stop, where fuel is at rest: once
 * most of the smoothing window is readings of the stop, a level still the threshold down confirms it (dated
 * where it showed while driving; a refill later in the same stop is then measured from the low level);
 * otherwise the stop compares its level after with the level before the fall. A stop too short for that (a
 * traffic light) hands the fall back to the drive, which goes on timing it; at the end of the period it is
 * judged like a settled one. So braking or a hill just before a stop neither confirms a fall early nor makes
 * the stop look like a refill.
 *
 * One fall is reported once: a reported drop or refill restarts the reference level of the drive, so the
 * lag of the smoothing across a stop's end never reports the stop's change again while driving.
 */
import { createHash } from 'node:crypto';
import type { Motion, Sample } from './sample';

export const DEFAULT_FUEL_THRESHOLD = 10;
/** The smoothing window: two minutes... */
export const SMOOTH_MS = 2 * 60_000;
/** ...but never fewer readings than this (a tracker reporting every few minutes)... */
export const SMOOTH_MIN_READINGS = 5;
/** ...nor more (a tracker reporting several times a second), which bounds the work per reading. */
export const SMOOTH_MAX_READINGS = 256;
/** Moving readings after a stationary period before it is judged. */
const SETTLE = 2;
/** A moving drop is a fall below the highest level of this much driving... */
export const DROP_WINDOW_MS = 10 * 60_000;
/** ...still down this long after it showed. */
export const CONFIRM_MS = 3 * 60_000;

/** What the analyzer reads of a position: its time and motion (the report engine's samples, or just these). */
export interface FuelPoint {
  time: number;
  motion: Motion;
}

export interface FuelEvent<S extends FuelPoint = Sample> {
  kind: 'refill' | 'drop';
  time: number;
  sample: S;
  before: number;
  after: number;
  /** the fall began while driving */
  moving?: boolean;
}

interface Reading<S> {
  time: number;
  level: number;
  sample: S;
}

/** A moving fall seen but not confirmed yet. */
interface MovingDrop<S> {
  before: number;
  /** the first reading that showed the fall: the time and place reported */
  sample: S;
  /** when the smoothed level first showed it */
  seen: number;
}

interface Pending<S> {
  before: number;
  /** the level before the stop itself, for a stop that hands its fall back to the drive */
  own: number;
  sample: S;
  /** readings of the stop so far */
  count: number;
  /** a moving fall handed over by the drive, not settled yet; `before` is then its level before */
  fall?: MovingDrop<S>;
  /** the first reading showing a rise, or a fall, of the threshold */
  up?: S;
  down?: S;
  settle: number;
  ended: boolean;
}

/** Everything the analyzer carries from one reading to the next, as plain data (the segments job keeps it). */
export interface FuelState<S extends FuelPoint = FuelPoint> {
  readings: Array<Reading<S>>;
  pending?: Pending<S>;
  peaks: Array<{ time: number; level: number }>;
  drop?: MovingDrop<S>;
  start?: number;
  seen: number;
  first?: number;
  last?: number;
}

export class FuelAnalyzer<S extends FuelPoint = Sample> {
  readonly events: Array<FuelEvent<S>> = [];
  first: number | undefined;
  last: number | undefined;
  /** the smoothing window, oldest first, and the same levels sorted for the median */
  private readings: Array<Reading<S>> = [];
  private sorted: number[] = [];
  private pending: Pending<S> | undefined;
  /** smoothed levels while driving, decreasing (a sliding maximum over DROP_WINDOW_MS) */
  private peaks: Array<{ time: number; level: number }> = [];
  private drop: MovingDrop<S> | undefined;
  /** the first reading's time: until the window is full its median is a handful of readings */
  private start: number | undefined;
  private seen = 0;

  constructor(readonly threshold = DEFAULT_FUEL_THRESHOLD) {}

  private median(): number {
    return this.sorted[Math.floor(this.sorted.length / 2)];
  }

  /** Index of the first sorted level not below `level`. */
  private rank(level: number): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sorted[mid] < level) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private add(s: S, level: number): void {
    this.start ??= s.time;
    this.seen++;
    this.readings.push({ time: s.time, level, sample: s });
    this.sorted.splice(this.rank(level), 0, level);
    while (
      this.readings.length > SMOOTH_MIN_READINGS &&
      (this.readings.length > SMOOTH_MAX_READINGS || s.time - this.readings[0].time > SMOOTH_MS)
    )
      this.sorted.splice(this.rank(this.readings.shift()!.level), 1);
  }

  /** The first reading of the window at least the threshold away from `from` in the direction `sign`. */
  private firstShowing(from: number, sign: 1 | -1): S | undefined {
    return this.readings.find((r) => (r.level - from) * sign >= this.threshold)?.sample;
  }

  push(s: S, level: number | undefined): void {
    if (level === undefined) return;
    const stationary = s.motion !== 'moving';
    // a new stationary period before the last one settled: judge the last one now
    if (this.pending?.ended && stationary) this.judge();
    const before = this.readings.length ? this.median() : level;
    this.add(s, level);
    const smooth = this.median();
    this.first ??= smooth;
    this.last = smooth;

    if (stationary) {
      if (!this.pending) this.startStop(s, before);
      this.watchStop(s, smooth);
      return;
    }
    this.watchDrive(s, smooth);
    const open = this.pending;
    if (open && !open.ended) open.ended = true;
    if (open?.ended && --open.settle <= 0) this.judge();
  }

  /** A stop begins; a moving fall not yet confirmed is handed to it (see the file comment). */
  private startStop(s: S, before: number): void {
    const fall = this.drop;
    this.drop = undefined;
    this.pending = {
      before: fall?.before ?? before,
      own: before,
      sample: s,
      count: 0,
      fall,
      settle: SETTLE,
      ended: false,
    };
  }

  /** Settles a handed-over fall, and dates the stop's change at the first reading showing it. */
  private watchStop(s: S, smooth: number): void {
    const p = this.pending!;
    const half = this.threshold / 2;
    p.count++;
    const f = p.fall;
    if (f) {
      // the median is a level at rest only once most of the window is the stop's
      if (p.count * 2 <= this.readings.length) return;
      p.fall = undefined;
      // not down by the threshold at rest: the stop compares its level after with the level before the fall
      if (f.before - smooth >= this.threshold) {
        this.movingDrop(f, s.time, smooth);
        p.before = smooth;
      }
    }
    if (p.up && smooth < p.before + half) p.up = undefined;
    if (p.down && smooth > p.before - half) p.down = undefined;
    if (!p.up && smooth - p.before >= this.threshold) p.up = this.firstShowing(p.before, 1);
    if (!p.down && p.before - smooth >= this.threshold) p.down = this.firstShowing(p.before, -1);
  }

  /** The moving-drop rule (see the file comment). */
  private watchDrive(s: S, smooth: number): void {
    // a slosh in the first seconds of the data would otherwise be the peak to fall from
    if (this.seen < SMOOTH_MIN_READINGS || s.time - this.start! < SMOOTH_MS) return;
    const peaks = this.peaks;
    while (peaks.length && peaks[peaks.length - 1].level <= smooth) peaks.pop();
    peaks.push({ time: s.time, level: smooth });
    while (s.time - peaks[0].time > DROP_WINDOW_MS) peaks.shift();
    const d = this.drop;
    if (!d) {
      const peak = peaks[0].level;
      if (peak - smooth >= this.threshold)
        this.drop = { before: peak, sample: this.firstShowing(peak, -1) ?? s, seen: s.time };
      return;
    }
    if (smooth >= d.before - this.threshold / 2) this.drop = undefined;
    else if (s.time - d.seen >= CONFIRM_MS) {
      this.drop = undefined;
      if (d.before - smooth >= this.threshold) this.movingDrop(d, s.time, smooth);
    }
  }

  /** The level now is the drive's new reference: a fall already reported is never counted again. */
  private restartDrive(time: number, level: number): void {
    this.peaks = [{ time, level }];
    this.drop = undefined;
  }

  private movingDrop(d: MovingDrop<S>, time: number, after: number): void {
    this.events.push({
      kind: 'drop',
      time: d.sample.time,
      sample: d.sample,
      before: d.before,
      after,
      moving: true,
    });
    this.restartDrive(time, after);
  }

  /** The stop's change; `final` at the end of the period, when no drive will go on timing a fall. */
  private judge(final = false): void {
    const p = this.pending!;
    this.pending = undefined;
    if (p.fall && !final) {
      this.drop = p.fall;
      p.before = p.own;
      p.fall = undefined;
    }
    const after = this.median();
    const change = after - p.before;
    if (Math.abs(change) < this.threshold) return;
    // a change the stop's own readings did not show yet (the smoothing lags a reading taken just before
    // driving off) is dated at the first reading of the window that shows it, not at the stop's start
    const at =
      change > 0
        ? (p.up ?? this.firstShowing(p.before, 1) ?? p.sample)
        : (p.fall?.sample ?? p.down ?? this.firstShowing(p.before, -1) ?? p.sample);
    this.events.push({
      kind: change > 0 ? 'refill' : 'drop',
      time: at.time,
      sample: at,
      before: p.before,
      after,
      ...(change < 0 && p.fall ? { moving: true } : {}),
    });
    this.restartDrive(this.readings[this.readings.length - 1].time, after);
  }

  finish(): void {
    if (this.pending) this.judge(true);
  }

  /** The state after the last reading, as plain data (a copy: later readings do not change it). */
  snapshot(): FuelState<S> {
    return structuredClone({
      readings: this.readings,
      pending: this.pending,
      peaks: this.peaks,
      drop: this.drop,
      start: this.start,
      seen: this.seen,
      first: this.first,
      last: this.last,
    });
  }

  /** An analyzer that goes on from a snapshot; its events are only those it finds from then on. */
  static restore<S extends FuelPoint>(state: FuelState<S>, threshold?: number): FuelAnalyzer<S> {
    const a = new FuelAnalyzer<S>(threshold);
    const s = structuredClone(state);
    a.readings = s.readings;
    a.sorted = s.readings.map((r) => r.level).sort((x, y) => x - y);
    a.pending = s.pending;
    a.peaks = s.peaks;
    a.drop = s.drop;
    a.start = s.start;
    a.seen = s.seen;
    a.first = s.first;
    a.last = s.last;
    return a;
  }

  /**
   * A digest of everything that decides what the analyzer does with readings from `next` on, and of the
   * smoothed level: two analyzers with the same key find the same events and levels in the same readings.
   * Points count by time. The warm-up (watchDrive) is one flag once it is over for every reading from
   * `next` on, so an analyzer started at a period's start can match one that has run for years. `first`
   * is left out.
   */
  stateKey(next: number): string {
    const time = (p: FuelPoint | undefined) => p?.time ?? null;
    const drop = (d: MovingDrop<S> | undefined) => (d ? [d.before, d.sample.time, d.seen] : null);
    const p = this.pending;
    const warm =
      this.start !== undefined && this.seen >= SMOOTH_MIN_READINGS && next - this.start >= SMOOTH_MS;
    const state = [
      this.readings.map((r) => [r.time, r.level]),
      p
        ? [p.before, p.own, p.sample.time, p.count, drop(p.fall), time(p.up), time(p.down), p.settle, p.ended]
        : null,
      this.peaks.map((k) => [k.time, k.level]),
      drop(this.drop),
      this.last ?? null,
      warm ? true : [this.start ?? null, this.seen],
    ];
    return createHash('sha1').update(JSON.stringify(state)).digest('base64');
  }
}
