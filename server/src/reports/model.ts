/** The report result of document 2 §3 (core's ReportResult, REPORTS.md §1) and helpers to build one table. */
import type { Cell, ChartData, ColumnType, CostChartData, PieSlice, ReportResult } from '@frota/core';

export type { Cell, ChartData, ColumnType, CostChartData, PieSlice, ReportResult } from '@frota/core';

export interface Column {
  title: string;
  type: ColumnType;
  format?: string;
}

export const col = (title: string, type: ColumnType = 'text', format = ''): Column => ({
  title,
  type,
  format,
});

export interface TableInput {
  report: string;
  title: string;
  subtitle: string;
  subtitle2?: string;
  subtitle3?: string;
  columns: Column[];
  data: Cell[][];
  footer?: Cell[][];
  deviceId?: number;
  driverId?: number;
  pie?: PieSlice[] | null;
  chart?: ChartData;
  costChart?: CostChartData;
  truncated?: boolean;
}

export function table(t: TableInput): ReportResult {
  return {
    report: t.report,
    ...(t.deviceId !== undefined ? { deviceId: t.deviceId } : {}),
    ...(t.driverId !== undefined ? { driverId: t.driverId } : {}),
    title: t.title,
    subtitle: t.subtitle,
    subtitle2: t.subtitle2 ?? '',
    subtitle3: t.subtitle3 ?? '',
    pre_header: [],
    header: t.columns.map((c) => c.title),
    data: t.data,
    footer: t.footer ?? [],
    data_types: t.columns.map((c) => c.type),
    data_format: t.columns.map((c) => c.format ?? ''),
    data_borders: t.columns.map(() => ''),
    data_pie1: t.pie ?? null,
    extra: t.truncated ? { truncated: true } : {},
    ...(t.chart ? { chart: t.chart } : {}),
    ...(t.costChart ? { cost_chart: t.costChart } : {}),
  };
}

/** Rounding for display: km one decimal, km/h whole, hours two decimals. */
export const round = (v: number, decimals = 0): number => {
  const f = 10 ** decimals;
  return Math.round(v * f) / f;
};
export const km = (metres: number): number => round(metres / 1000, 1);
export const kmh = (v: number): number => Math.round(v);

/** A count with its noun in the singular for one ("1 viagem", "2 viagens", "0 viagens"). */
export const counted = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
export const odometerKm = (metres: number | undefined): number | null =>
  metres === undefined ? null : Math.round(metres / 1000);
export const hoursOf = (ms: number): number => round(ms / 3_600_000, 2);

export function pie(slices: Array<{ label: string; value: number }>): PieSlice[] | null {
  const total = slices.reduce((s, x) => s + x.value, 0);
  if (total <= 0) return null;
  return slices.map((s) => ({ ...s, value: round(s.value, 0), percent: round((s.value / total) * 100, 1) }));
}
