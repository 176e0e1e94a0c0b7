/** Quilómetros: one row per vehicle for the period. */
import { counted, col, km, kmh, odometerKm, table, type Cell, type ReportResult } from '../model';
import type { ReportContext } from '../context';
import { duration } from '../../track/timezone';
import { periodText } from './common';
import { elapsedDays, everyVehicleDays } from './days';

export const KM_COLUMNS = [
  col('Veículo'),
  col('Matrícula'),
  col('Grupo'),
  col('Odómetro inicial (km)', 'integer'),
  col('Odómetro final (km)', 'integer'),
  col('Distância (km)', 'number'),
  col('Dias com actividade', 'integer'),
  col('Média diária (km)', 'number'),
  col('Condução', 'duration'),
  col('Vel. máxima (km/h)', 'integer'),
];

export async function kmReport(ctx: ReportContext): Promise<ReportResult[]> {
  // a period that has not begun has no daily figures, even from positions stamped in it (a clock ahead)
  const dayCount = elapsedDays(ctx).length;
  if (!dayCount) return [];
  const all = await everyVehicleDays(ctx);
  if (!all.some((v) => v.span.count > 0)) return [];
  let totalDistance = 0;
  let totalDriving = 0;
  const data = all.map(({ vehicle, days, span }): Cell[] => {
    const list = [...days.values()];
    const distance = list.reduce((s, d) => s + d.distance, 0);
    const driving = list.reduce((s, d) => s + d.drivingMs, 0);
    totalDistance += distance;
    totalDriving += driving;
    return [
      vehicle.name,
      vehicle.plate,
      vehicle.groupName,
      odometerKm(span.firstOdometer),
      odometerKm(span.lastOdometer),
      km(distance),
      list.filter((d) => d.distance > 0 || d.drivingMs > 0).length,
      km(distance / dayCount),
      duration(driving),
      kmh(Math.max(0, ...list.map((d) => d.maxSpeed))),
    ];
  });
  return [
    table({
      report: 'km',
      title: 'Quilómetros',
      subtitle: periodText(ctx),
      subtitle2: counted(all.length, 'veículo', 'veículos'),
      columns: KM_COLUMNS,
      data,
      footer: [
        [
          'Total',
          '',
          '',
          null,
          null,
          km(totalDistance),
          null,
          km(totalDistance / dayCount),
          duration(totalDriving),
          null,
        ],
      ],
    }),
  ];
}
