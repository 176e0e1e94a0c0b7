/**
 * The answer of a report (document 2 §3, server/src/reports/REPORTS.md §1): one result per table, as the
 * server builds it and the web app draws it, exported and mailed.
 */
export type Cell = string | number | null;
export type ColumnType = 'text' | 'number' | 'integer' | 'datetime' | 'date' | 'duration' | 'hidden';

export interface PieSlice {
  label: string;
  value: number;
  percent: number;
}

export interface ChartData {
  name: string;
  license_plate: string;
  total_km: number;
  average_km: number;
  data: Array<{ date: string; km: number }>;
}

/** The bars of monthly costs by type (management analysis): one entry per month of the period. */
export interface CostChartData {
  /** the cost types stacked in each bar, in order, with their names */
  series: Array<{ key: string; label: string }>;
  data: Array<{ month: string /* YYYY-MM */; total: number; costs: Record<string, number> }>;
}

export interface ReportResult {
  report: string;
  deviceId?: number;
  driverId?: number;
  title: string;
  subtitle: string;
  subtitle2: string;
  subtitle3: string;
  pre_header: Array<{ text: string; colspan: number }>;
  header: string[];
  data: Cell[][];
  footer: Cell[][];
  data_types: ColumnType[];
  data_format: string[];
  data_borders: string[];
  data_pie1: PieSlice[] | null;
  extra: { noMarginBottom?: boolean; separator?: boolean; truncated?: boolean };
  chart?: ChartData;
  cost_chart?: CostChartData;
}
