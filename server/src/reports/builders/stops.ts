/** Paragens: per vehicle, stops of at least the minimum (text1 minutes, default 5), by type (select1). */
import { counted, col, odometerKm, table, type Cell, type ReportResult } from '../model';
import type { ReportContext, VehicleInfo } from '../context';
import { numberOption } from '../request';
import { COMPACT_BUCKET_MS } from '../../track/compactStream';
import { runVehicle } from '../../track/run';
import { periodSegments } from '../../track/segments/period';
import { MIN_STOP_MS, Tracker, type Stop } from '../../track/tracker';
import { duration } from '../../track/timezone';
import { addresses, periodText, placeHidden, placeOf, vehicleText } from './common';

export const STOP_COLUMNS = [
  col('Início', 'datetime'),
  col('Fim', 'datetime'),
  col('Duração', 'duration'),
  col('Tipo'),
  col('Ralenti', 'duration'),
  col('Local'),
  col('Latitude', 'number'),
  col('Longitude', 'number'),
  col('Odómetro (km)', 'integer'),
];

export const STOP_TYPES = ['Paragens com ralenti e ignição desligada', 'Só ralenti', 'Só ignição desligada'];

export function minStopMs(ctx: ReportContext): number {
  const minutes = numberOption(ctx.request.options.text1, MIN_STOP_MS / 60_000);
  return Math.max(1, minutes) * 60_000;
}

/** Stops of one vehicle with the minimum of the request, filtered by type. */
export async function vehicleStops(
  ctx: ReportContext,
  v: VehicleInfo,
  minStop = minStopMs(ctx),
): Promise<Stop[]> {
  const period = { from: ctx.request.from, to: ctx.request.to, end: ctx.end };
  // the stored segments hold the stops of the default minimum
  let stops =
    minStop === MIN_STOP_MS ? (await periodSegments(ctx.db, v.id, v.profile, period))?.stops : undefined;
  if (!stops) {
    const tracker = new Tracker({ minStopMs: minStop });
    await runVehicle(ctx.db, v.id, v.profile, [tracker], {
      ...period,
      compact: { bucketMs: COMPACT_BUCKET_MS, zone: ctx.zone },
    });
    stops = tracker.stops;
  }
  const type = ctx.request.options.select1;
  return stops.filter((s) => (type === '1' ? !s.ignitionOff : type === '2' ? s.ignitionOff : true));
}

export async function stopsReport(ctx: ReportContext): Promise<ReportResult[]> {
  const results: ReportResult[] = [];
  const type = Number(ctx.request.options.select1) || 0;
  for (const v of ctx.vehicles) {
    const stops = await vehicleStops(ctx, v);
    if (!stops.length) continue;
    const places = await addresses(
      ctx,
      stops.map((s) => s.at),
    );
    const data = stops.map((s): Cell[] => [
      ctx.zone.dateTime(s.startTime),
      ctx.zone.dateTime(s.endTime),
      duration(s.endTime - s.startTime),
      s.ignitionOff ? 'Ignição desligada' : 'Ralenti',
      duration(s.idleMs),
      placeOf(places, s.at),
      placeHidden(places, s.at) ? null : Number(s.at.latitude.toFixed(6)),
      placeHidden(places, s.at) ? null : Number(s.at.longitude.toFixed(6)),
      odometerKm(s.at.odometer),
    ]);
    const total = stops.reduce((t, s) => t + s.endTime - s.startTime, 0);
    results.push(
      table({
        report: 'stops',
        title: `Paragens - ${v.name}`,
        subtitle: periodText(ctx),
        subtitle2: vehicleText(v),
        subtitle3: `${STOP_TYPES[type] ?? STOP_TYPES[0]} · Paragem mínima: ${minStopMs(ctx) / 60_000} min`,
        columns: STOP_COLUMNS,
        data,
        footer: [
          [
            'Total',
            counted(stops.length, 'paragem', 'paragens'),
            duration(total),
            '',
            duration(stops.reduce((t, s) => t + s.idleMs, 0)),
            '',
            null,
            null,
            null,
          ],
        ],
        deviceId: v.id,
      }),
    );
  }
  return results;
}
