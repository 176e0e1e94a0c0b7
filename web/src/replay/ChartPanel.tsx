import { lazy, Suspense, useMemo, useState } from 'react';
import { Box, Chip, CircularProgress, LinearProgress, Paper, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { chartModel, toggleSeries } from './chartSeries';
import { seriesColours, seriesLabel } from './seriesLabels';
import type { Bounds, ReplayData } from './types';

const ReplayChart = lazy(() => import('./ReplayChart').then((m) => ({ default: m.ReplayChart })));

interface Props {
  data: ReplayData;
  bounds: Bounds;
  series: string[];
  timezone: string;
  /** the attribute series are on their way (the speed is shown meanwhile) */
  loadingSeries?: boolean;
}

/** The optional chart under the map: series chips (one always stays on) over the lazily loaded chart. */
export function ChartPanel({ data, bounds, series, timezone, loadingSeries = false }: Props) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<string[]>(['speed']);
  const shown = useMemo(() => {
    const offered = selected.filter((name) => series.includes(name));
    return offered.length ? offered : [series[0]];
  }, [selected, series]);
  const model = useMemo(() => chartModel(data, bounds, shown), [data, bounds, shown]);
  const labels = useMemo(
    () => Object.fromEntries(series.map((name) => [name, seriesLabel(t, name)])),
    [series, t],
  );
  const colours = useMemo(() => seriesColours(series, shown), [series, shown]);
  return (
    <Paper
      elevation={4}
      data-testid="replay-chart"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', p: 1 }}
    >
      {/* on a phone the chips scroll sideways in one row, so they never eat the chart's height */}
      <Stack
        direction="row"
        spacing={0.5}
        useFlexGap
        data-testid="replay-series-chips"
        sx={{
          flexWrap: { xs: 'nowrap', sm: 'wrap' },
          overflowX: { xs: 'auto', sm: 'visible' },
          flexShrink: 0,
          mb: 0.5,
          '& > *': { flexShrink: 0 },
        }}
      >
        {series.map((name) => {
          const on = shown.includes(name);
          return (
            <Chip
              key={name}
              size="small"
              label={labels[name]}
              variant={on ? 'filled' : 'outlined'}
              onClick={() => setSelected(toggleSeries(shown, name))}
              data-testid="replay-series"
              data-series={name}
              data-on={on}
              sx={
                on
                  ? { bgcolor: colours[name], color: '#fff', '&:hover': { bgcolor: colours[name] } }
                  : undefined
              }
            />
          );
        })}
        {loadingSeries && (
          <CircularProgress size={16} sx={{ alignSelf: 'center' }} data-testid="replay-series-loading" />
        )}
      </Stack>
      <Box sx={{ flex: 1, minHeight: 0 }} dir="ltr">
        <Suspense fallback={<LinearProgress />}>
          <ReplayChart
            model={model}
            series={shown}
            labels={labels}
            colours={colours}
            timezone={timezone}
            fuelCapacity={data.device?.fuelCapacity ?? null}
            fuelType={data.device?.fuelType ?? null}
            days={(data.time[bounds.hi] - data.time[bounds.lo]) / 86_400_000}
          />
        </Suspense>
      </Box>
    </Paper>
  );
}
