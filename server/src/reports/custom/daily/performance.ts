/**
 * Desempenho (performance): the activity page's options (select2 hours source, `week`), one row per vehicle
 * with its use of the working week. Utilização (%) = engine time (ignition on: driving + idle) inside the
 * working hours / working time the week offers in the period (up to now) × 100; the web colours the row by
 * this last column (80 or more green, 50 to under 80 yellow, under 50 red).
 */
import { counted, col, km, round, table, type Cell, type ReportResult } from '../../model';
import type { ReportContext } from '../../context';
import type { ReportDef } from '../../reportDef';
import { duration } from '../../../track/timezone';
import { periodText } from '../../builders/common';
import { weekFor } from '../../builders/trips';
import { availableWorkMs } from './workTime';
import { weekText } from './weekText';
import { everyVehicleFigures } from './vehicleFigures';

export const PERFORMANCE_COLUMNS = [
  col('Veículo'),
  col('Matrícula'),
  col('Grupo'),
  col('Distância (km)', 'number'),
  col('Condução', 'duration'),
  col('Horas de motor', 'duration'),
  col('Horário disponível', 'duration'),
  col('Motor em horário', 'duration'),
  col('Condução em horário', 'duration'),
  col('Motor fora de horário', 'duration'),
  col('Utilização (%)', 'number'),
];

const percent = (part: number, whole: number): number => (whole > 0 ? round((part / whole) * 100, 1) : 0);

export async function performanceReport(ctx: ReportContext): Promise<ReportResult[]> {
  const weeks = new Map(ctx.vehicles.map((v) => [v.id, weekFor(ctx, v.attributes)]));
  const all = await everyVehicleFigures(ctx, (v) => ({ week: weeks.get(v.id) }));
  if (!all.some((f) => f.span.count > 0)) return [];
  const sum = { distance: 0, driving: 0, engine: 0, available: 0, work: 0, workDriving: 0 };
  const data = all.map((f): Cell[] => {
    const days = [...f.days.values()];
    const work = f.work!.list();
    const distance = days.reduce((s, d) => s + d.distance, 0);
    const driving = days.reduce((s, d) => s + d.drivingMs, 0);
    const engine = work.reduce((s, d) => s + d.engineMs, 0);
    const inside = work.reduce((s, d) => s + d.workEngineMs, 0);
    const insideDriving = work.reduce((s, d) => s + d.workDrivingMs, 0);
    const available = availableWorkMs(weeks.get(f.vehicle.id)!, ctx.zone, ctx.request.from, ctx.end);
    sum.distance += distance;
    sum.driving += driving;
    sum.engine += engine;
    sum.available += available;
    sum.work += inside;
    sum.workDriving += insideDriving;
    return [
      f.vehicle.name,
      f.vehicle.plate,
      f.vehicle.groupName,
      km(distance),
      duration(driving),
      duration(engine),
      duration(available),
      duration(inside),
      duration(insideDriving),
      duration(engine - inside),
      percent(inside, available),
    ];
  });
  return [
    table({
      report: 'performance',
      title: 'Desempenho',
      subtitle: periodText(ctx),
      subtitle2: counted(all.length, 'veículo', 'veículos'),
      subtitle3:
        'Utilização: horas de motor em horário de trabalho / horário disponível' +
        (ctx.request.options.select2 === '1'
          ? ' · Horário de cada veículo'
          : ` · ${weekText(weekFor(ctx, {}))}`),
      columns: PERFORMANCE_COLUMNS,
      data,
      footer: [
        [
          'Total',
          '',
          '',
          km(sum.distance),
          duration(sum.driving),
          duration(sum.engine),
          duration(sum.available),
          duration(sum.work),
          duration(sum.workDriving),
          duration(sum.engine - sum.work),
          percent(sum.work, sum.available),
        ],
      ],
    }),
  ];
}

export const PERFORMANCE: ReportDef = {
  name: 'performance',
  permission: 'custom_reports.performance',
  title: 'Desempenho',
  drivers: false,
  options: ['select2'],
  columns: PERFORMANCE_COLUMNS,
  build: performanceReport,
};
