/** Zonas: per vehicle, visits to the zones (all visible, or only the chosen ones with check2). */
import { counted, col, km, kmh, table, type Cell, type ReportResult } from '../model';
import { loadZones, type ReportContext } from '../context';
import { runVehicle } from '../../track/run';
import { ZoneVisits } from '../../track/zoneVisits';
import { duration } from '../../track/timezone';
import { periodText, vehicleText } from './common';
import { hidesPositionOf } from '../privacy';
import type { Sample } from '../../track/sample';

export const ZONE_COLUMNS = [
  col('Zona'),
  col('Entrada', 'datetime'),
  col('Saída', 'datetime'),
  col('Duração', 'duration'),
  col('Distância (km)', 'number'),
  col('Vel. máxima (km/h)', 'integer'),
];

export async function zonesReport(ctx: ReportContext): Promise<ReportResult[]> {
  const only = ctx.request.options.check2 ? ctx.request.geofences : undefined;
  const zones = await loadZones(ctx.db, ctx.scope, only);
  const results: ReportResult[] = [];
  if (!zones.size) return results;
  for (const v of ctx.vehicles) {
    const visits = new ZoneVisits(zones);
    // a zone visit says where the vehicle was: private positions are left out for users who may not see them
    const hides = hidesPositionOf(ctx, v);
    const consumer = {
      seed: (s: Sample, from: number) => !hides(s.attrs) && visits.seed(s, from),
      push: (s: Sample) => !hides(s.attrs) && visits.push(s),
      finish: () => visits.finish(),
    };
    await runVehicle(ctx.db, v.id, v.profile, [consumer], {
      from: ctx.request.from,
      to: ctx.request.to,
      end: ctx.end,
      keys: ['privacy'],
    });
    const list = visits.visits;
    if (!list.length) continue;
    const data = list.map((x): Cell[] => [
      x.zone.name,
      ctx.zone.dateTime(x.enterTime),
      x.exitTime !== undefined ? ctx.zone.dateTime(x.exitTime) : null,
      duration((x.exitTime ?? ctx.end) - x.enterTime),
      km(x.distance),
      kmh(x.maxSpeed),
    ]);
    const total = list.reduce((s, x) => s + (x.exitTime ?? ctx.end) - x.enterTime, 0);
    results.push(
      table({
        report: 'zones',
        title: `Zonas - ${v.name}`,
        subtitle: periodText(ctx),
        subtitle2: vehicleText(v),
        subtitle3: only ? `Zonas: ${zones.list.map((z) => z.name).join(', ')}` : '',
        columns: ZONE_COLUMNS,
        data,
        footer: [
          [
            'Total',
            counted(list.length, 'visita', 'visitas'),
            null,
            duration(total),
            km(list.reduce((s, x) => s + x.distance, 0)),
            null,
          ],
        ],
        deviceId: v.id,
      }),
    );
  }
  return results;
}
