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
  // asked once per query: the route's markers coming after it do not ask again
  const [answer, setAnswer] = useState<{ for: ReplayQuery; series: SeriesAnswer } | null>(null);
  const needed = open && !!data && !!query && !data.seriesLoaded && answer?.for !== query;

  useEffect(() => {
    if (!needed || !query) return;
    const controller = new AbortController();
    fetchSeries(query.deviceId, query.period, controller.signal)
      .then((series) => setAnswer({ for: query, series }))
      .catch((error: unknown) => {
        // without the series the chart keeps the speed; a new query asks again
        if (!isAbort(error)) setAnswer({ for: query, series: { id: [], series: {} } });
      });
    return () => controller.abort();
  }, [needed, query]);

  const chartData = useMemo(() => {
    if (!data) return null;
    return answer?.for === query ? withSeries(data, answer.series) : data;
  }, [data, answer, query]);
  // still needed means asked and not yet in
  return { chartData, loadingSeries: needed };
}
