import { Box, Paper, Stack, Typography } from '@mui/material';
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';

const COLOURS = ['#0d47a1', '#ef6c00', '#9e9e9e', '#2e7d32', '#c62828', '#6a1b9a'];

interface Props {
  title: string;
  slices: Array<{ label: string; value: number; percent: number }>;
  /** A percentage with one decimal in the interface language. */
  percent: (value: number) => string;
}

/** The pie chart of a result (e.g. driving, idle and stopped shares), percentages with one decimal. */
export function PieResult({ title, slices, percent }: Props) {
  const data = slices.map((slice) => ({ ...slice, name: `${slice.label}: ${percent(slice.percent)}` }));
  return (
    <Paper sx={{ p: { xs: 1, sm: 2 }, mb: 2 }} data-testid="report-pie">
      <Typography variant="subtitle1" component="h3">
        <bdi>{title}</bdi>
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
        <Box dir="ltr" sx={{ width: 320, maxWidth: '100%', height: 240 }}>
          <ResponsiveContainer>
            <PieChart>
              <Pie
                data={data}
                dataKey="value"
                nameKey="name"
                outerRadius={90}
                isAnimationActive={false}
                label={({ payload }) => percent((payload as { percent: number }).percent)}
              >
                {data.map((slice, i) => (
                  <Cell key={slice.label} fill={COLOURS[i % COLOURS.length]} />
                ))}
              </Pie>
              <Tooltip formatter={(_, name) => [String(name), '']} />
            </PieChart>
          </ResponsiveContainer>
        </Box>
        <Stack spacing={0.5} data-testid="report-pie-legend">
          {data.map((slice, i) => (
            <Stack key={slice.label} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Box sx={{ width: 14, height: 14, borderRadius: 0.5, bgcolor: COLOURS[i % COLOURS.length] }} />
              <Typography variant="body2">
                <bdi>{slice.name}</bdi>
              </Typography>
            </Stack>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
