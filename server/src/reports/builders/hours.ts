/** Horas: per vehicle, one row per day with engine time, moving and idle time and the hour meter. */
import { col, hoursOf, table, type Cell, type ReportResult } from '../model';
import type { ReportContext } from '../context';
import { duration } from '../../track/timezone';
import { periodText, vehicleText } from './common';
import { engineMs, vehicleDays } from './days';

export const HOURS_COLUMNS = [
  col('Data', 'date'),
  col('Primeira ignição', 'datetime'),
  col('Última ignição', 'datetime'),
  col('Horas de motor', 'duration'),
  col('Em movimento', 'duration'),
  col('Ralenti', 'duration'),
  col('Horímetro inicial (h)', 'number'),
  col('Horímetro final (h)', 'number'),
];

export async function hoursReport(ctx: ReportContext): Promise<ReportResult[]> {
  const results: ReportResult[] = [];
  const z = ctx.zone;
  for (const v of ctx.vehicles) {
    const { days } = await vehicleDays(ctx, v);
    const list = [...days.values()].filter((d) => engineMs(d) > 0);
    if (!list.length) continue;
    const data = list.map((d): Cell[] => [
      z.date(d.start),
      d.firstIgnition !== undefined ? z.dateTime(d.firstIgnition) : null,
      d.lastIgnition !== undefined ? z.dateTime(d.lastIgnition) : null,
      duration(engineMs(d)),
      duration(d.drivingMs),
      duration(d.idleMs),
      d.hoursStart !== undefined ? hoursOf(d.hoursStart) : null,
      d.hoursEnd !== undefined ? hoursOf(d.hoursEnd) : null,
    ]);
    const sum = (f: (d: (typeof list)[number]) => number) => list.reduce((s, d) => s + f(d), 0);
    results.push(
      table({
        report: 'hours',
        title: `Horas - ${v.name}`,
        subtitle: periodText(ctx),
        subtitle2: vehicleText(v),
        columns: HOURS_COLUMNS,
        data,
        footer: [
          [
            'Total',
            null,
            null,
            duration(sum(engineMs)),
            duration(sum((d) => d.drivingMs)),
            duration(sum((d) => d.idleMs)),
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
