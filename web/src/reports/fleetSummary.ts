/**
 * The fleet summary above a run's per-vehicle (or per-driver) tables (issue 36): one row per table with its
 * name and its footer's totals, so 25 vehicles read at a glance before their 25 tables.
 */
import type { Cell, ReportResult, TableColumn, TableModel } from './resultModel';

export interface SummaryTexts {
  title: string;
  vehicle: string;
  driver: string;
  /** the column of the footers' counts ("25 viagens") */
  counts: string;
}

export interface FleetSummary {
  model: TableModel;
  /** the index in the run's results of each summary row's table */
  tableOf: number[];
}

/** The part of a table's title after the report's name ("Viagens - Camião 1" → "Camião 1"). */
const itemName = (title: string): string => {
  const cut = title.indexOf(' - ');
  return cut < 0 ? title : title.slice(cut + 3);
};

const headerKey = (model: TableModel) => model.columns.map((c) => `${c.title}|${c.type}`).join('\u0001');
const filled = (cell: Cell | undefined) => cell !== null && cell !== undefined && cell !== '';

/**
 * The summary of the largest group of tables sharing one header and each closed by a footer row; none for
 * fewer than two such tables.
 */
export function fleetSummary(
  results: ReportResult[],
  models: TableModel[],
  texts: SummaryTexts,
): FleetSummary | null {
  const groups = new Map<string, number[]>();
  models.forEach((model, i) => {
    if (model.footer.length !== 1 || model.rows.length === 0) return;
    const key = headerKey(model);
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  const members = [...groups.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  if (members.length < 2) return null;
  const columns = models[members[0]!]!.columns;
  const footers = members.map((i) => models[i]!.footer[0]!);
  // the footer's first cell is its label ("Total"); counts in text columns gather in one column
  const countColumns = columns.filter((c, p) => p > 0 && c.type === 'text').map((c) => c.index);
  const figureColumns = columns.filter(
    (c, p) => p > 0 && c.type !== 'text' && footers.some((f) => filled(f[c.index])),
  );
  const byDriver = members.every(
    (i) => results[i]?.driverId !== undefined && results[i]?.deviceId === undefined,
  );
  const hasCounts = footers.some((f) => countColumns.some((i) => filled(f[i])));
  const summaryColumns: TableColumn[] = [
    { index: 0, title: byDriver ? texts.driver : texts.vehicle, type: 'text', format: '', borders: '' },
    ...(hasCounts ? [{ index: 1, title: texts.counts, type: 'text' as const, format: '', borders: '' }] : []),
    ...figureColumns.map((c, p) => ({ ...c, index: p + 2 })),
  ];
  const rows: Cell[][] = members.map((i, r) => {
    const footer = footers[r]!;
    const counts = countColumns
      .map((c) => footer[c])
      .filter(filled)
      .join(' · ');
    return [itemName(models[i]!.title), counts, ...figureColumns.map((c) => footer[c.index] ?? null)];
  });
  return {
    model: {
      title: texts.title,
      subtitles: models[members[0]!]!.subtitles.slice(0, 1),
      preHeader: [],
      columns: summaryColumns,
      rows,
      footer: [],
      pie: [],
      chart: null,
      costChart: null,
      separator: false,
      noMarginBottom: false,
      truncated: false,
    },
    tableOf: members,
  };
}
