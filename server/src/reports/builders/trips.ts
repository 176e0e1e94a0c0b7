/** Viagens: one table per vehicle (or driver) of its trips (REPORTS.md §3 trips). */
import { counted, col, km, kmh, odometerKm, table, type Cell, type ReportResult } from '../model';
import type { ReportContext, VehicleInfo } from '../context';
import { COMPACT_BUCKET_MS } from '../../track/compactStream';
import { runVehicle } from '../../track/run';
import { periodSegments } from '../../track/segments/period';
import { segmentDistance, Tracker, type Trip } from '../../track/tracker';
import { duration } from '../../track/timezone';
import {
  DEFAULT_WEEK,
  insideWorkingHours,
  parseWeek,
  workingOverlapMs,
  type WorkingWeek,
} from '../../track/workingHours';
import {
  addresses,
  assignedDrivers,
  driverKey,
  driverNames,
  loadDriverKeys,
  driverText,
  periodText,
  placeOf,
  vehicleText,
  vehiclesOfDriver,
} from './common';

export const SHORT_TRIP_M = 100;
export const SHORT_TRIP_MS = 60_000;

export const TRIP_COLUMNS = [
  col('Início', 'datetime'),
  col('Origem'),
  col('Fim', 'datetime'),
  col('Destino'),
  col('Duração', 'duration'),
  col('Distância (km)', 'number'),
  col('Vel. média (km/h)', 'integer'),
  col('Vel. máxima (km/h)', 'integer'),
  col('Ralenti', 'duration'),
  col('Odómetro inicial (km)', 'integer'),
  col('Odómetro final (km)', 'integer'),
  col('Condutor'),
  col('Tipo'),
];

export interface TripInfo extends Trip {
  vehicle: VehicleInfo;
  distanceM: number;
  durationMs: number;
  driver?: string;
  work: boolean;
  /** metres driven inside working hours (each step split by time, as the activity report splits days) */
  workDistanceM: number;
}

/** The working week for a vehicle: the request's (custom) or the vehicle's own (select2 = 1). */
export function weekFor(ctx: ReportContext, attributes: Record<string, unknown>): WorkingWeek {
  if (ctx.request.options.select2 === '1') {
    try {
      return parseWeek(attributes.week);
    } catch {
      return { ...DEFAULT_WEEK };
    }
  }
  return ctx.request.week ?? { ...DEFAULT_WEEK };
}

/**
 * Trips of one vehicle with their distance, driver and work flag. `bucketMs` is the compact stream's
 * bucket: WORK_BUCKET_MS when the trips' distance in working hours is shown (activity by driver), so
 * working-hour edges fall between buckets as for the activity by vehicle.
 */
export async function vehicleTrips(
  ctx: ReportContext,
  vehicle: VehicleInfo,
  week: WorkingWeek,
  assigned?: string,
  bucketMs = COMPACT_BUCKET_MS,
): Promise<TripInfo[]> {
  const period = { from: ctx.request.from, to: ctx.request.to, end: ctx.end };
  // the stored segments, unless the distance in working hours is asked for (they do not split it)
  let trips =
    bucketMs === COMPACT_BUCKET_MS
      ? (await periodSegments(ctx.db, vehicle.id, vehicle.profile, period))?.trips
      : undefined;
  if (!trips) {
    const tracker = new Tracker({ workOverlap: (t0, t1) => workingOverlapMs(week, ctx.zone, t0, t1) });
    await runVehicle(ctx.db, vehicle.id, vehicle.profile, [tracker], {
      ...period,
      compact: { bucketMs, zone: ctx.zone },
    });
    trips = tracker.trips;
  }
  await loadDriverKeys(
    ctx,
    trips.flatMap((t) => [t.start, t.end]),
  );
  return trips.map((t) => ({
    ...t,
    vehicle,
    distanceM: segmentDistance(t),
    durationMs: t.endTime - t.startTime,
    driver: driverKey(t.start) ?? driverKey(t.end) ?? assigned,
    work: insideWorkingHours(week, ctx.zone, t.startTime),
    workDistanceM: t.workDistance,
  }));
}

export function keepTrip(ctx: ReportContext, t: TripInfo): boolean {
  const o = ctx.request.options;
  if (o.check1 && (t.distanceM < SHORT_TRIP_M || t.durationMs < SHORT_TRIP_MS)) return false;
  if (o.select1 === '1') return t.work;
  if (o.select1 === '2') return !t.work;
  return true;
}

/** Trips per table: one list per vehicle (V) or per driver (D), already filtered (bucketMs: vehicleTrips). */
export async function tripGroups(
  ctx: ReportContext,
  bucketMs = COMPACT_BUCKET_MS,
): Promise<Array<{ vehicle?: VehicleInfo; driverIndex?: number; trips: TripInfo[] }>> {
  if (ctx.request.itemsType === 'V') {
    const assigned = await assignedDrivers(
      ctx,
      ctx.vehicles.map((v) => v.id),
    );
    const out = [];
    for (const v of ctx.vehicles) {
      const trips = await vehicleTrips(ctx, v, weekFor(ctx, v.attributes), assigned.get(v.id), bucketMs);
      out.push({ vehicle: v, trips: trips.filter((t) => keepTrip(ctx, t)) });
    }
    return out;
  }
  const out = [];
  for (const [i, d] of ctx.drivers.entries()) {
    const vehicles = await vehiclesOfDriver(ctx, d);
    const assigned = await assignedDrivers(
      ctx,
      vehicles.map((v) => v.id),
    );
    const trips: TripInfo[] = [];
    const week = ctx.request.options.select2 === '1' ? weekFor(ctx, d.attributes) : weekFor(ctx, {});
    for (const v of vehicles)
      trips.push(
        ...(await vehicleTrips(ctx, v, week, assigned.get(v.id), bucketMs)).filter(
          (t) => t.driver === d.uniqueId,
        ),
      );
    trips.sort((a, b) => a.startTime - b.startTime);
    out.push({ driverIndex: i, trips: trips.filter((t) => keepTrip(ctx, t)) });
  }
  return out;
}

export function tripFilterText(ctx: ReportContext): string {
  const o = ctx.request.options;
  const parts = [];
  if (o.select1 === '1') parts.push('Viagens em horário de trabalho');
  if (o.select1 === '2') parts.push('Viagens fora do horário de trabalho');
  if (o.check1) parts.push('Viagens curtas ocultas (menos de 100 m ou 1 minuto)');
  return parts.join(' · ');
}

export async function tripsReport(ctx: ReportContext): Promise<ReportResult[]> {
  const groups = await tripGroups(ctx);
  const names = await driverNames(ctx);
  const results: ReportResult[] = [];
  const byDriver = ctx.request.itemsType === 'D';
  for (const g of groups) {
    if (!g.trips.length) continue;
    const places = await addresses(
      ctx,
      g.trips.flatMap((t) => [t.start, t.end]),
    );
    const z = ctx.zone;
    const data: Cell[][] = g.trips.map((t) => {
      const row: Cell[] = [
        z.dateTime(t.startTime),
        placeOf(places, t.start),
        z.dateTime(t.endTime),
        placeOf(places, t.end),
        duration(t.durationMs),
        km(t.distanceM),
        t.durationMs > 0 ? kmh(t.distanceM / 1000 / (t.durationMs / 3_600_000)) : 0,
        kmh(t.maxSpeed),
        duration(t.idleMs),
        odometerKm(t.start.odometer),
        odometerKm(t.end.odometer),
        t.driver ? (names.get(t.driver) ?? t.driver) : '',
        t.work ? 'Trabalho' : 'Pessoal',
      ];
      return byDriver ? [t.vehicle.name, ...row] : row;
    });
    const dist = g.trips.reduce((s, t) => s + t.distanceM, 0);
    const time = g.trips.reduce((s, t) => s + t.durationMs, 0);
    const footer: Cell[] = [
      'Total',
      counted(g.trips.length, 'viagem', 'viagens'),
      '',
      '',
      duration(time),
      km(dist),
      time > 0 ? kmh(dist / 1000 / (time / 3_600_000)) : 0,
      kmh(Math.max(...g.trips.map((t) => t.maxSpeed))),
      duration(g.trips.reduce((s, t) => s + t.idleMs, 0)),
      '',
      '',
      '',
      '',
    ];
    const driver = g.driverIndex !== undefined ? ctx.drivers[g.driverIndex] : undefined;
    results.push(
      table({
        report: 'trips',
        title: `Viagens - ${g.vehicle ? g.vehicle.name : driver!.name}`,
        subtitle: periodText(ctx),
        subtitle2: g.vehicle ? vehicleText(g.vehicle) : driverText(driver!),
        subtitle3: tripFilterText(ctx),
        columns: byDriver ? [col('Veículo'), ...TRIP_COLUMNS] : TRIP_COLUMNS,
        data,
        footer: [byDriver ? ['', ...footer] : footer],
        deviceId: g.vehicle?.id,
        driverId: driver?.id,
      }),
    );
  }
  return results;
}
