/** The replay's calls (issue 16 contract 1 and 2). */
import { getJson, request } from '../api/client';
import type { Period } from '../common/period/period';
import { ReplayStreamReader, type StreamHandlers } from './replayStream';
import type { SeriesAnswer } from './types';

export const ROUTE_CHART_PATH = '/report/report_routechartdata.php';

const ask = (deviceId: number, period: Period, format: string, signal?: AbortSignal) =>
  request(ROUTE_CHART_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ devices: [deviceId], from: period.from, to: period.to, mode: '', format }),
    signal,
  });

/**
 * The period streamed (format stream): `handlers.route` is called as soon as the route is whole, while
 * its markers and trips are still on the way, then `handlers.marks`. Resolves once the answer has ended;
 * a failure the server reports mid-answer rejects as an ApiError with its message.
 */
export async function streamReplay(
  deviceId: number,
  period: Period,
  handlers: StreamHandlers,
  signal?: AbortSignal,
): Promise<void> {
  const response = await ask(deviceId, period, 'stream', signal);
  const received = performance.now();
  const reader = new ReplayStreamReader({
    route: (route, head) => {
      performance.measure('frota:replay-body', { start: received });
      performance.measure('frota:replay-arrays', { start: performance.now(), duration: reader.decodeMs });
      handlers.route(route, head);
    },
    marks: (marks, route, head) => {
      performance.measure('frota:replay-marks-body', { start: received });
      handlers.marks(marks, route, head);
    },
  });
  const body = response.body!.getReader();
  try {
    for (;;) {
      const { done, value } = await body.read();
      if (done) break;
      reader.feed(value);
    }
    reader.end();
  } catch (error) {
    void body.cancel().catch(() => undefined);
    throw error;
  }
}

/** The attribute series of the same period, asked when the chart first opens. */
export async function fetchSeries(
  deviceId: number,
  period: Period,
  signal?: AbortSignal,
): Promise<SeriesAnswer> {
  const response = await ask(deviceId, period, 'series', signal);
  return (await response.json()) as SeriesAnswer;
}

export interface StreetPhoto {
  id: string | number;
  thumb_256_url: string;
  /** metres */
  distance: number;
}

export interface PhotoQuery {
  latitude: number;
  longitude: number;
  course: number;
  userId: number;
  deviceId: number;
  positionId: number;
}

/** Street photos near a position; an empty list when the server has no Mapillary token. */
export function fetchStreetPhotos(q: PhotoQuery): Promise<StreetPhoto[]> {
  const params = new URLSearchParams({
    lat: String(q.latitude),
    lon: String(q.longitude),
    heading: String(Math.round(q.course)),
    userId: String(q.userId),
    deviceId: String(q.deviceId),
    // the parameter's name as the contract spells it
    positinId: String(q.positionId),
  });
  return getJson<StreetPhoto[]>(`/report/mapillary.php?${params.toString()}`).then((list) =>
    Array.isArray(list) ? list : [],
  );
}
