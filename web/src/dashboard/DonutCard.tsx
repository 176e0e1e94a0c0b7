import { lazy, Suspense } from 'react';
import { Box, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import type { ColouredSlice } from './statistics';

// The chart library loads with the first donut that has something to draw; title, total and legend do not wait.
const DonutChart = lazy(() => import('./DonutChart').then((m) => ({ default: m.DonutChart })));

export type { ColouredSlice } from './statistics';

interface Props {
  title: string;
  testId: string;
  slices: ColouredSlice[];
  /** Shown instead of the ring when every count is zero. */
  emptyText: string;
  loading: boolean;
}

const RING = 200;

/** One donut of the dashboard: title, ring with the total in its middle, and a legend with each count. */
export function DonutCard({ title, testId, slices, emptyText, loading }: Props) {
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  const empty = !loading && total === 0;
  return (
    <Paper
      data-testid={testId}
      data-total={loading ? undefined : total}
      aria-busy={loading}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', alignItems: 'center', minWidth: 0 }}
    >
      <Typography variant="subtitle1" component="h2" sx={{ alignSelf: 'stretch', fontWeight: 600 }}>
        {title}
      </Typography>
      <Box
        sx={{
          position: 'relative',
          width: RING,
          maxWidth: '100%',
          height: RING,
          my: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        {loading && <CircularProgress data-testid="dashboard-loading" aria-label={title} />}
        {empty && (
          <Box
            data-testid="dashboard-empty"
            sx={{
              width: '100%',
              height: '100%',
              borderRadius: '50%',
              border: 24,
              borderColor: 'action.hover',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              textAlign: 'center',
              p: 1,
            }}
          >
            <Typography variant="body2" color="text.secondary">
              {emptyText}
            </Typography>
          </Box>
        )}
        {!loading && !empty && (
          <>
            <Box dir="ltr" sx={{ position: 'absolute', inset: 0 }}>
              <Suspense fallback={null}>
                <DonutChart slices={slices} />
              </Suspense>
            </Box>
            <Typography
              variant="h4"
              component="span"
              data-testid="dashboard-total"
              sx={{ fontWeight: 600, pointerEvents: 'none' }}
            >
              {total}
            </Typography>
          </>
        )}
      </Box>
      {!loading && !empty && (
        <Stack component="ul" spacing={0.5} sx={{ alignSelf: 'stretch', listStyle: 'none', m: 0, p: 0 }}>
          {slices.map((slice) => (
            <Stack
              component="li"
              key={slice.key}
              direction="row"
              spacing={1}
              data-testid="dashboard-legend-item"
              data-key={slice.key}
              data-value={slice.value}
              sx={{ alignItems: 'center' }}
            >
              <Box sx={{ width: 14, height: 14, flexShrink: 0, borderRadius: 0.5, bgcolor: slice.colour }} />
              <Typography variant="body2" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                <bdi>{slice.label}</bdi>
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {slice.value}
              </Typography>
            </Stack>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
