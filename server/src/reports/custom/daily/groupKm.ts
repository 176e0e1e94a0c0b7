/**
 * Quilómetros por grupo (group_km): one row per group of the selected vehicles (and of the groups listed
 * in `groups`), with the km, driving and engine time of its vehicles; Média diária divides by the days of
 * the period that have begun, as the km report does.
 */
import { counted, col, km, table, type Cell, type ReportResult } from '../../model';
import type { ReportContext } from '../../context';
import type { ReportDef } from '../../reportDef';
import type { DayFigures } from '../../../track/dayBook';
import { duration } from '../../../track/timezone';
import { mapVehicles, periodText } from '../../builders/common';
import { elapsedDays, engineMs, vehicleDays, type VehicleDays } from '../../builders/days';
import { groupVehicles, type VehicleGroup } from './groupVehicles';

export const GROUP_KM_COLUMNS = [
  col('Grupo'),
  col('Veículos', 'integer'),
  col('Veículos com actividade', 'integer'),
  col('Distância (km)', 'number'),
  col('Média por veículo (km)', 'number'),
  col('Média diária (km)', 'number'),
  col('Condução', 'duration'),
  col('Horas de motor', 'duration'),
];

export interface GroupDays {
  group: VehicleGroup;
  vehicles: VehicleDays[];
}

/** The day figures of every vehicle of every group (each vehicle read once); undefined without data. */
export async function groupDays(ctx: ReportContext): Promise<GroupDays[] | undefined> {
  if (!elapsedDays(ctx).length) return undefined;
  const groups = await groupVehicles(ctx);
  const vehicles = groups.flatMap((g) => g.vehicles);
  const figures = await mapVehicles(ctx, vehicles, (v) => vehicleDays(ctx, v));
  if (!figures.some((f) => f.span.count > 0)) return undefined;
  const byId = new Map(figures.map((f) => [f.vehicle.id, f]));
  return groups.map((group) => ({ group, vehicles: group.vehicles.map((v) => byId.get(v.id)!) }));
}

/** The sum of a day figure over every day of every vehicle of the list. */
export const sumDays = (list: VehicleDays[], f: (d: DayFigures) => number): number =>
  list.reduce((s, v) => s + [...v.days.values()].reduce((t, d) => t + f(d), 0), 0);

export async function groupKmReport(ctx: ReportContext): Promise<ReportResult[]> {
  const all = await groupDays(ctx);
  if (!all) return [];
  const dayCount = elapsedDays(ctx).length;
  const total = { vehicles: 0, active: 0, distance: 0, driving: 0, engine: 0 };
  const data = all.map(({ group, vehicles }): Cell[] => {
    const distance = sumDays(vehicles, (d) => d.distance);
    const driving = sumDays(vehicles, (d) => d.drivingMs);
    const engine = sumDays(vehicles, engineMs);
    const active = vehicles.filter((v) =>
      [...v.days.values()].some((d) => d.distance > 0 || engineMs(d) > 0),
    ).length;
    total.vehicles += vehicles.length;
    total.active += active;
    total.distance += distance;
    total.driving += driving;
    total.engine += engine;
    return [
      group.name,
      vehicles.length,
      active,
      km(distance),
      vehicles.length ? km(distance / vehicles.length) : 0,
      km(distance / dayCount),
      duration(driving),
      duration(engine),
    ];
  });
  return [
    table({
      report: 'group_km',
      title: 'Quilómetros por grupo',
      subtitle: periodText(ctx),
      subtitle2: `${counted(all.length, 'grupo', 'grupos')} · ${counted(total.vehicles, 'veículo', 'veículos')}`,
      columns: GROUP_KM_COLUMNS,
      data,
      footer: [
        [
          'Total',
          total.vehicles,
          total.active,
          km(total.distance),
          total.vehicles ? km(total.distance / total.vehicles) : 0,
          km(total.distance / dayCount),
          duration(total.driving),
          duration(total.engine),
        ],
      ],
    }),
  ];
}

export const GROUP_KM: ReportDef = {
  name: 'group_km',
  groups: true,
  permission: 'custom_reports.group_km',
  title: 'Quilómetros por grupo',
  drivers: false,
  options: [],
  columns: GROUP_KM_COLUMNS,
  build: groupKmReport,
};
