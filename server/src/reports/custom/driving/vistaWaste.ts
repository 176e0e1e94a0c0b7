/**
 * Recolha de resíduos Vista: a waste-collection round per vehicle and local day. The selected zones
 * (`geofences`, in the order chosen: the planned round) are checked against the zone visits of the day
 * (engine/zoneVisits.ts, by arrival): each visit a row in the order it happened, then every selected zone
 * not visited that day. Days with positions but no visit list every zone as missed.
 */
import { col, table, type Cell, type ReportResult } from '../../model';
import { loadZones, type ReportContext } from '../../context';
import { runVehicle } from '../../../track/run';
import { duration } from '../../../track/timezone';
import { ZoneSet, type ReportZone } from '../../../track/zoneSet';
import { ZoneVisits, type Visit } from '../../../track/zoneVisits';
import { mapVehicles, periodText, vehicleText } from '../../builders/common';
import { badRequest } from '../../../errors';
import type { Consumer } from '../../../track/run';
import type { Sample } from '../../../track/sample';
import type { ReportDef } from '../../reportDef';

export const MSG_NO_ZONES = 'Por favor seleccione as zonas pretendidas';
export const VISITED = 'Visitada';
export const MISSED = 'Não visitada';

export const VISTA_COLUMNS = [
  col('Ordem', 'integer'),
  col('Zona'),
  col('Ordem prevista', 'integer'),
  col('Chegada', 'datetime'),
  col('Partida', 'datetime'),
  col('Tempo na zona', 'duration'),
  col('Estado'),
];

/** The local days (start ms) that have positions. */
class ActiveDays implements Consumer {
  readonly days = new Set<number>();
  constructor(private readonly startOfDay: (ms: number) => number) {}
  push(s: Sample): void {
    this.days.add(this.startOfDay(s.time));
  }
}

export async function vistaWasteReport(ctx: ReportContext): Promise<ReportResult[]> {
  const ids = ctx.request.geofences;
  if (!ids.length) throw badRequest(MSG_NO_ZONES);
  const loaded = await loadZones(ctx.db, ctx.scope, ids);
  const byId = new Map(loaded.list.map((z) => [z.id, z]));
  const planned = ids.map((id) => byId.get(id)).filter((z): z is ReportZone => z !== undefined);
  const position = new Map(planned.map((z, i) => [z.id, i + 1]));
  const zones = new ZoneSet(planned);
  const runs = await mapVehicles(ctx, ctx.vehicles, async (v) => {
    const visits = new ZoneVisits(zones);
    const days = new ActiveDays((ms) => ctx.zone.startOfDay(ms));
    await runVehicle(ctx.db, v.id, v.profile, [visits, days], {
      from: ctx.request.from,
      to: ctx.request.to,
      end: ctx.end,
    });
    return { v, visits: visits.visits, days: days.days };
  });
  const results: ReportResult[] = [];
  for (const { v, visits, days } of runs) {
    const byDay = new Map<number, Visit[]>();
    for (const d of days) byDay.set(d, []);
    for (const visit of visits) {
      const day = ctx.zone.startOfDay(visit.enterTime);
      if (!byDay.has(day)) byDay.set(day, []);
      byDay.get(day)!.push(visit);
    }
    for (const day of [...byDay.keys()].sort((a, b) => a - b)) {
      const list = byDay.get(day)!;
      const spent = (x: Visit) => (x.exitTime ?? ctx.end) - x.enterTime;
      const data: Cell[][] = list.map((x, i) => [
        i + 1,
        x.zone.name,
        position.get(x.zone.id) ?? null,
        ctx.zone.dateTime(x.enterTime),
        x.exitTime === undefined ? null : ctx.zone.dateTime(x.exitTime),
        duration(spent(x)),
        VISITED,
      ]);
      const seen = new Set(list.map((x) => x.zone.id));
      const missed = planned.filter((z) => !seen.has(z.id));
      for (const z of missed) data.push([null, z.name, position.get(z.id)!, null, null, null, MISSED]);
      results.push(
        table({
          report: 'vista_waste',
          title: `Recolha de resíduos Vista - ${v.name} - ${ctx.zone.date(day)}`,
          subtitle: periodText(ctx),
          subtitle2: vehicleText(v),
          subtitle3: `Zonas: ${planned.map((z) => z.name).join(', ')}`,
          columns: VISTA_COLUMNS,
          data,
          footer: [
            [
              'Total',
              `${planned.length - missed.length} de ${planned.length} zonas visitadas`,
              '',
              '',
              '',
              duration(list.reduce((t, x) => t + spent(x), 0)),
              `${missed.length} não visitadas`,
            ],
          ],
          deviceId: v.id,
        }),
      );
    }
  }
  return results;
}

export const VISTA_WASTE: ReportDef = {
  name: 'vista_waste',
  permission: 'custom_reports.vista_waste',
  title: 'Recolha de resíduos Vista',
  drivers: false,
  options: [],
  columns: VISTA_COLUMNS,
  build: vistaWasteReport,
};
