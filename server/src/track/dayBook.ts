/**
 * Figures per local day (the user's timezone): each step between two samples is cut at midnight and at the
 * working-hours edges, its time and distance shared out in proportion, so a trip across midnight counts
 * on both days and the work/personal split adds up to the day's distance.
 */
import { addTime, stepDistance, stepMotion, type StepMotion } from './tracker';
import type { Sample } from './sample';
import type { Zone } from './timezone';
import { overlapMs, workIntervals, type WorkingWeek } from './workingHours';

export interface DayFigures extends PeriodFigures {
  key: string;
  start: number;
  end: number;
  workDistance: number;
  /** working intervals of the day, [start, end) pairs */
  work: Array<[number, number]>;
}

/** What a period's figures (a day, an hour) keep from each of its positions, and add up over a period. */
export interface PeriodFigures {
  distance: number;
  drivingMs: number;
  idleMs: number;
  offMs: number;
  maxSpeed: number;
  firstIgnition?: number;
  lastIgnition?: number;
  hoursStart?: number;
  hoursEnd?: number;
  odometerStart?: number;
  odometerEnd?: number;
}

/** A position of the period: top valid speed, the meters at both ends, the first ignition. */
export function notePosition(d: PeriodFigures, s: Sample): void {
  if (s.valid && s.speed > d.maxSpeed) d.maxSpeed = s.speed;
  if (s.hours !== undefined) {
    d.hoursStart ??= s.hours;
    d.hoursEnd = s.hours;
  }
  if (s.odometer !== undefined) {
    d.odometerStart ??= s.odometer;
    d.odometerEnd = s.odometer;
  }
  if (s.ignition) d.firstIgnition ??= s.time;
}

/** Adds the figures of a later part of the period (`later` follows everything in `into`). */
export function addLater(into: PeriodFigures, later: PeriodFigures): void {
  into.distance += later.distance;
  into.drivingMs += later.drivingMs;
  into.idleMs += later.idleMs;
  into.offMs += later.offMs;
  into.maxSpeed = Math.max(into.maxSpeed, later.maxSpeed);
  into.firstIgnition ??= later.firstIgnition;
  into.lastIgnition = later.lastIgnition ?? into.lastIgnition;
  into.hoursStart ??= later.hoursStart;
  into.hoursEnd = later.hoursEnd ?? into.hoursEnd;
  into.odometerStart ??= later.odometerStart;
  into.odometerEnd = later.odometerEnd ?? into.odometerEnd;
}

export class DayBook {
  readonly days = new Map<string, DayFigures>();
  private prev: Sample | undefined;
  private current: DayFigures | undefined;

  constructor(
    private readonly zone: Zone,
    private readonly from: number,
    private readonly maxGapMs: number,
    private readonly week?: WorkingWeek,
    /** positions before it do not make a later one off the last ignition (the period's start) */
    private readonly ignitionFrom = from,
  ) {}

  private day(t: number): DayFigures {
    const c = this.current;
    if (c && t >= c.start && t < c.end) return c;
    const start = this.zone.startOfDay(t);
    const key = this.zone.dayKey(t);
    let d = this.days.get(key);
    if (!d) {
      const end = this.zone.nextDay(t);
      d = {
        key,
        start,
        end,
        distance: 0,
        workDistance: 0,
        drivingMs: 0,
        idleMs: 0,
        offMs: 0,
        maxSpeed: 0,
        work: workIntervals(this.week, this.zone, start, end),
      };
      this.days.set(key, d);
    }
    this.current = d;
    return d;
  }

  seed(s: Sample): void {
    this.prev = s;
  }

  push(s: Sample): void {
    const a = this.prev;
    this.prev = s;
    const d = this.day(s.time);
    notePosition(d, s);
    if (s.ignition) d.lastIgnition = s.time;
    else if (a?.ignition && a.time >= this.ignitionFrom) {
      d.lastIgnition = s.time;
    }
    if (a) this.step(a, s);
  }

  private step(a: Sample, b: Sample): void {
    const full = b.time - a.time;
    if (full <= 0) return;
    const distance = stepDistance(a, b);
    const counted = stepMotion(a, b, this.maxGapMs);
    let t = Math.max(a.time, this.from);
    while (t < b.time) {
      const d = this.day(t);
      const until = Math.min(b.time, d.end);
      this.add(d, a, t, until, full, distance, counted);
      t = until;
    }
  }

  private add(
    d: DayFigures,
    a: Sample,
    t0: number,
    t1: number,
    full: number,
    distance: number,
    counted: StepMotion,
  ): void {
    const dt = t1 - t0;
    d.distance += dt === full ? distance : (distance * dt) / full;
    d.workDistance += (distance * overlapMs(d.work, t0, t1)) / full;
    addTime(d, counted, dt);
  }

  /** Ignition-off time runs on to the end of the period when the last sample was off. */
  finish(end: number): void {
    const a = this.prev;
    if (!a || a.motion !== 'off') return;
    let t = Math.max(a.time, this.from);
    while (t < end) {
      const d = this.day(t);
      const until = Math.min(end, d.end);
      d.offMs += until - t;
      t = until;
    }
  }

  /** Days in time order. */
  list(): DayFigures[] {
    return [...this.days.values()].sort((x, y) => x.start - y.start);
  }
}
