/**
 * The chart's series are asked once per query: the route's markers arriving after it (a new ReplayData
 * over the same route) do not ask again. The network is a stubbed fetch recording what is asked.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { fromStreamRoute, withMarks } from './replayData';
import type { ReplayData } from './types';
import { useChartSeries, type ReplayQuery } from './useChartSeries';

const EVENTS = ['start', 'stop', 'idle', 'fuel', 'speeding', 'pto'];
const route = fromStreamRoute(
  {
    length: 2,
    id: Float64Array.of(11, 12),
    time: Float64Array.of(0, 1000),
    latitude: Float64Array.of(-8.8, -8.81),
    longitude: Float64Array.of(13.2, 13.21),
    speed: Float32Array.of(0, 20),
    course: Float32Array.of(0, 90),
    privacy: Uint8Array.of(0, 0),
  },
  { length: 2, events: EVENTS, device: null },
);
const marked = withMarks(
  route,
  { trips: [], speedLimit: new Float32Array(2), distance: new Float32Array(2), event: new Uint8Array(2) },
  EVENTS,
);
const query: ReplayQuery = {
  deviceId: 7,
  period: { from: '2025-03-10 00:00:00', to: '2025-03-10 23:59:59' },
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the chart series', () => {
  it('are asked once per query, the markers coming after the route included', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (_input: RequestInfo | URL, init?: RequestInit) => {
      asked.push((JSON.parse(String(init?.body)) as { format: string }).format);
      return new Response(JSON.stringify({ id: [11, 12], series: { rpm: [800, 1500] } }), {
        headers: { 'Content-Type': 'application/json' },
      });
    });
    const { result, rerender } = renderHook(
      ({ data, open }: { data: ReplayData; open: boolean }) => useChartSeries(data, query, open),
      { initialProps: { data: route, open: false } },
    );
    expect(asked).toEqual([]);
    rerender({ data: route, open: true });
    await waitFor(() => expect(result.current.loadingSeries).toBe(false));
    expect(result.current.chartData?.seriesNames).toEqual(['rpm']);

    rerender({ data: marked, open: true });
    expect(result.current.loadingSeries).toBe(false);
    expect(result.current.chartData?.marksLoaded).toBe(true);
    expect([...result.current.chartData!.series.rpm]).toEqual([800, 1500]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toEqual(['series']);
  });
});
