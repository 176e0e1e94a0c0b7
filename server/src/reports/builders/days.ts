/** Per-day figures of each vehicle (km, hours and their monthly and chart forms). */
import type { ReportContext, VehicleInfo } from '../context';
import { COMPACT_BUCKET_MS } from '../engine/compactStream';
import { runVehicle, type Consumer } from '../engine/run';
import { DayBook, type DayFigures } from '../engine/dayBook';
import { MAX_GAP_MS } from '../engine/tracker';
import type { Sample } from '../engine/sample';
import { mapVehicles } from './common';

/** The first and last known odometer and hour meter of the period (the position before it counts). */
export class Span implements Consumer {
  first: Sample | undefined;
  last: Sample | undefined;
  /** positions seen (the compact stream shows fewer than stored): only whether there were any counts */
  count = 0;
  firstOdometer: number | undefined;
  lastOdometer: number | undefined;
  firstHours: number | undefined;
  lastHours: number | undefined;
  seed(s: Sample): void {
    this.firstOdometer = s.odometer;
    this.firstHours = s.hours;
    this.lastOdometer = s.odometer;
    this.lastHours = s.hours;
  }
  push(s: Sample): void {
    this.first ??= s;
    this.last = s;
    this.count++;
    if (s.odometer !== undefined) {
      this.firstOdometer ??= s.odometer;
      this.lastOdometer = s.odometer;
    }
    if (s.hours !== undefined) {
      this.firstHours ??= s.hours;
      this.lastHours = s.hours;
    }
  }
}

export interface VehicleDays {
  vehicle: VehicleInfo;
  days: Map<string, DayFigures>;
  span: Span;
}

export async function vehicleDays(ctx: ReportContext, v: VehicleInfo): Promise<VehicleDays> {
  const book = new DayBook(ctx.zone, ctx.request.from, MAX_GAP_MS);
  const span = new Span();
  await runVehicle(ctx.db, v.id, v.profile, [book, span], {
    from: ctx.request.from,
    to: ctx.request.to,
    end: ctx.end,
    compact: { bucketMs: COMPACT_BUCKET_MS, zone: ctx.zone },
  });
  return { vehicle: v, days: new Map(book.list().map((d) => [d.key, d])), span };
}

export const everyVehicleDays = (ctx: ReportContext): Promise<VehicleDays[]> =>
  mapVehicles(ctx, ctx.vehicles, (v) => vehicleDays(ctx, v));

/** Local days of the period: key YYYY-MM-DD and start instant. */
export function periodDays(ctx: ReportContext): Array<{ key: string; start: number }> {
  const out = [];
  for (let t = ctx.zone.startOfDay(ctx.request.from); t <= ctx.request.to; t = ctx.zone.nextDay(t))
    out.push({ key: ctx.zone.dayKey(t), start: t });
  return out;
}

/**
 * The days of the period that have begun (up to now in the user's timezone): what daily averages divide
 * by and what charts show, so this week or this month is not diluted by days still to come.
 */
export const elapsedDays = (ctx: ReportContext): Array<{ key: string; start: number }> =>
  periodDays(ctx).filter((d) => d.start <= ctx.end);

export const engineMs = (d: DayFigures | undefined): number => (d ? d.drivingMs + d.idleMs : 0);
