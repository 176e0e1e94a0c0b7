/**
 * Fuel per UTC hour, kept with the hours of the segments (hourBook.ts) for vehicles whose level gives
 * litres: the fuel analysis' own detector (reports/engine/fuel.ts) run over the vehicle's whole history,
 * as FuelDays runs it over a period. Each hour keeps what FuelDays keeps of a day, and what a period needs
 * to take over from its own analyzer (periodFuel.ts):
 * - the smoothed level before its first reading and after its last;
 * - the refills and drops found while reading it (dated where the detector dates them, maybe earlier);
 * - once a reading of a later hour arrives: the analyzer's state key after its last reading, and the
 *   refills and drops the end of a period there would add (FuelAnalyzer.finish on a copy).
 */
import type { AttributeBag } from '@frota/core';
import { DEFAULT_FUEL_THRESHOLD, FuelAnalyzer, type FuelPoint, type FuelState } from '../fuel';
import { fuelChange, type FuelChange } from '../fuelDays';
import type { Sample } from '../sample';

const HOUR_MS = 3_600_000;

export interface FuelHour {
  /** smoothed level, percent: before the hour's first reading, after its last */
  start?: number;
  end?: number;
  /** refills and drops found while reading the hour */
  changes: FuelChange[];
  /** after the hour's last reading: the analyzer's state key, and what ending a period there adds */
  key?: string;
  final?: FuelChange[];
}

/** The analyzer after the last reading, and that reading's hour. */
export interface FuelHoursState {
  analyzer: FuelState;
  lastHour?: number;
}

/** Percent of the tank in a position's attributes. */
export type LevelOf = (attrs: AttributeBag) => number | undefined;

export class FuelHours {
  private readonly analyzer: FuelAnalyzer<FuelPoint>;
  private lastHour: number | undefined;

  constructor(
    private readonly levelOf: LevelOf,
    state?: FuelHoursState,
  ) {
    this.analyzer = state
      ? FuelAnalyzer.restore(state.analyzer, DEFAULT_FUEL_THRESHOLD)
      : new FuelAnalyzer<FuelPoint>(DEFAULT_FUEL_THRESHOLD);
    this.lastHour = state?.lastHour;
  }

  /** Reads a position; `at` gives the figures of an hour (the hour book's part of it). */
  push(s: Sample, at: (hour: number) => { fuel?: FuelHour }): void {
    const level = this.levelOf(s.attrs);
    if (level === undefined) return;
    const hour = Math.floor(s.time / HOUR_MS) * HOUR_MS;
    const a = this.analyzer;
    if (this.lastHour !== undefined && hour > this.lastHour) {
      const done = fuelOf(at(this.lastHour));
      done.key = a.stateKey(hour);
      done.final = finalChanges(a);
    }
    this.lastHour = hour;
    const before = a.last;
    a.push({ time: s.time, motion: s.motion }, level);
    const f = fuelOf(at(hour));
    f.start ??= before ?? a.last;
    f.end = a.last;
    for (const e of a.events.splice(0)) f.changes.push(fuelChange(e));
  }

  snapshot(): FuelHoursState {
    return { analyzer: this.analyzer.snapshot(), lastHour: this.lastHour };
  }
}

function fuelOf(h: { fuel?: FuelHour }): FuelHour {
  return (h.fuel ??= { changes: [] });
}

/** What the end of a period after the last reading adds: the judgement of a stop still open. */
export function finalChanges<S extends FuelPoint>(a: FuelAnalyzer<S>): FuelChange[] {
  const copy = FuelAnalyzer.restore(a.snapshot(), a.threshold);
  copy.finish();
  return copy.events.map(fuelChange);
}

/** Adds a later part of the same hour (stored at a later resume point). */
export function mergeFuelHour(into: FuelHour, later: FuelHour): void {
  into.start ??= later.start;
  into.end = later.end ?? into.end;
  into.changes = [...into.changes, ...later.changes];
  into.key = later.key ?? into.key;
  into.final = later.final ?? into.final;
}
