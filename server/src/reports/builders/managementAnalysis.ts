/**
 * Análise de custos (management_analysis): what each vehicle cost, month by month, by cost type, against
 * the km it drove, its engine hours and the litres refilled; cost per km and per engine hour. A fleet table
 * comes first with the bar chart of the monthly costs and the pie of the costs by type, then one table per
 * vehicle with its months.
 */
import { formatNumberIn } from '@frota/core';
import { counted, col, hoursOf, km, round, table, type Cell, type Column, type ReportResult } from '../model';
import type { ReportContext, VehicleInfo } from '../context';
import { REPORT_COST_TYPES, type ReportCostType } from '../request';
import { mapVehicles, periodText, vehicleText } from './common';
import { COST_LABELS, costLines, costPie, money, type CostLine } from './costLines';
import { engineMs, periodDays, vehicleDays } from './days';

const money$ = (title: string) => col(title, 'number', 'currency');

const FIGURE_COLUMNS: Column[] = [
  ...REPORT_COST_TYPES.map((t) => money$(COST_LABELS[t])),
  money$('Total'),
  col('Distância (km)', 'number'),
  col('Horas de motor (h)', 'number'),
  col('Litros', 'number'),
  money$('Custo/km'),
  money$('Custo/hora'),
];

export const ANALYSIS_MONTH_COLUMNS: Column[] = [col('Mês'), ...FIGURE_COLUMNS];
export const ANALYSIS_FLEET_COLUMNS: Column[] = [col('Veículo'), col('Matrícula'), ...FIGURE_COLUMNS];

/** What a vehicle (or the fleet) did and cost in a month (or the period). */
interface Figures {
  costs: Record<ReportCostType, number>;
  metres: number;
  engineMs: number;
  litres: number;
}

const emptyFigures = (): Figures => ({
  costs: Object.fromEntries(REPORT_COST_TYPES.map((t) => [t, 0])) as Record<ReportCostType, number>,
  metres: 0,
  engineMs: 0,
  litres: 0,
});

function addInto(to: Figures, from: Figures): void {
  for (const t of REPORT_COST_TYPES) to.costs[t] += from.costs[t];
  to.metres += from.metres;
  to.engineMs += from.engineMs;
  to.litres += from.litres;
}

const totalCost = (f: Figures): number => REPORT_COST_TYPES.reduce((s, t) => s + f.costs[t], 0);

/** The figure cells: costs by type, total, km, hours, litres, cost per km and per hour. */
function figureCells(f: Figures): Cell[] {
  const total = totalCost(f);
  const kms = km(f.metres);
  const hours = hoursOf(f.engineMs);
  return [
    ...REPORT_COST_TYPES.map((t) => money(f.costs[t])),
    money(total),
    kms,
    hours,
    round(f.litres, 1),
    kms > 0 ? money(total / kms) : null,
    hours > 0 ? money(total / hours) : null,
  ];
}

/** An amount as Portuguese text (`388 601,00`), with plain spaces so every export's font draws them. */
const moneyText = (v: number): string => formatNumberIn('pt', money(v), 2).replace(/\s/g, ' ');

const monthTitle = (month: string): string => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

interface VehicleMonths {
  vehicle: VehicleInfo;
  months: Map<string, Figures>;
  total: Figures;
  active: boolean;
}

async function vehicleMonths(
  ctx: ReportContext,
  v: VehicleInfo,
  monthKeys: string[],
  lines: CostLine[],
): Promise<VehicleMonths> {
  const months = new Map(monthKeys.map((m) => [m, emptyFigures()]));
  const { days } = await vehicleDays(ctx, v);
  for (const d of days.values()) {
    const f = months.get(d.key.slice(0, 7));
    if (!f) continue;
    f.metres += d.distance;
    f.engineMs += engineMs(d);
  }
  for (const l of lines) {
    const f = months.get(l.date.slice(0, 7));
    if (!f) continue;
    f.costs[l.type] += l.cost;
    if (l.type === 'refill') f.litres += l.litres ?? 0;
  }
  const total = emptyFigures();
  for (const f of months.values()) addInto(total, f);
  const active = lines.length > 0 || total.metres > 0 || total.engineMs > 0;
  return { vehicle: v, months, total, active };
}

export async function managementAnalysisReport(ctx: ReportContext): Promise<ReportResult[]> {
  const monthKeys = [...new Set(periodDays(ctx).map((d) => d.key.slice(0, 7)))];
  const lines = await costLines(ctx, REPORT_COST_TYPES);
  const byVehicle = new Map<number, CostLine[]>();
  for (const l of lines) byVehicle.set(l.deviceId, [...(byVehicle.get(l.deviceId) ?? []), l]);
  const all = await mapVehicles(ctx, ctx.vehicles, (v) =>
    vehicleMonths(ctx, v, monthKeys, byVehicle.get(v.id) ?? []),
  );
  if (!all.some((v) => v.active)) return [];

  const fleet = emptyFigures();
  const fleetMonths = new Map(monthKeys.map((m) => [m, emptyFigures()]));
  for (const v of all) {
    addInto(fleet, v.total);
    for (const [m, f] of v.months) addInto(fleetMonths.get(m)!, f);
  }
  const summary = table({
    report: 'management_analysis',
    title: 'Análise de custos - Frota',
    subtitle: periodText(ctx),
    subtitle2: counted(all.length, 'veículo', 'veículos'),
    subtitle3: `Custo total: ${moneyText(totalCost(fleet))}`,
    columns: ANALYSIS_FLEET_COLUMNS,
    data: all.map((v) => [v.vehicle.name, v.vehicle.plate, ...figureCells(v.total)]),
    footer: [['Total', '', ...figureCells(fleet)]],
    pie: costPie(REPORT_COST_TYPES.map((t) => [t, fleet.costs[t]])),
    costChart: {
      series: REPORT_COST_TYPES.map((t) => ({ key: t, label: COST_LABELS[t] })),
      data: monthKeys.map((month) => {
        const f = fleetMonths.get(month)!;
        return {
          month,
          total: money(totalCost(f)),
          costs: Object.fromEntries(REPORT_COST_TYPES.map((t) => [t, money(f.costs[t])])),
        };
      }),
    },
  });

  const perVehicle = all
    .filter((v) => v.active)
    .map((v) =>
      table({
        report: 'management_analysis',
        deviceId: v.vehicle.id,
        title: `Análise de custos - ${v.vehicle.name}`,
        subtitle: periodText(ctx),
        subtitle2: vehicleText(v.vehicle),
        columns: ANALYSIS_MONTH_COLUMNS,
        data: monthKeys.map((m) => [monthTitle(m), ...figureCells(v.months.get(m)!)]),
        footer: [['Total', ...figureCells(v.total)]],
      }),
    );
  return [summary, ...perVehicle];
}
