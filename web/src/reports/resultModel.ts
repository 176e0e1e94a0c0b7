/**
 * Report results (document 2 §2.3, §3; server/src/reports/REPORTS.md) as table models: visible columns,
 * the pre-header spans over them, rows sorted by each column's type, searchable, and pie slices.
 */
import { compareText, filterRows } from '../common/listSearch';

import type {
  Cell,
  ChartData,
  ColumnType,
  CostChartData,
  PieSlice as ServerPieSlice,
  ReportResult as ServerReportResult,
} from '@frota/core';

export type { Cell, ChartData, ColumnType, CostChartData };

/** A slice of a pie chart (core's PieSlice); the percent is worked out here when the answer has none. */
export type PieSlice = Omit<ServerPieSlice, 'percent'> & { percent?: number };

/**
 * A result as the web reads it: core's ReportResult (what the server sends), every field optional, since
 * empty answers and older saved results leave some out.
 */
export type ReportResult = Partial<Omit<ServerReportResult, 'data_pie1'>> & { data_pie1?: PieSlice[] | null };

export interface TableColumn {
  /** Index of the column in the server's rows. */
  index: number;
  title: string;
  type: ColumnType;
  format: string;
  borders: string;
}

export interface TableModel {
  title: string;
  subtitles: string[];
  preHeader: Array<{ text: string; colspan: number }>;
  columns: TableColumn[];
  rows: Cell[][];
  footer: Cell[][];
  pie: Array<Required<PieSlice>>;
  chart: ChartData | null;
  costChart: CostChartData | null;
  separator: boolean;
  noMarginBottom: boolean;
  truncated: boolean;
}

/** The answer as a list of results; anything else is no result. */
export const asResults = (answer: unknown): ReportResult[] =>
  Array.isArray(answer)
    ? answer.filter((item): item is ReportResult => !!item && typeof item === 'object')
    : [];

/** No table row and no chart: the screen says there is no data for the period. */
export const isEmptyAnswer = (results: ReportResult[]): boolean =>
  results.every((result) => !(result.data?.length ?? 0) && !result.chart?.data?.length);

const isHidden = (title: string, type: ColumnType | undefined) => title === '' || type === 'hidden';

/** Pie slices with their share in percent, one decimal (the server's share when given). */
export function pieSlices(slices: PieSlice[] | null | undefined): Array<Required<PieSlice>> {
  const list = (slices ?? []).filter((slice) => Number.isFinite(slice.value) && slice.value > 0);
  const total = list.reduce((sum, slice) => sum + slice.value, 0);
  return list.map((slice) => ({
    label: slice.label,
    value: slice.value,
    percent:
      typeof slice.percent === 'number'
        ? Math.round(slice.percent * 10) / 10
        : Math.round((slice.value / total) * 1000) / 10,
  }));
}

export function tableModel(result: ReportResult): TableModel {
  const header = result.header ?? [];
  const types = result.data_types ?? [];
  const columns: TableColumn[] = header
    .map((title, index) => ({
      index,
      title,
      type: types[index] ?? 'text',
      format: result.data_format?.[index] ?? '',
      borders: result.data_borders?.[index] ?? '',
    }))
    .filter((column) => !isHidden(column.title, column.type));
  const visible = new Set(columns.map((column) => column.index));

  // Pre-header spans cover server columns; hidden columns inside a span shrink it.
  const preHeader: TableModel['preHeader'] = [];
  let start = 0;
  for (const cell of result.pre_header ?? []) {
    const span = Math.max(1, Number(cell.colspan) || 1);
    let shown = 0;
    for (let i = start; i < start + span; i++) if (visible.has(i)) shown++;
    start += span;
    if (shown > 0) preHeader.push({ text: cell.text ?? '', colspan: shown });
  }

  return {
    title: result.title ?? '',
    subtitles: [result.subtitle, result.subtitle2, result.subtitle3].filter((text): text is string => !!text),
    preHeader,
    columns,
    rows: result.data ?? [],
    footer: result.footer ?? [],
    pie: pieSlices(result.data_pie1),
    chart: result.chart ?? null,
    costChart: result.cost_chart?.data?.length ? result.cost_chart : null,
    separator: !!result.extra?.separator,
    noMarginBottom: !!result.extra?.noMarginBottom,
    truncated: !!result.extra?.truncated,
  };
}

/** `DD/MM/YYYY[ HH:mm:ss]` as `YYYYMMDD[HHmmss]`, so text order is time order. */
const dateKey = (text: string): string => {
  const match = /^(\d\d)\/(\d\d)\/(\d{4})(?: (\d\d):(\d\d)(?::(\d\d))?)?$/.exec(text.trim());
  if (!match) return text;
  const [, d, m, y, hh = '00', mm = '00', ss = '00'] = match;
  return `${y}${m}${d}${hh}${mm}${ss}`;
};

/** `HH:MM:SS` (hours may pass 24, may be negative) in seconds. */
export const durationSeconds = (text: string): number => {
  const match = /^(-)?(\d+):(\d\d)(?::(\d\d))?$/.exec(text.trim());
  if (!match) return Number.NaN;
  const seconds = Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4] ?? 0);
  return match[1] ? -seconds : seconds;
};

const sortValue = (cell: Cell, type: ColumnType): string | number | null => {
  if (cell === null || cell === undefined || cell === '') return null;
  switch (type) {
    case 'number':
    case 'integer': {
      const value = typeof cell === 'number' ? cell : Number(String(cell).replace(',', '.'));
      return Number.isFinite(value) ? value : String(cell);
    }
    case 'duration': {
      const value = typeof cell === 'number' ? cell : durationSeconds(cell);
      return Number.isFinite(value) ? value : String(cell);
    }
    case 'datetime':
    case 'date':
      return dateKey(String(cell));
    default:
      return String(cell);
  }
};

/** Compares two cells of a column by its type; empty cells go last whichever the direction. */
export function compareCells(a: Cell, b: Cell, type: ColumnType): number {
  const x = sortValue(a, type);
  const y = sortValue(b, type);
  if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  return compareText(x, y);
}

export interface Sort {
  column: number;
  direction: 'asc' | 'desc';
}

/** The rows matching the search, in the chosen order (the server's order without one). */
export function visibleRows(model: TableModel, query: string, sort: Sort | null): Cell[][] {
  const found = filterRows(model.rows, query, (row) => model.columns.map((column) => row[column.index]));
  if (!sort) return found;
  const column = model.columns.find((c) => c.index === sort.column);
  if (!column) return found;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return found
    .map((row, position) => ({ row, position }))
    .sort((a, b) => {
      const x = a.row[column.index];
      const y = b.row[column.index];
      const empty = (x === null || x === '') !== (y === null || y === '');
      const order = compareCells(x, y, column.type);
      return (empty ? order : sign * order) || a.position - b.position;
    })
    .map(({ row }) => row);
}

/** Performance rows (document 2 §2.4): 80 or more green, 50 to under 80 yellow, under 50 red. */
export function performanceColour(value: Cell): 'green' | 'yellow' | 'red' | null {
  const number =
    typeof value === 'number'
      ? value
      : Number(
          String(value ?? '')
            .replace('%', '')
            .replace(',', '.'),
        );
  if (value === null || value === '' || !Number.isFinite(number)) return null;
  return number >= 80 ? 'green' : number >= 50 ? 'yellow' : 'red';
}

/** The visible cells of a row, for exports of the table as shown. */
export const shownCells = (model: TableModel, row: Cell[]): Cell[] =>
  model.columns.map((c) => row[c.index] ?? null);
