import { useMemo } from 'react';
import { Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { axisWidth } from './axisWidth';
import { costColour } from './costColours';
import type { CostChartData } from './resultModel';

interface Props {
  chart: CostChartData;
  number: (value: number) => string;
  /** A money amount with the client's currency. */
  money: (value: number) => string;
}

/** `YYYY-MM` as `MM/YYYY`. */
const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** The management analysis' monthly costs: one bar per month, stacked by cost type, with a legend. */
export function CostChart({ chart, number, money }: Props) {
  const { t } = useTranslation();
  const data = useMemo(
    () => chart.data.map((entry) => ({ month: entry.month, total: entry.total, ...entry.costs })),
    [chart.data],
  );
  // Only the types that cost something in the period get a bar and a legend entry.
  const series = chart.series.filter((serie) =>
    chart.data.some((entry) => (entry.costs[serie.key] ?? 0) > 0),
  );
  const order = series.map((serie) => serie.key);
  const total = chart.data.reduce((sum, entry) => sum + entry.total, 0);
  return (
    <Paper sx={{ p: { xs: 1, sm: 2 }, mb: 2 }} data-testid="report-cost-chart">
      <Typography variant="h6" component="h2">
        {t('reports.monthlyCosts')}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="report-cost-chart-total">
        {t('reports.totalCost', { value: money(total) })}
      </Typography>
      <div dir="ltr" style={{ width: '100%', height: 300 }}>
        <ResponsiveContainer>
          <BarChart data={data} margin={{ top: 16, right: 16, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="month" tickFormatter={monthLabel} minTickGap={8} />
            <YAxis
              width={axisWidth(Math.max(0, ...chart.data.map((entry) => entry.total)), number)}
              tickFormatter={(value: number) => number(value)}
            />
            <Tooltip
              labelFormatter={(label) => monthLabel(String(label))}
              formatter={(value, name) => [money(Number(value)), name]}
              // the types in their order, as stacked and in the legend
              itemSorter={(item) => order.indexOf(String(item.dataKey))}
            />
            <Legend itemSorter={null} />
            {series.map((serie) => (
              <Bar
                key={serie.key}
                dataKey={serie.key}
                name={t(`reports.cost.${serie.key}`, { defaultValue: serie.label })}
                stackId="costs"
                fill={costColour(serie.key)}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
    </Paper>
  );
}
