/** Gráfico de quilómetros: per vehicle, km of every day of the period and the chart data. */
import { col, km, round, table, type ReportResult } from '../model';
import type { ReportContext } from '../context';
import { periodText, vehicleText } from './common';
import { elapsedDays, vehicleDays } from './days';

export const CHART_KM_COLUMNS = [col('Data', 'date'), col('Distância (km)', 'number')];

export async function chartKmReport(ctx: ReportContext): Promise<ReportResult[]> {
  const days = elapsedDays(ctx);
  const results: ReportResult[] = [];
  for (const v of ctx.vehicles) {
    const { days: figures, span } = await vehicleDays(ctx, v);
    if (!span.count || !days.length) continue;
    const series = days.map((d) => ({ date: d.key, km: km(figures.get(d.key)?.distance ?? 0) }));
    const totalM = days.reduce((s, d) => s + (figures.get(d.key)?.distance ?? 0), 0);
    const total = km(totalM);
    results.push(
      table({
        report: 'chart_km',
        title: `Gráfico de quilómetros - ${v.name}`,
        subtitle: periodText(ctx),
        subtitle2: vehicleText(v),
        subtitle3: `Total: ${total} km · Média diária: ${round(totalM / 1000 / days.length, 1)} km`,
        columns: CHART_KM_COLUMNS,
        data: days.map((d, i) => [ctx.zone.date(d.start), series[i].km]),
        footer: [['Total', total]],
        deviceId: v.id,
        chart: {
          name: v.name,
          license_plate: v.plate,
          total_km: total,
          average_km: round(totalM / 1000 / days.length, 1),
          data: series,
        },
      }),
    );
  }
  return results;
}
