/**
 * The replayed positions kept column by column, so a week at 1 Hz (604,800 positions) never becomes
 * 604,800 objects: each position read from the stream is written into the columns and dropped. Columns
 * are typed arrays sized from a count of the period (grown if positions arrive meanwhile): one
 * allocation each, no boxed numbers, nothing for the garbage collector to trace. NaN stands for "none"
 * (JSON writes it as null). The object answer is made from the same columns.
 */
import { blankAttributes, grown, isPrivatePosition } from '@frota/core';
import { stepDistance } from '../../track/tracker';
import type { RawPosition, Sample } from '../../track/sample';

export const EVENTS = ['start', 'stop', 'idle', 'fuel', 'speeding', 'pto'] as const;
export type ReplayEvent = (typeof EVENTS)[number];

/**
 * Running totals kept by the pipeline, not readings: a chart of them is a ramp, and at 1 Hz they are the
 * widest numbers of the answer (the odometer and engine hours are shown by the reports and the popup).
 */
export const NOT_SERIES = new Set(['totalDistance', 'hours', 'odometer']);

const round = (v: number, f: number) => Math.round(v * f) / f;

/** NaN (a column's "none") as null, for the object answer. */
export const orNull = (v: number): number | null => (Number.isNaN(v) ? null : v);

export class PositionColumns {
  id: Float64Array;
  fixTime: Float64Array;
  /** NaN where the place is hidden from the user (so are speed, speedLimit, distance and the series) */
  latitude: Float64Array;
  longitude: Float64Array;
  /** knots */
  speed: Float64Array;
  course: Float64Array;
  /** metres from the previous position; NaN where either end is hidden from the user */
  distance: Float64Array;
  /** 0 none, else 1 + the index in EVENTS */
  event: Uint8Array;
  /** km/h; NaN where no limit applies */
  speedLimit: Float64Array;
  privacy: Uint8Array;
  /** every numeric attribute met but the running totals (NaN where a position lacks it) */
  readonly series = new Map<string, Float64Array>();
  /** kept only for the object answer */
  readonly valid: boolean[] = [];
  readonly address: Array<string | null> = [];
  readonly attributes: Array<Record<string, unknown>> = [];

  length = 0;
  private capacity: number;
  /** the previous position's attribute keys and their series: positions of a device repeat them */
  private readonly lastKeys: string[] = [];
  private readonly lastSeries: Array<Float64Array | undefined> = [];
  private prev: Sample | undefined;

  /**
   * @param hidden whether the user may not see where a private position was (not an administrator)
   * @param keepObjects keep what only the object answer has (validity, address, attributes)
   * @param expected how many positions are coming
   * @param withSeries keep the attribute series (off for the route alone: its positions carry only the
   *   attributes the detectors read)
   */
  constructor(
    private readonly vehicleAttributes: Record<string, unknown>,
    private readonly hidden: boolean,
    private readonly keepObjects: boolean,
    expected: number,
    private readonly withSeries = true,
  ) {
    const n = (this.capacity = Math.max(16, expected));
    this.id = new Float64Array(n);
    this.fixTime = new Float64Array(n);
    this.latitude = new Float64Array(n);
    this.longitude = new Float64Array(n);
    this.speed = new Float64Array(n);
    this.course = new Float64Array(n);
    this.distance = new Float64Array(n);
    this.event = new Uint8Array(n);
    this.speedLimit = new Float64Array(n);
    this.privacy = new Uint8Array(n);
  }

  private grow(): void {
    const n = (this.capacity = Math.ceil(this.capacity * 1.5));
    this.id = grown(this.id, n);
    this.fixTime = grown(this.fixTime, n);
    this.latitude = grown(this.latitude, n);
    this.longitude = grown(this.longitude, n);
    this.speed = grown(this.speed, n);
    this.course = grown(this.course, n);
    this.distance = grown(this.distance, n);
    this.event = grown(this.event, n);
    this.speedLimit = grown(this.speedLimit, n);
    this.privacy = grown(this.privacy, n);
    for (const [key, column] of this.series) {
      const next = grown(column, n);
      next.fill(NaN, column.length);
      this.series.set(key, next);
    }
    this.lastKeys.length = 0;
    this.lastSeries.length = 0;
  }

  private seriesOf(key: string): Float64Array {
    let column = this.series.get(key);
    if (!column) this.series.set(key, (column = new Float64Array(this.capacity).fill(NaN)));
    return column;
  }

  /**
   * Appends one position; `limit` is the speed limit that applies there (km/h), `fuel` the fuel level in
   * percent of the tank (core's fuelPercent: the calibrated sensor or the reported level).
   */
  add(raw: RawPosition, s: Sample, limit: number | undefined, fuel: number | undefined): void {
    if (this.length === this.capacity) this.grow();
    const i = this.length++;
    const attrs = raw.attrs;
    const isPrivate = isPrivatePosition({ attributes: attrs }, this.vehicleAttributes);
    const blank = isPrivate && this.hidden;
    this.id[i] = raw.id;
    this.fixTime[i] = raw.fixTime;
    // a hidden position keeps its id and time: its place, speed, limit, readings and the step to or from
    // it (distances measured on the hidden track) are none (auth/privacy.ts)
    const stepHidden = blank || (i > 0 && this.blankAt(i - 1));
    this.latitude[i] = blank ? NaN : round(raw.latitude, 1e6);
    this.longitude[i] = blank ? NaN : round(raw.longitude, 1e6);
    this.speed[i] = blank ? NaN : round(Number(raw.speed) || 0, 100);
    this.course[i] = blank ? 0 : Number(raw.course) || 0;
    this.distance[i] = stepHidden ? NaN : this.prev ? round(stepDistance(this.prev, s), 10) : 0;
    this.speedLimit[i] = blank || limit === undefined ? NaN : round(limit, 10);
    this.privacy[i] = isPrivate ? 1 : 0;
    if (this.withSeries && !blank) this.addSeries(i, attrs, fuel);
    if (this.keepObjects) {
      this.valid.push(raw.valid);
      this.address.push(blank ? null : (raw.address ?? null));
      this.attributes.push(blank ? blankAttributes(attrs) : attrs);
    }
    this.prev = s;
  }

  private addSeries(i: number, attrs: Record<string, unknown>, fuel: number | undefined): void {
    let k = 0;
    for (const key in attrs) {
      const v = key === 'fuel' ? fuel : attrs[key];
      let column = this.lastKeys[k] === key ? this.lastSeries[k] : undefined;
      if (typeof v === 'number' && Number.isFinite(v)) {
        if (!column && !NOT_SERIES.has(key)) column = this.seriesOf(key);
        if (column) column[i] = v;
      }
      this.lastKeys[k] = key;
      this.lastSeries[k] = column;
      k++;
    }
    // a calibrated sensor gives the level without a reported `fuel`
    if (fuel !== undefined && attrs.fuel === undefined) this.seriesOf('fuel')[i] = fuel;
  }

  /** The index of a position by id and time (the columns are in time order), or -1. */
  indexOf(id: number, time: number): number {
    const times = this.fixTime;
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (times[mid] < time) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.length && times[i] === time; i++) if (this.id[i] === id) return i;
    return -1;
  }

  /** The first position at or after `time` (the last one when none is). */
  indexAtOrAfter(time: number): number {
    for (let i = 0; i < this.length; i++) if (this.fixTime[i] >= time) return i;
    return this.length - 1;
  }

  /** Whether the position at `index` is blanked for the user (private, and the user not an administrator). */
  blankAt(index: number): boolean {
    return this.hidden && this.privacy[index] === 1;
  }

  /**
   * Marks a position with an event unless a more important one (marked before) holds it; a blanked
   * position carries none (a speeding or refill marker would tell what the hidden track did).
   */
  mark(index: number, event: ReplayEvent): void {
    if (index >= 0 && index < this.length && this.event[index] === 0 && !this.blankAt(index))
      this.event[index] = 1 + EVENTS.indexOf(event);
  }

  eventAt(index: number): ReplayEvent | null {
    const code = this.event[index];
    return code ? EVENTS[code - 1] : null;
  }

  /** Whether any position from `start` to `end` (inclusive) is private. */
  anyPrivate(start: number, end: number): boolean {
    for (let i = Math.max(0, start); i <= end && i < this.length; i++) if (this.privacy[i]) return true;
    return false;
  }
}
