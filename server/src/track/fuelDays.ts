/**
 * Fuel consumed per local day from the fuel level, on the fuel analysis' own detector (fuel.ts): a day
 * consumed its level at the start (the last smoothed level before it) less its level at the end, plus what
 * was refilled and less what dropped (theft, a leak: fuel gone, not burnt) that day. The days add up to the
 * fuel analysis' estimated consumption of the whole period. Levels are percent of the tank.
 */
import type { Sample } from './sample';
import type { Zone } from './timezone';
import type { Consumer } from './run';
import { FuelAnalyzer, type FuelPoint } from './fuel';

export interface FuelDay {
  key: string;
  /** smoothed level at the day's start and end, percent */
  start: number;
  end: number;
  refilled: number;
  dropped: number;
}

/** A refill (positive) or drop (negative) as the days count it: when it is dated and its change in percent. */
export interface FuelChange {
  time: number;
  change: number;
}

export const fuelChange = (e: { time: number; before: number; after: number }): FuelChange => ({
  time: e.time,
  change: e.after - e.before,
});

/** The days with readings, each with the refills and drops dated on it. */
export function fuelDayList(zone: Zone, days: Iterable<FuelDay>, changes: Iterable<FuelChange>): FuelDay[] {
  const out = new Map([...days].map((d) => [d.key, { ...d }]));
  for (const e of changes) {
    const day = out.get(zone.dayKey(e.time));
    if (!day) continue;
    if (e.change > 0) day.refilled += e.change;
    else day.dropped -= e.change;
  }
  return [...out.values()].sort((a, b) => a.key.localeCompare(b.key));
}

/** The analyzer reads only each sample's time and motion (FuelPoint), so one restored from plain data can go on. */
export class FuelDays implements Consumer {
  readonly analyzer: FuelAnalyzer<FuelPoint>;
  readonly days = new Map<string, FuelDay>();
  private current: { key: string; start: number; end: number } | undefined;

  /** `analyzer`: one to go on with (the segments' tail), else a fresh one */
  constructor(
    private readonly zone: Zone,
    private readonly levelOf: (s: Sample) => number | undefined,
    threshold?: number,
    analyzer?: FuelAnalyzer<FuelPoint>,
  ) {
    this.analyzer = analyzer ?? new FuelAnalyzer<FuelPoint>(threshold);
  }

  push(s: Sample): void {
    const level = this.levelOf(s);
    if (level === undefined) return;
    const before = this.analyzer.last;
    this.analyzer.push(s, level);
    const smooth = this.analyzer.last!;
    const c = this.current;
    if (!c || s.time < c.start || s.time >= c.end) {
      const key = this.zone.dayKey(s.time);
      const start = this.zone.startOfDay(s.time);
      this.current = { key, start, end: this.zone.nextDay(s.time) };
      if (!this.days.has(key))
        this.days.set(key, { key, start: before ?? smooth, end: smooth, refilled: 0, dropped: 0 });
    }
    this.days.get(this.current!.key)!.end = smooth;
  }

  finish(): void {
    this.analyzer.finish();
  }

  /** The days with readings, each with its refills and drops (dated where the fuel analysis dates them). */
  list(): FuelDay[] {
    return fuelDayList(this.zone, this.days.values(), this.analyzer.events.map(fuelChange));
  }
}

/** Percent of the tank consumed on a day; never below zero (a level that rose without a refill). */
export const consumedPercent = (d: FuelDay): number => Math.max(0, d.start - d.end + d.refilled - d.dropped);
