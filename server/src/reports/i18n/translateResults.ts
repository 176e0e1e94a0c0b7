/** A run's results in the reader's language: the fixed texts and the text cells, never names or numbers. */
import type { Cell, ReportResult } from '../model';
import type { ReportTranslator } from './reportTexts';

const cellText = (t: ReportTranslator, c: Cell): Cell => (typeof c === 'string' && c !== '' ? t.text(c) : c);

export function translateResult(t: ReportTranslator, r: ReportResult): ReportResult {
  const textColumns = r.data_types.map((type) => type === 'text');
  return {
    ...r,
    title: t.text(r.title),
    subtitle: t.text(r.subtitle),
    subtitle2: t.text(r.subtitle2),
    subtitle3: t.text(r.subtitle3),
    pre_header: r.pre_header.map((p) => ({ ...p, text: t.text(p.text) })),
    header: r.header.map((h) => t.text(h)),
    data: r.data.map((row) => row.map((c, i) => (textColumns[i] ? cellText(t, c) : c))),
    footer: r.footer.map((row) => row.map((c) => cellText(t, c))),
    data_pie1: r.data_pie1?.map((p) => ({ ...p, label: t.text(p.label) })) ?? null,
    ...(r.cost_chart
      ? {
          cost_chart: {
            ...r.cost_chart,
            series: r.cost_chart.series.map((s) => ({ ...s, label: t.text(s.label) })),
          },
        }
      : {}),
  };
}

export const translateResults = (t: ReportTranslator, results: ReportResult[]): ReportResult[] =>
  results.map((r) => translateResult(t, r));
