/**
 * Quilómetros mensais / Horas mensais: a matrix of vehicles by day (`DD/MM`), or by month (`MM/YYYY`) when
 * the period is longer than 31 days, with a total column and a total row.
 */
import { col, counted, hoursOf, km, round, table, type Cell, type Column, type ReportResult } from '../model';
import type { ReportContext } from '../context';
import type { DayFigures } from '../../track/dayBook';
import { periodText } from './common';
import { engineMs, everyVehicleDays, periodDays } from './days';

interface Bucket {
  title: string;
  keys: string[];
}

function buckets(ctx: ReportContext): Bucket[] {
  const days = periodDays(ctx);
  if (days.length <= 31)
    return days.map((d) => ({ title: `${d.key.slice(8, 10)}/${d.key.slice(5, 7)}`, keys: [d.key] }));
  const months = new Map<string, Bucket>();
  for (const d of days) {
    const m = d.key.slice(0, 7);
    let b = months.get(m);
    if (!b) months.set(m, (b = { title: `${m.slice(5, 7)}/${m.slice(0, 4)}`, keys: [] }));
    b.keys.push(d.key);
  }
  return [...months.values()];
}

/** How the rows are named: the first column's title, the count's noun and an optional third subtitle. */
export interface MatrixRows {
  item: string;
  /** the count's noun in the singular and the plural ("veículo", "veículos") */
  one: string;
  items: string;
  subtitle3?: string;
}

const VEHICLES: MatrixRows = { item: 'Veículo', one: 'veículo', items: 'veículos' };

export async function matrix(
  ctx: ReportContext,
  report: string,
  title: string,
  value: (d: DayFigures | undefined) => number,
  show: (v: number) => number,
  rows: MatrixRows = VEHICLES,
): Promise<ReportResult[]> {
  const all = await everyVehicleDays(ctx);
  if (!all.some((v) => v.span.count > 0)) return [];
  const cols = buckets(ctx);
  const totals = new Array(cols.length + 1).fill(0);
  const data = all.map(({ vehicle, days }): Cell[] => {
    const values = cols.map((b) => b.keys.reduce((s, k) => s + value(days.get(k)), 0));
    const total = values.reduce((s, x) => s + x, 0);
    values.forEach((x, i) => (totals[i] += x));
    totals[cols.length] += total;
    return [vehicle.name, vehicle.plate, ...values.map(show), show(total)];
  });
  const columns: Column[] = [
    col(rows.item),
    col('Matrícula'),
    ...cols.map((b) => col(b.title, 'number')),
    col('Total', 'number'),
  ];
  return [
    table({
      report,
      title,
      subtitle: periodText(ctx),
      subtitle2: counted(all.length, rows.one, rows.items),
      subtitle3: rows.subtitle3,
      columns,
      data,
      footer: [['Total', '', ...totals.map(show)]],
    }),
  ];
}

export const monthlyKmReport = (ctx: ReportContext) =>
  matrix(ctx, 'monthly_km', 'Quilómetros mensais', (d) => d?.distance ?? 0, km);

export const monthlyHoursReport = (ctx: ReportContext) =>
  matrix(ctx, 'monthly_hours', 'Horas mensais', engineMs, (ms) => round(hoursOf(ms), 2));
