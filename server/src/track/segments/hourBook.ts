/**
 * Figures per UTC hour, kept with the segments: the day book's own rules (reports/engine/dayBook.ts) with
 * hours for days, over the vehicle's whole history. Each step between two samples is cut at the hour edges
 * and shared out in proportion, so the hours of a local day (every day of a whole-hour timezone starts on
 * an hour) add up to the day book's figures for that day.
 */
import { addTime, stepDistance, stepMotion } from '../tracker';
import type { Sample } from '../sample';
import { addLater, notePosition, type PeriodFigures } from '../dayBook';
import { FuelHours, mergeFuelHour, type FuelHour, type FuelHoursState, type LevelOf } from './fuelHours';

export const HOUR_MS = 3_600_000;

/**
 * One hour's figures; its `lastIgnition` is the last position with the ignition on, or off just after one
 * on within the hour (one on in an earlier hour: `cross`).
 */
export interface HourFigures extends PeriodFigures {
  /** the hour's start, epoch ms */
  hour: number;
  /** positions whose fix time falls in the hour */
  positions: number;
  firstTime?: number;
  lastTime?: number;
  /** the hour's first position, off, after one on in an earlier hour: [its time, that one's time] */
  cross?: [number, number];
  /** vehicles whose level gives litres (fuelHours.ts) */
  fuel?: FuelHour;
}

/** What a book carries to the next pass. */
export interface HourBookState {
  prev: Sample | undefined;
  hours: HourFigures[];
  fuel?: FuelHoursState;
}

export const hourOf = (t: number): number => Math.floor(t / HOUR_MS) * HOUR_MS;

const blank = (hour: number): HourFigures => ({
  hour,
  distance: 0,
  drivingMs: 0,
  idleMs: 0,
  offMs: 0,
  maxSpeed: 0,
  positions: 0,
});

export class HourBook {
  private hours = new Map<number, HourFigures>();

  constructor(
    private readonly maxGapMs: number,
    private prev?: Sample,
    private readonly fuel?: FuelHours,
  ) {}

  private at(hour: number): HourFigures {
    let h = this.hours.get(hour);
    if (!h) this.hours.set(hour, (h = blank(hour)));
    return h;
  }

  push(s: Sample): void {
    const a = this.prev;
    this.prev = s;
    const h = this.at(hourOf(s.time));
    h.positions++;
    h.firstTime ??= s.time;
    h.lastTime = s.time;
    notePosition(h, s);
    if (s.ignition) h.lastIgnition = s.time;
    else if (a?.ignition) {
      if (a.time >= h.hour) h.lastIgnition = s.time;
      else h.cross = [s.time, a.time];
    }
    if (a) this.step(a, s);
    this.fuel?.push(s, (hour) => this.at(hour));
  }

  private step(a: Sample, b: Sample): void {
    const full = b.time - a.time;
    if (full <= 0) return;
    const distance = stepDistance(a, b);
    const counted = stepMotion(a, b, this.maxGapMs);
    for (let t = a.time; t < b.time;) {
      const hour = hourOf(t);
      const until = Math.min(b.time, hour + HOUR_MS);
      const h = this.at(hour);
      const dt = until - t;
      h.distance += dt === full ? distance : (distance * dt) / full;
      addTime(h, counted, dt);
      t = until;
    }
  }

  /** The hours touched since the last take, the last sample and the fuel state, as plain data (maintain.ts). */
  snapshot(): HourBookState {
    return { prev: this.prev, hours: [...this.hours.values()], fuel: this.fuel?.snapshot() };
  }

  /** The fuel state alone: what a stop keeps for a pass that resumes there. */
  fuelSnapshot(): FuelHoursState | undefined {
    return this.fuel?.snapshot();
  }

  /** `levelOf`: the vehicle's fuel level, when it gives litres (a fresh analyzer if the state has none) */
  static restore(maxGapMs: number, state: HourBookState, levelOf?: LevelOf): HourBook {
    const book = new HourBook(maxGapMs, state.prev, levelOf && new FuelHours(levelOf, state.fuel));
    for (const h of state.hours) book.hours.set(h.hour, h);
    return book;
  }

  /** The hours touched since the last call, and a fresh start. */
  take(): HourFigures[] {
    const out = [...this.hours.values()];
    this.hours = new Map();
    return out;
  }
}

/** Adds a later part of the same hour (stored at a later resume point) to `into`. */
export function mergeHour(into: HourFigures, later: HourFigures): void {
  addLater(into, later);
  into.positions += later.positions;
  into.firstTime ??= later.firstTime;
  into.lastTime = later.lastTime ?? into.lastTime;
  into.cross ??= later.cross;
  if (later.fuel) {
    if (into.fuel) mergeFuelHour(into.fuel, later.fuel);
    else into.fuel = { ...later.fuel, changes: [...later.fuel.changes] };
  }
}
