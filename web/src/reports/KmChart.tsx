import { Paper, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ChartData } from './resultModel';
import { axisWidth } from './axisWidth';

interface Props {
  chart: ChartData;
  number: (value: number) => string;
}

/** `YYYY-MM-DD` as `DD/MM`. */
const dayLabel = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/** Km per day of one vehicle as bars, with its total and average km per day. */
export function KmChart({ chart, number }: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const plate =
    chart.license_plate && !chart.name.includes(chart.license_plate) ? ` (${chart.license_plate})` : '';
  return (
    <Paper sx={{ p: { xs: 1, sm: 2 }, mb: 2 }} data-testid="report-chart">
      <Typography variant="h6" component="h2">
        <bdi>
          {chart.name}
          {plate}
        </bdi>
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="report-chart-totals">
        {t('reports.totalKm', { km: number(chart.total_km) })} ·{' '}
        {t('reports.averageKm', { km: number(chart.average_km) })}
      </Typography>
      <div dir="ltr" style={{ width: '100%', height: 280 }}>
        <ResponsiveContainer>
          <BarChart data={chart.data} margin={{ top: 16, right: 16, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="date" tickFormatter={dayLabel} minTickGap={8} />
            <YAxis
              width={axisWidth(Math.max(0, ...chart.data.map((day) => day.km)), number, 48)}
              tickFormatter={(value: number) => number(value)}
            />
            <Tooltip
              labelFormatter={(label) => dayLabel(String(label))}
              formatter={(value) => [`${number(Number(value))} km`, t('reports.distance')]}
            />
            <ReferenceLine y={chart.average_km} stroke={theme.palette.secondary.main} strokeDasharray="6 3" />
            <Bar dataKey="km" fill={theme.palette.primary.main} isAnimationActive={false}>
              <LabelList
                dataKey="km"
                position="top"
                fontSize={12}
                formatter={(value: unknown) => (Number(value) > 0 ? number(Number(value)) : '')}
              />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
    </Paper>
  );
}
