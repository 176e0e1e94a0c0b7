/**
 * Castel diário / mensal / mensal detalhado: km, engine hours, fuel consumed and trips per vehicle for a
 * construction fleet. Fuel is the level-based consumption of the fuel engine (monthly_liters' rule) where
 * the vehicle has a fuel sensor and a tank capacity, else empty.
 * - castel_daily: one table, one row per vehicle per day of the period (zeros included), by day.
 * - castel_monthly: one table, one row per vehicle for the period (`month`).
 * - castel_monthly_detailed: per vehicle, one row per day of the period (`month`), zeros included.
 * Days still to come are not listed.
 */
import { counted, col, table, type Cell, type ReportResult } from '../../model';
import type { ReportContext } from '../../context';
import type { ReportDef } from '../../reportDef';
import { periodText, vehicleText } from '../../builders/common';
import { elapsedDays } from '../../builders/days';
import { addTotals, CASTEL_FIGURES, castelCells, castelFooter } from './castelColumns';
import { everyVehicleFigures, totalsOf, type VehicleFigures } from './vehicleFigures';

export const CASTEL_DAILY_COLUMNS = [
  col('Data', 'date'),
  col('Veículo'),
  col('Matrícula'),
  ...CASTEL_FIGURES,
];
export const CASTEL_MONTHLY_COLUMNS = [
  col('Veículo'),
  col('Matrícula'),
  col('Grupo'),
  col('Dias com actividade', 'integer'),
  ...CASTEL_FIGURES,
];
export const CASTEL_DETAILED_COLUMNS = [col('Data', 'date'), ...CASTEL_FIGURES];

async function figures(ctx: ReportContext): Promise<VehicleFigures[] | undefined> {
  if (!elapsedDays(ctx).length) return undefined;
  const all = await everyVehicleFigures(ctx, () => ({ fuel: true }));
  return all.some((f) => f.span.count > 0) ? all : undefined;
}

const fuelNote = (all: VehicleFigures[]): string =>
  all.some((f) => f.fuelByDay)
    ? 'Combustível: consumo pelo nível do sensor (vazio sem sensor)'
    : 'Combustível: sem sensor de nível';

export async function castelDailyReport(ctx: ReportContext): Promise<ReportResult[]> {
  const all = await figures(ctx);
  if (!all) return [];
  const z = ctx.zone;
  const data: Cell[][] = [];
  const totals = [];
  for (const day of elapsedDays(ctx))
    for (const f of all) {
      const t = totalsOf(f, [day.key]);
      totals.push(t);
      data.push([z.date(day.start), f.vehicle.name, f.vehicle.plate, ...castelCells(z, t)]);
    }
  return [
    table({
      report: 'castel_daily',
      title: 'Castel diário',
      subtitle: periodText(ctx),
      subtitle2: counted(all.length, 'veículo', 'veículos'),
      subtitle3: fuelNote(all),
      columns: CASTEL_DAILY_COLUMNS,
      data,
      footer: [['Total', '', '', ...castelFooter(z, addTotals(totals))]],
    }),
  ];
}

export async function castelMonthlyReport(ctx: ReportContext): Promise<ReportResult[]> {
  const all = await figures(ctx);
  if (!all) return [];
  const z = ctx.zone;
  const keys = elapsedDays(ctx).map((d) => d.key);
  const totals = all.map((f) => totalsOf(f, keys));
  const sum = addTotals(totals);
  return [
    table({
      report: 'castel_monthly',
      title: 'Castel mensal',
      subtitle: periodText(ctx),
      subtitle2: counted(all.length, 'veículo', 'veículos'),
      subtitle3: fuelNote(all),
      columns: CASTEL_MONTHLY_COLUMNS,
      data: all.map((f, i): Cell[] => [
        f.vehicle.name,
        f.vehicle.plate,
        f.vehicle.groupName,
        totals[i].activeDays,
        ...castelCells(z, totals[i]),
      ]),
      footer: [['Total', '', '', sum.activeDays, ...castelFooter(z, sum)]],
    }),
  ];
}

export async function castelMonthlyDetailedReport(ctx: ReportContext): Promise<ReportResult[]> {
  const all = await figures(ctx);
  if (!all) return [];
  const z = ctx.zone;
  const days = elapsedDays(ctx);
  return all
    .filter((f) => f.span.count > 0)
    .map((f) => {
      const totals = days.map((d) => totalsOf(f, [d.key]));
      return table({
        report: 'castel_monthly_detailed',
        title: `Castel mensal detalhado - ${f.vehicle.name}`,
        subtitle: periodText(ctx),
        subtitle2: vehicleText(f.vehicle),
        subtitle3: f.fuelByDay ? fuelNote([f]) : 'Combustível: sem sensor de nível',
        columns: CASTEL_DETAILED_COLUMNS,
        data: days.map((d, i): Cell[] => [z.date(d.start), ...castelCells(z, totals[i])]),
        footer: [['Total', ...castelFooter(z, addTotals(totals))]],
        deviceId: f.vehicle.id,
      });
    });
}

const castel = (
  name: string,
  title: string,
  columns: ReportDef['columns'],
  build: ReportDef['build'],
): ReportDef => ({
  name,
  permission: `custom_reports.${name}`,
  title,
  drivers: false,
  options: [],
  columns,
  build,
});

export const CASTEL_REPORTS: ReportDef[] = [
  castel('castel_daily', 'Castel diário', CASTEL_DAILY_COLUMNS, castelDailyReport),
  castel('castel_monthly', 'Castel mensal', CASTEL_MONTHLY_COLUMNS, castelMonthlyReport),
  castel(
    'castel_monthly_detailed',
    'Castel mensal detalhado',
    CASTEL_DETAILED_COLUMNS,
    castelMonthlyDetailedReport,
  ),
];
