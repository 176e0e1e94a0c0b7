/**
 * The chart's series, asked once the chart first opens for the replayed period (the route answer leaves
 * them out: a week's attributes would double what the map waits for). The chart shows the speed from the
 * route meanwhile, and the other chips once the series are in.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Period } from '../common/period/period';
import { isAbort } from '../api/files';
import { fetchSeries } from './replayApi';
import { withSeries } from './replayData';
import type { ReplayData, SeriesAnswer } from './types';

export interface ReplayQuery {
  deviceId: number;
  period: Period;
}

export function useChartSeries(
  data: ReplayData | null,
  query: ReplayQuery | null,
  open: boolean,
): { chartData: ReplayData | null; loadingSeries: boolean } {
  const [answer, setAnswer] = useState<{ for: ReplayData; series: SeriesAnswer } | null>(null);
  const needed = open && !!data && !!query && !data.seriesLoaded && answer?.for !== data;

  useEffect(() => {
    if (!needed || !data || !query) return;
    const controller = new AbortController();
    fetchSeries(query.deviceId, query.period, controller.signal)
      .then((series) => setAnswer({ for: data, series }))
      .catch((error: unknown) => {
        // without the series the chart keeps the speed; a new query asks again
        if (!isAbort(error)) setAnswer({ for: data, series: { id: [], series: {} } });
      });
    return () => controller.abort();
  }, [needed, data, query]);

  const chartData = useMemo(() => {
    if (!data) return null;
    return answer?.for === data ? withSeries(data, answer.series) : data;
  }, [data, answer]);
  // still needed means asked and not yet in
  return { chartData, loadingSeries: needed };
}
