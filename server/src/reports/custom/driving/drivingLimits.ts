/**
 * Limites de condução: breaches of the EU 561/2006 driving limits (drivingTime.ts) per vehicle, or per
 * driver (itemsType D) over every vehicle the driver drove in the period.
 */
import { col, table, type Cell, type ReportResult } from '../../model';
import type { ReportContext, VehicleInfo } from '../../context';
import { runVehicle } from '../../../track/run';
import { duration } from '../../../track/timezone';
import {
  assignedDrivers,
  driverNames,
  driverText,
  periodText,
  vehicleText,
  vehiclesOfDriver,
} from '../../builders/common';
import type { ReportDef } from '../../reportDef';
import { drivingBreaches, type Breach, type DrivingInterval } from './drivingTime';
import { DrivingIntervals, type VehicleDriving } from './drivingIntervals';

export const DRIVING_LIMIT_COLUMNS = [
  col('Tipo'),
  col('Início', 'datetime'),
  col('Fim', 'datetime'),
  col('Condução', 'duration'),
  col('Limite', 'duration'),
  col('Excesso', 'duration', 'red'),
  col('Limite excedido às', 'datetime'),
  col('Condutor'),
];
export const DRIVING_LIMIT_DRIVER_COLUMNS = [...DRIVING_LIMIT_COLUMNS.slice(0, -1), col('Veículo')];

const KIND_TEXT: Record<Breach['kind'], string> = {
  continuous: 'Condução contínua',
  daily: 'Condução diária',
};

async function intervalsOf(
  ctx: ReportContext,
  v: VehicleInfo,
  assigned: string | undefined,
): Promise<VehicleDriving[]> {
  const consumer = new DrivingIntervals(assigned);
  await runVehicle(ctx.db, v.id, v.profile, [consumer], {
    from: ctx.request.from,
    to: ctx.request.to,
    end: ctx.end,
    keys: ['driverUniqueId'],
  });
  return consumer.intervals;
}

export async function drivingLimitsReport(ctx: ReportContext): Promise<ReportResult[]> {
  const names = await driverNames(ctx);
  const byDriver = ctx.request.itemsType === 'D';
  const groups: Array<{ intervals: DrivingInterval[]; vehicle?: VehicleInfo; driverIndex?: number }> = [];
  if (!byDriver) {
    const assigned = await assignedDrivers(
      ctx,
      ctx.vehicles.map((v) => v.id),
    );
    for (const v of ctx.vehicles)
      groups.push({
        vehicle: v,
        intervals: (await intervalsOf(ctx, v, assigned.get(v.id))).map((i) => ({
          start: i.start,
          end: i.end,
          tags: i.driver ? [names.get(i.driver) ?? i.driver] : [],
        })),
      });
  } else
    for (const [index, d] of ctx.drivers.entries()) {
      const vehicles = await vehiclesOfDriver(ctx, d);
      const assigned = await assignedDrivers(
        ctx,
        vehicles.map((v) => v.id),
      );
      const intervals: DrivingInterval[] = [];
      for (const v of vehicles)
        for (const i of await intervalsOf(ctx, v, assigned.get(v.id)))
          if (i.driver === d.uniqueId) intervals.push({ start: i.start, end: i.end, tags: [v.name] });
      groups.push({ driverIndex: index, intervals });
    }
  const results: ReportResult[] = [];
  for (const g of groups) {
    const found = drivingBreaches(g.intervals, ctx.zone);
    if (!found.length) continue;
    const data = found.map((b): Cell[] => [
      KIND_TEXT[b.kind],
      ctx.zone.dateTime(b.start),
      ctx.zone.dateTime(b.end),
      duration(b.drivingMs),
      duration(b.limitMs),
      duration(b.drivingMs - b.limitMs),
      ctx.zone.dateTime(b.exceededAt),
      b.tags.join(', '),
    ]);
    const driver = g.driverIndex !== undefined ? ctx.drivers[g.driverIndex] : undefined;
    const count = (kind: Breach['kind']) => found.filter((b) => b.kind === kind).length;
    results.push(
      table({
        report: 'driving_limits',
        title: `Limites de condução - ${g.vehicle ? g.vehicle.name : driver!.name}`,
        subtitle: periodText(ctx),
        subtitle2: g.vehicle ? vehicleText(g.vehicle) : driverText(driver!),
        subtitle3:
          'Condução contínua: 04:30:00 sem pausa de 45 min · Condução diária: 09:00:00 (Regulamento (CE) n.º 561/2006)',
        columns: byDriver ? DRIVING_LIMIT_DRIVER_COLUMNS : DRIVING_LIMIT_COLUMNS,
        data,
        footer: [
          [
            'Total',
            `${count('continuous')} contínuas`,
            `${count('daily')} diárias`,
            '',
            '',
            duration(found.reduce((t, b) => t + b.drivingMs - b.limitMs, 0)),
            '',
            '',
          ],
        ],
        deviceId: g.vehicle?.id,
        driverId: driver?.id,
      }),
    );
  }
  return results;
}

export const DRIVING_LIMITS: ReportDef = {
  name: 'driving_limits',
  permission: 'custom_reports.driving_limits',
  title: 'Limites de condução',
  drivers: true,
  options: [],
  columns: DRIVING_LIMIT_COLUMNS,
  build: drivingLimitsReport,
};
