/** The replay's calls (issue 16 contract 1 and 2). */
import { getJson, request } from '../api/client';
import type { Period } from '../reports/period';
import type { ColumnAnswer } from './types';

export const ROUTE_CHART_PATH = '/report/report_routechartdata.php';

export async function fetchReplay(
  deviceId: number,
  period: Period,
  signal?: AbortSignal,
): Promise<ColumnAnswer> {
  const response = await request(ROUTE_CHART_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({
      devices: [deviceId],
      from: period.from,
      to: period.to,
      mode: '',
      format: 'columns',
    }),
    signal,
  });
  const received = performance.now();
  const answer = (await response.json()) as ColumnAnswer;
  performance.measure('frota:replay-json', { start: received });
  return answer;
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
