/**
 * One pass over a vehicle's period giving what the daily family reads per local day: the day figures
 * (DayBook: km, driving, idle, first and last ignition), the trips (Tracker), engine time in and out of the
 * working week (WorkTimeBook, when a week is given) and the fuel consumed from the level (FuelDays, when
 * the vehicle has a fuel sensor and a tank capacity, as monthly_liters reads it).
 */
import { fuelPercent } from '@frota/core';
import type { ReportContext, VehicleInfo } from '../../context';
import { COMPACT_BUCKET_MS, WORK_BUCKET_MS } from '../../../track/compactStream';
import { DayBook, type DayFigures } from '../../../track/dayBook';
import { consumedPercent, FuelDays } from '../../../track/fuelDays';
import { runVehicle, type Consumer } from '../../../track/run';
import { MAX_GAP_MS, Tracker, type Trip } from '../../../track/tracker';
import type { WorkingWeek } from '../../../track/workingHours';
import { mapVehicles } from '../../builders/common';
import { engineMs, Span } from '../../builders/days';
import { fuelSensorLitres } from '../../builders/monthlyLiters';
import { WorkTimeBook } from './workTime';

export interface VehicleFigures {
  vehicle: VehicleInfo;
  days: Map<string, DayFigures>;
  span: Span;
  trips: Trip[];
  /** trips per day they start */
  tripsByDay: Map<string, number>;
  /** working/overtime split, when a week was asked */
  work: WorkTimeBook | undefined;
  /** litres consumed per day; undefined without a fuel sensor and tank capacity (or without readings) */
  fuelByDay: Map<string, number> | undefined;
}

export interface FigureOptions {
  week?: WorkingWeek;
  fuel?: boolean;
}

export async function vehicleFigures(
  ctx: ReportContext,
  v: VehicleInfo,
  o: FigureOptions = {},
): Promise<VehicleFigures> {
  const { from, to } = ctx.request;
  const book = new DayBook(ctx.zone, from, MAX_GAP_MS, o.week);
  const span = new Span();
  const tracker = new Tracker();
  const work = o.week ? new WorkTimeBook(ctx.zone, from, MAX_GAP_MS, o.week) : undefined;
  const capacity = o.fuel ? fuelSensorLitres(v) : undefined;
  const fuel =
    capacity !== undefined ? new FuelDays(ctx.zone, (s) => fuelPercent(v.attributes, s.attrs)) : undefined;
  const consumers: Consumer[] = [book, span, tracker, ...(work ? [work] : []), ...(fuel ? [fuel] : [])];
  await runVehicle(ctx.db, v.id, v.profile, consumers, {
    from,
    to,
    end: ctx.end,
    // the level is an attribute the compact stream does not carry: a sensor vehicle reads every position
    ...(fuel ? { keys: ['fuel', 'adc1'] } : {}),
    compact: { bucketMs: o.week ? WORK_BUCKET_MS : COMPACT_BUCKET_MS, zone: ctx.zone },
  });
  const tripsByDay = new Map<string, number>();
  for (const t of tracker.trips) {
    const key = ctx.zone.dayKey(t.startTime);
    tripsByDay.set(key, (tripsByDay.get(key) ?? 0) + 1);
  }
  let fuelByDay: Map<string, number> | undefined;
  const fuelDays = fuel?.list() ?? [];
  if (capacity !== undefined && fuelDays.length)
    fuelByDay = new Map(fuelDays.map((d) => [d.key, (consumedPercent(d) / 100) * capacity]));
  return {
    vehicle: v,
    days: new Map(book.list().map((d) => [d.key, d])),
    span,
    trips: tracker.trips,
    tripsByDay,
    work,
    fuelByDay,
  };
}

export const everyVehicleFigures = (ctx: ReportContext, o: (v: VehicleInfo) => FigureOptions) =>
  mapVehicles(ctx, ctx.vehicles, (v) => vehicleFigures(ctx, v, o(v)));

/** The figures of one day (or the sum of several) of a vehicle. */
export interface DayTotals {
  distance: number;
  engineMs: number;
  drivingMs: number;
  idleMs: number;
  trips: number;
  /** litres; null without fuel data */
  fuel: number | null;
  firstIgnition?: number;
  lastIgnition?: number;
  activeDays: number;
  /** engine time and metres of the parts with fuel data (what L/h and L/100km divide by); all when absent */
  fuelEngineMs?: number;
  fuelDistance?: number;
}

export function totalsOf(f: VehicleFigures, keys: string[]): DayTotals {
  const t: DayTotals = {
    distance: 0,
    engineMs: 0,
    drivingMs: 0,
    idleMs: 0,
    trips: 0,
    fuel: null,
    activeDays: 0,
  };
  for (const key of keys) {
    const d = f.days.get(key);
    const trips = f.tripsByDay.get(key) ?? 0;
    if (f.fuelByDay) t.fuel = (t.fuel ?? 0) + (f.fuelByDay.get(key) ?? 0);
    t.trips += trips;
    if (!d) continue;
    t.distance += d.distance;
    t.engineMs += engineMs(d);
    t.drivingMs += d.drivingMs;
    t.idleMs += d.idleMs;
    if (d.firstIgnition !== undefined) t.firstIgnition ??= d.firstIgnition;
    if (d.lastIgnition !== undefined) t.lastIgnition = d.lastIgnition;
    if (d.distance > 0 || engineMs(d) > 0 || trips > 0) t.activeDays++;
  }
  return t;
}
