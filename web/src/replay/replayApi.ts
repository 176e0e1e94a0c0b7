/** The replay's calls (issue 16 contract 1 and 2). */
import { getJson, request } from '../api/client';
import type { Period } from '../common/period/period';
import type { SeriesAnswer } from './types';

export const ROUTE_CHART_PATH = '/report/report_routechartdata.php';

const ask = (deviceId: number, period: Period, format: string, signal?: AbortSignal) =>
  request(ROUTE_CHART_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ devices: [deviceId], from: period.from, to: period.to, mode: '', format }),
    signal,
  });

/** The route of a period in binary columns (format packed): what the map draws and plays. */
export async function fetchReplay(
  deviceId: number,
  period: Period,
  signal?: AbortSignal,
): Promise<ArrayBuffer> {
  const response = await ask(deviceId, period, 'packed', signal);
  const received = performance.now();
  const body = await response.arrayBuffer();
  performance.measure('frota:replay-body', { start: received });
  return body;
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
