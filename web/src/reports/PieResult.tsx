import { Box, Paper, Stack, Typography } from '@mui/material';
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';

const COLOURS = ['#0d47a1', '#ef6c00', '#9e9e9e', '#2e7d32', '#c62828', '#6a1b9a'];

/** Slices this small get no label on the pie (their share is in the legend). */
const LABEL_MIN_PERCENT = 3;
const labelled = (payload: { percent: number }) => payload.percent >= LABEL_MIN_PERCENT;

interface LineProps {
  points: Array<{ x: number; y: number }>;
  stroke?: string;
  payload: { percent: number };
}

interface Props {
  title: string;
  slices: Array<{ label: string; value: number; percent: number }>;
  /** A percentage with one decimal in the interface language. */
  percent: (value: number) => string;
  /** A slice's colour by its label (cost types); the default palette otherwise. */
  colourOf?: (label: string) => string | undefined;
}

/** The pie chart of a result (e.g. driving, idle and stopped shares), percentages with one decimal. */
export function PieResult({ title, slices, percent, colourOf }: Props) {
  const data = slices.map((slice, i) => ({
    ...slice,
    name: `${slice.label}: ${percent(slice.percent)}`,
    colour: colourOf?.(slice.label) ?? COLOURS[i % COLOURS.length],
  }));
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
                // slices under 3 % would write their labels over each other: the legend has them
                label={({ payload }) => (labelled(payload) ? percent(payload.percent) : null)}
                labelLine={(props: LineProps) => (
                  <path
                    d={`M${props.points[0].x},${props.points[0].y}L${props.points[1].x},${props.points[1].y}`}
                    stroke={props.stroke}
                    fill="none"
                    visibility={labelled(props.payload) ? 'visible' : 'hidden'}
                  />
                )}
              >
                {data.map((slice) => (
                  <Cell key={slice.label} fill={slice.colour} />
                ))}
              </Pie>
              <Tooltip formatter={(_, name) => [String(name), '']} />
            </PieChart>
          </ResponsiveContainer>
        </Box>
        <Stack spacing={0.5} data-testid="report-pie-legend">
          {data.map((slice) => (
            <Stack key={slice.label} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Box sx={{ width: 14, height: 14, borderRadius: 0.5, bgcolor: slice.colour }} />
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
