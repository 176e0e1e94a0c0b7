import { Fragment, lazy, Suspense, useMemo } from 'react';
import { Box, Divider } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useClientDetails } from '../api/queries';
import { formatCurrency } from '../common/formatters';
import { numberFormatter, percentFormatter } from './cellFormat';
import { costColourOfName } from './costColours';
import { fleetSummary } from './fleetSummary';
import { tableModel, type Cell, type ReportResult } from './resultModel';
import { ResultTable } from './ResultTable';

// The chart library loads with the first result that draws a chart.
const KmChart = lazy(() => import('./KmChart').then((m) => ({ default: m.KmChart })));
const CostChart = lazy(() => import('./CostChart').then((m) => ({ default: m.CostChart })));
const PieResult = lazy(() => import('./PieResult').then((m) => ({ default: m.PieResult })));

const ChartSpace = ({ height }: { height: number }) => <Box data-testid="chart-loading" sx={{ height }} />;

interface Props {
  results: ReportResult[];
  performance?: boolean;
  /** Pie slices named after cost types take the cost type's colour (the management reports). */
  costColours?: boolean;
}

/** Every result of a run: its bar chart, its table and its pie chart. */
export function ReportResults({ results, performance, costColours }: Props) {
  const { t, i18n } = useTranslation();
  const details = useClientDetails();
  const models = useMemo(() => results.map(tableModel), [results]);
  const formatters = useMemo(
    () => ({ number: numberFormatter(i18n.language), currencySymbol: details.data?.currency_symbol ?? '' }),
    [i18n.language, details.data?.currency_symbol],
  );
  const percent = useMemo(() => percentFormatter(i18n.language), [i18n.language]);
  const summary = useMemo(
    () =>
      fleetSummary(results, models, {
        title: t('reports.fleetSummary'),
        vehicle: t('reports.summaryVehicle'),
        driver: t('reports.summaryDriver'),
        counts: t('reports.summaryCounts'),
      }),
    [results, models, t],
  );
  const openTable = useMemo(() => {
    if (!summary) return null;
    const tableOfRow = new Map<Cell[], number>(
      summary.model.rows.map((row, r) => [row, summary.tableOf[r]!]),
    );
    return (row: Cell[]) => {
      const index = tableOfRow.get(row);
      if (index !== undefined)
        document
          .getElementById(`report-result-${index}`)
          ?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    };
  }, [summary]);
  const money = useMemo(
    () => (value: number) => formatCurrency(value, formatters.currencySymbol),
    [formatters.currencySymbol],
  );
  return (
    <Box data-testid="report-results">
      {summary && openTable && (
        <ResultTable model={summary.model} formatters={formatters} summary={{ onRow: openTable }} />
      )}
      {models.map((model, i) => (
        <Fragment key={i}>
          <Box id={`report-result-${i}`} sx={{ scrollMarginTop: 64 }} />
          {model.chart && (
            <Suspense fallback={<ChartSpace height={320} />}>
              <KmChart chart={model.chart} number={formatters.number} />
            </Suspense>
          )}
          {model.costChart && (
            <Suspense fallback={<ChartSpace height={360} />}>
              <CostChart chart={model.costChart} number={formatters.number} money={money} />
            </Suspense>
          )}
          <ResultTable model={model} formatters={formatters} performance={performance} />
          {model.pie.length > 0 && (
            <Suspense fallback={<ChartSpace height={320} />}>
              <PieResult
                title={`${model.title} · ${t('reports.shares')}`}
                slices={model.pie}
                percent={percent}
                colourOf={costColours ? costColourOfName : undefined}
              />
            </Suspense>
          )}
          {model.separator && <Divider sx={{ my: 2 }} />}
        </Fragment>
      ))}
    </Box>
  );
}
