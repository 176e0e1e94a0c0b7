/** Per-day figures of each vehicle (km, hours and their monthly and chart forms). */
import type { ReportContext, VehicleInfo } from '../context';
import { COMPACT_BUCKET_MS } from '../../track/compactStream';
import { runVehicle } from '../../track/run';
import { DayBook, type DayFigures } from '../../track/dayBook';
import { MAX_GAP_MS } from '../../track/tracker';
import { mapVehicles } from './common';
import { storedDays } from '../../track/segments/periodDays';
import { Span } from '../../track/span';
import { fuelPercent } from '@frota/core';
import { FuelDays, type FuelDay } from '../../track/fuelDays';
import { FUEL_KEYS } from '../../track/fuelSource';
import { storedFuelDays } from '../../track/segments/periodFuel';

export { Span };

export interface VehicleDays {
  vehicle: VehicleInfo;
  days: Map<string, DayFigures>;
  span: Span;
}

export async function vehicleDays(ctx: ReportContext, v: VehicleInfo): Promise<VehicleDays> {
  const period = { from: ctx.request.from, to: ctx.request.to, end: ctx.end };
  const stored = await storedDays(ctx.db, v.id, v.profile, ctx.zone, period);
  if (stored) return { vehicle: v, days: stored.days, span: stored.span };
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

/**
 * The fuel consumed per day (FuelDays) of a vehicle whose level gives litres: from the segments' fuel hours
 * when they can give it, else over the period's positions.
 */
export async function vehicleFuelDays(ctx: ReportContext, v: VehicleInfo): Promise<FuelDay[]> {
  const period = { from: ctx.request.from, to: ctx.request.to, end: ctx.end };
  const stored = await storedFuelDays(ctx.db, v.id, v.profile, ctx.zone, period);
  if (stored) return stored.days;
  const fuel = new FuelDays(ctx.zone, (s) => fuelPercent(v.attributes, s.attrs));
  await runVehicle(ctx.db, v.id, v.profile, [fuel], { ...period, keys: FUEL_KEYS });
  return fuel.list();
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
