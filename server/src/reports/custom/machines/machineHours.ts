/**
 * Horas de máquinas (document 3 §2): per machine, one row per day with the time it was connected
 * (ignition on), working (power above engine_voltage or rpm above 0) and connected without work, the
 * first and last moment of work and the hour meter.
 */
import type { ReportDef } from '../../reportDef';
import { col, hoursOf, round, table, type Cell, type ReportResult } from '../../model';
import type { ReportContext, VehicleInfo } from '../../context';
import { DayBook, type DayFigures } from '../../../track/dayBook';
import { runVehicle } from '../../../track/run';
import { duration } from '../../../track/timezone';
import { MAX_GAP_MS } from '../../../track/tracker';
import { engineMs } from '../../builders/days';
import { mapVehicles, periodText, vehicleText } from '../../builders/common';
import { assertMachines } from './machinesOnly';
import { WorkTimes, type WorkSpan } from './workTimes';

export const MACHINE_HOURS_COLUMNS = [
  col('Data', 'date'),
  col('Início do trabalho', 'datetime'),
  col('Fim do trabalho', 'datetime'),
  col('Ligada', 'duration'),
  col('Em trabalho', 'duration'),
  col('Ligada sem trabalho', 'duration'),
  col('Utilização (%)', 'number'),
  col('Horímetro inicial (h)', 'number'),
  col('Horímetro final (h)', 'number'),
];

interface MachineDay {
  figures: DayFigures;
  work: WorkSpan | undefined;
}

/** Working share of the connected time, in percent with one decimal. */
const utilisation = (workMs: number, connectedMs: number): number =>
  connectedMs > 0 ? round((workMs / connectedMs) * 100, 1) : 0;

async function machineDays(ctx: ReportContext, v: VehicleInfo): Promise<MachineDay[]> {
  const book = new DayBook(ctx.zone, ctx.request.from, MAX_GAP_MS);
  const work = new WorkTimes(ctx.zone, ctx.request.from, MAX_GAP_MS);
  await runVehicle(ctx.db, v.id, v.profile, [book, work], {
    from: ctx.request.from,
    to: ctx.request.to,
    end: ctx.end,
  });
  return book
    .list()
    .filter((d) => engineMs(d) > 0)
    .map((figures) => ({ figures, work: work.days.get(figures.key) }));
}

function machineTable(ctx: ReportContext, v: VehicleInfo, days: MachineDay[]): ReportResult {
  const z = ctx.zone;
  const data = days.map(({ figures: d, work }): Cell[] => [
    z.date(d.start),
    work ? z.dateTime(work.first) : null,
    work ? z.dateTime(work.last) : null,
    duration(engineMs(d)),
    duration(d.drivingMs),
    duration(d.idleMs),
    utilisation(d.drivingMs, engineMs(d)),
    d.hoursStart !== undefined ? hoursOf(d.hoursStart) : null,
    d.hoursEnd !== undefined ? hoursOf(d.hoursEnd) : null,
  ]);
  const connected = days.reduce((s, d) => s + engineMs(d.figures), 0);
  const working = days.reduce((s, d) => s + d.figures.drivingMs, 0);
  return table({
    report: 'machine_hours',
    title: `Horas de máquinas - ${v.name}`,
    subtitle: periodText(ctx),
    subtitle2: vehicleText(v),
    columns: MACHINE_HOURS_COLUMNS,
    data,
    footer: [
      [
        'Total',
        null,
        null,
        duration(connected),
        duration(working),
        duration(connected - working),
        utilisation(working, connected),
        null,
        null,
      ],
    ],
    deviceId: v.id,
  });
}

export async function machineHoursReport(ctx: ReportContext): Promise<ReportResult[]> {
  assertMachines(ctx);
  const all = await mapVehicles(ctx, ctx.vehicles, (v) => machineDays(ctx, v));
  return ctx.vehicles.flatMap((v, i) => (all[i].length ? [machineTable(ctx, v, all[i])] : []));
}

export const MACHINE_HOURS: ReportDef = {
  name: 'machine_hours',
  permission: 'custom_reports.machine_hours',
  title: 'Horas de máquinas',
  drivers: false,
  options: [],
  columns: MACHINE_HOURS_COLUMNS,
  build: machineHoursReport,
};
