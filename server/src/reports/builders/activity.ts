/** Actividade: per vehicle (or driver), one row per local day with trips, distance in and out of hours. */
import { col, km, kmh, pie, table, type Cell, type ReportResult } from '../model';
import type { ReportContext } from '../context';
import { WORK_BUCKET_MS } from '../../track/compactStream';
import { runVehicle } from '../../track/run';
import { DayBook } from '../../track/dayBook';
import { MAX_GAP_MS, segmentDistance, Tracker } from '../../track/tracker';
import { duration } from '../../track/timezone';
import { driverText, periodText, vehicleText } from './common';
import { tripGroups, weekFor, type TripInfo } from './trips';

export const ACTIVITY_COLUMNS = [
  col('Data', 'date'),
  col('Início', 'datetime'),
  col('Fim', 'datetime'),
  col('Viagens', 'integer'),
  col('Distância (km)', 'number'),
  col('Em horário (km)', 'number'),
  col('Fora de horário (km)', 'number'),
  col('Condução', 'duration'),
  col('Ralenti', 'duration'),
  col('Parado', 'duration'),
  col('Vel. máxima (km/h)', 'integer'),
];

interface Row {
  day: number;
  first?: number;
  last?: number;
  trips: number;
  distance: number;
  work: number;
  driving: number;
  idle: number;
  off: number | null;
  maxSpeed: number;
}

function toCells(ctx: ReportContext, r: Row): Cell[] {
  const z = ctx.zone;
  return [
    z.date(r.day),
    r.first !== undefined ? z.dateTime(r.first) : null,
    r.last !== undefined ? z.dateTime(r.last) : null,
    r.trips,
    km(r.distance),
    km(r.work),
    km(r.distance - r.work),
    duration(r.driving),
    duration(r.idle),
    r.off === null ? null : duration(r.off),
    kmh(r.maxSpeed),
  ];
}

function footerOf(rows: Row[]): Cell[] {
  const sum = (f: (r: Row) => number) => rows.reduce((s, r) => s + f(r), 0);
  const off = rows.every((r) => r.off === null) ? null : duration(sum((r) => r.off ?? 0));
  return [
    'Total',
    null,
    null,
    sum((r) => r.trips),
    km(sum((r) => r.distance)),
    km(sum((r) => r.work)),
    km(sum((r) => r.distance - r.work)),
    duration(sum((r) => r.driving)),
    duration(sum((r) => r.idle)),
    off,
    kmh(Math.max(0, ...rows.map((r) => r.maxSpeed))),
  ];
}

function pieOf(rows: Row[]) {
  const sum = (f: (r: Row) => number) => rows.reduce((s, r) => s + f(r), 0) / 1000;
  return pie([
    { label: 'Condução', value: sum((r) => r.driving) },
    { label: 'Ralenti', value: sum((r) => r.idle) },
    { label: 'Parado', value: sum((r) => r.off ?? 0) },
  ]);
}

async function vehicleRows(ctx: ReportContext, v: ReportContext['vehicles'][number]): Promise<Row[]> {
  const book = new DayBook(ctx.zone, ctx.request.from, MAX_GAP_MS, weekFor(ctx, v.attributes));
  const tracker = new Tracker();
  await runVehicle(ctx.db, v.id, v.profile, [tracker, book], {
    from: ctx.request.from,
    to: ctx.request.to,
    end: ctx.end,
    compact: { bucketMs: WORK_BUCKET_MS, zone: ctx.zone },
  });
  const tripsByDay = new Map<string, typeof tracker.trips>();
  for (const t of tracker.trips) {
    const key = ctx.zone.dayKey(t.startTime);
    tripsByDay.set(key, [...(tripsByDay.get(key) ?? []), t]);
  }
  return book
    .list()
    .filter((d) => d.distance > 0 || d.drivingMs > 0 || d.idleMs > 0 || tripsByDay.has(d.key))
    .map((d) => {
      const trips = tripsByDay.get(d.key) ?? [];
      return {
        day: d.start,
        first: trips[0]?.startTime ?? d.firstIgnition,
        last: trips.length ? trips[trips.length - 1].endTime : d.lastIgnition,
        trips: trips.length,
        distance: d.distance,
        work: d.workDistance,
        driving: d.drivingMs,
        idle: d.idleMs,
        off: d.offMs,
        maxSpeed: d.maxSpeed,
      };
    });
}

/** A driver's days are made of the driver's trips (time parked belongs to no driver). */
function driverRows(ctx: ReportContext, trips: TripInfo[]): Row[] {
  const days = new Map<string, Row>();
  for (const t of trips) {
    const key = ctx.zone.dayKey(t.startTime);
    let r = days.get(key);
    if (!r) {
      r = {
        day: ctx.zone.startOfDay(t.startTime),
        trips: 0,
        distance: 0,
        work: 0,
        driving: 0,
        idle: 0,
        off: null,
        maxSpeed: 0,
      };
      r.first = t.startTime;
      days.set(key, r);
    }
    const d = segmentDistance(t);
    r.last = t.endTime;
    r.trips++;
    r.distance += d;
    // inside/outside working hours split by time, as by vehicle (not the whole trip by its start)
    r.work += t.workDistanceM;
    r.driving += t.drivingMs;
    r.idle += t.idleMs;
    r.maxSpeed = Math.max(r.maxSpeed, t.maxSpeed);
  }
  return [...days.values()].sort((a, b) => a.day - b.day);
}

export async function activityReport(ctx: ReportContext): Promise<ReportResult[]> {
  const results: ReportResult[] = [];
  const make = (
    rows: Row[],
    title: string,
    subtitle2: string,
    ids: { deviceId?: number; driverId?: number },
  ) =>
    table({
      report: 'activity',
      title: `Actividade - ${title}`,
      subtitle: periodText(ctx),
      subtitle2,
      columns: ACTIVITY_COLUMNS,
      data: rows.map((r) => toCells(ctx, r)),
      footer: [footerOf(rows)],
      pie: pieOf(rows),
      ...ids,
    });
  if (ctx.request.itemsType === 'V') {
    for (const v of ctx.vehicles) {
      const rows = await vehicleRows(ctx, v);
      if (rows.length) results.push(make(rows, v.name, vehicleText(v), { deviceId: v.id }));
    }
    return results;
  }
  // one-minute buckets, as by vehicle: the trips' work distance then splits at the exact edges
  for (const g of await tripGroups(ctx, WORK_BUCKET_MS)) {
    const d = ctx.drivers[g.driverIndex!];
    const rows = driverRows(ctx, g.trips);
    if (rows.length) results.push(make(rows, d.name, driverText(d), { driverId: d.id }));
  }
  return results;
}
