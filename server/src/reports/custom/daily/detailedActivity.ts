/**
 * Actividade detalhada (detailed_activity): the activity report (one row per day, same options: select2
 * hours source and `week`) followed, for each vehicle, by every trip and stop of each day in time order
 * (stops of at least 5 minutes, idling or ignition off, as the stops report finds them). By driver, the
 * driver's days and trips (time parked belongs to no driver, so no stops), with the vehicle of each trip.
 */
import { counted, col, km, kmh, table, type Cell, type Column, type ReportResult } from '../../model';
import type { ReportContext } from '../../context';
import type { ReportDef } from '../../reportDef';
import { duration } from '../../../track/timezone';
import { MIN_STOP_MS, type Stop } from '../../../track/tracker';
import { ACTIVITY_COLUMNS, activityReport } from '../../builders/activity';
import { addresses, driverNames, driverText, periodText, placeOf, vehicleText } from '../../builders/common';
import { vehicleStops } from '../../builders/stops';
import { tripGroups, type TripInfo } from '../../builders/trips';

export const DETAIL_COLUMNS: Column[] = [
  col('Data', 'date'),
  col('Tipo'),
  col('Início', 'datetime'),
  col('Fim', 'datetime'),
  col('Duração', 'duration'),
  col('Origem'),
  col('Destino'),
  col('Distância (km)', 'number'),
  col('Vel. máxima (km/h)', 'integer'),
  col('Ralenti', 'duration'),
  col('Condutor'),
];

export const TRIP = 'Viagem';
export const STOP_IDLE = 'Paragem - Ralenti';
export const STOP_OFF = 'Paragem - Ignição desligada';

type Entry = { kind: 'trip'; at: number; trip: TripInfo } | { kind: 'stop'; at: number; stop: Stop };

async function detailTable(
  ctx: ReportContext,
  trips: TripInfo[],
  stops: Stop[],
  names: Map<string, string>,
  byDriver: boolean,
): Promise<Omit<Parameters<typeof table>[0], 'report' | 'title' | 'subtitle'>> {
  const z = ctx.zone;
  const places = await addresses(ctx, [...trips.flatMap((t) => [t.start, t.end]), ...stops.map((s) => s.at)]);
  const entries: Entry[] = [
    ...trips.map((trip): Entry => ({ kind: 'trip', at: trip.startTime, trip })),
    ...stops.map((stop): Entry => ({ kind: 'stop', at: stop.startTime, stop })),
  ].sort((a, b) => a.at - b.at || (a.kind === 'stop' ? -1 : 1));
  const data = entries.map((e): Cell[] => {
    const row: Cell[] =
      e.kind === 'trip'
        ? [
            z.date(e.trip.startTime),
            TRIP,
            z.dateTime(e.trip.startTime),
            z.dateTime(e.trip.endTime),
            duration(e.trip.durationMs),
            placeOf(places, e.trip.start),
            placeOf(places, e.trip.end),
            km(e.trip.distanceM),
            kmh(e.trip.maxSpeed),
            duration(e.trip.idleMs),
            e.trip.driver ? (names.get(e.trip.driver) ?? e.trip.driver) : '',
          ]
        : [
            z.date(e.stop.startTime),
            e.stop.ignitionOff ? STOP_OFF : STOP_IDLE,
            z.dateTime(e.stop.startTime),
            z.dateTime(e.stop.endTime),
            duration(e.stop.endTime - e.stop.startTime),
            placeOf(places, e.stop.at),
            '',
            null,
            null,
            duration(e.stop.idleMs),
            '',
          ];
    return byDriver ? [e.kind === 'trip' ? e.trip.vehicle.name : '', ...row] : row;
  });
  const footer: Cell[] = [
    'Total',
    `${counted(trips.length, 'viagem', 'viagens')} · ${counted(stops.length, 'paragem', 'paragens')}`,
    null,
    null,
    duration(trips.reduce((s, t) => s + t.durationMs, 0)),
    '',
    '',
    km(trips.reduce((s, t) => s + t.distanceM, 0)),
    kmh(Math.max(0, ...trips.map((t) => t.maxSpeed))),
    duration(trips.reduce((s, t) => s + t.idleMs, 0) + stops.reduce((s, t) => s + t.idleMs, 0)),
    '',
  ];
  return {
    columns: byDriver ? [col('Veículo'), ...DETAIL_COLUMNS] : DETAIL_COLUMNS,
    data,
    footer: [byDriver ? ['', ...footer] : footer],
  };
}

export async function detailedActivityReport(ctx: ReportContext): Promise<ReportResult[]> {
  const days = await activityReport(ctx);
  const groups = await tripGroups(ctx);
  const names = await driverNames(ctx);
  const byDriver = ctx.request.itemsType === 'D';
  const results: ReportResult[] = [];
  for (const g of groups) {
    const driver = g.driverIndex !== undefined ? ctx.drivers[g.driverIndex] : undefined;
    const summary = days.find((r) => (g.vehicle ? r.deviceId === g.vehicle.id : r.driverId === driver!.id));
    const stops = g.vehicle ? await vehicleStops(ctx, g.vehicle, MIN_STOP_MS) : [];
    if (!summary && !g.trips.length) continue;
    const name = g.vehicle ? g.vehicle.name : driver!.name;
    const ids = g.vehicle ? { deviceId: g.vehicle.id } : { driverId: driver!.id };
    if (summary)
      results.push({ ...summary, report: 'detailed_activity', title: `Actividade detalhada - ${name}` });
    results.push(
      table({
        report: 'detailed_activity',
        title: `Viagens e paragens - ${name}`,
        subtitle: periodText(ctx),
        subtitle2: g.vehicle ? vehicleText(g.vehicle) : driverText(driver!),
        ...(await detailTable(ctx, g.trips, stops, names, byDriver)),
        ...ids,
      }),
    );
  }
  return results;
}

export const DETAILED_ACTIVITY: ReportDef = {
  name: 'detailed_activity',
  permission: 'custom_reports.detailed_activity',
  title: 'Actividade detalhada',
  drivers: true,
  options: ['select2'],
  columns: `days (per vehicle or driver): ${ACTIVITY_COLUMNS.map((c) => `${c.title} (${c.type})`).join(', ')}; then every trip and stop: ${DETAIL_COLUMNS.map((c) => `${c.title} (${c.type})`).join(', ')} (by driver a first column Veículo)`,
  build: detailedActivityReport,
};
