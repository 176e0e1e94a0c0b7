/**
 * Horas Sonangalp (sonangalp_hours): per vehicle, one row per day with engine time split into working hours
 * (inside the working week: `week` of the body, or the vehicle's own with select2 = 1; default weekdays
 * 09:00-18:00, saturday 09:00-13:00) and overtime (outside it).
 */
import { col, hoursOf, km, table, type Cell, type ReportResult } from '../../model';
import type { ReportContext } from '../../context';
import type { ReportDef } from '../../reportDef';
import { duration } from '../../../track/timezone';
import { mapVehicles, periodText, vehicleText } from '../../builders/common';
import { weekFor } from '../../builders/trips';
import { vehicleFigures } from './vehicleFigures';
import { weekText } from './weekText';

export const SONANGALP_COLUMNS = [
  col('Data', 'date'),
  col('Primeira ignição', 'datetime'),
  col('Última ignição', 'datetime'),
  col('Distância (km)', 'number'),
  col('Horas de motor', 'duration'),
  col('Horas normais', 'duration'),
  col('Horas extra', 'duration'),
  col('Horas de motor (h)', 'number'),
  col('Horas normais (h)', 'number'),
  col('Horas extra (h)', 'number'),
];

export async function sonangalpHoursReport(ctx: ReportContext): Promise<ReportResult[]> {
  const z = ctx.zone;
  const all = await mapVehicles(ctx, ctx.vehicles, async (v) => {
    const week = weekFor(ctx, v.attributes);
    return { week, f: await vehicleFigures(ctx, v, { week }) };
  });
  const results: ReportResult[] = [];
  for (const { week, f } of all) {
    const days = f.work!.list().filter((d) => d.engineMs > 0);
    if (!days.length) continue;
    const data = days.map((w): Cell[] => {
      const d = f.days.get(w.key);
      const over = w.engineMs - w.workEngineMs;
      return [
        z.date(w.start),
        d?.firstIgnition !== undefined ? z.dateTime(d.firstIgnition) : null,
        d?.lastIgnition !== undefined ? z.dateTime(d.lastIgnition) : null,
        km(d?.distance ?? 0),
        duration(w.engineMs),
        duration(w.workEngineMs),
        duration(over),
        hoursOf(w.engineMs),
        hoursOf(w.workEngineMs),
        hoursOf(over),
      ];
    });
    const sum = (g: (d: (typeof days)[number]) => number) => days.reduce((s, d) => s + g(d), 0);
    const engine = sum((d) => d.engineMs);
    const inside = sum((d) => d.workEngineMs);
    const distance = days.reduce((s, w) => s + (f.days.get(w.key)?.distance ?? 0), 0);
    results.push(
      table({
        report: 'sonangalp_hours',
        title: `Horas Sonangalp - ${f.vehicle.name}`,
        subtitle: periodText(ctx),
        subtitle2: vehicleText(f.vehicle),
        subtitle3: weekText(week),
        columns: SONANGALP_COLUMNS,
        data,
        footer: [
          [
            'Total',
            null,
            null,
            km(distance),
            duration(engine),
            duration(inside),
            duration(engine - inside),
            hoursOf(engine),
            hoursOf(inside),
            hoursOf(engine - inside),
          ],
        ],
        deviceId: f.vehicle.id,
      }),
    );
  }
  return results;
}

export const SONANGALP_HOURS: ReportDef = {
  name: 'sonangalp_hours',
  permission: 'custom_reports.sonangalp_hours',
  title: 'Horas Sonangalp',
  drivers: false,
  options: ['select2'],
  columns: SONANGALP_COLUMNS,
  build: sonangalpHoursReport,
};
