/** The camera area's calls (document 3 §7) and their cache keys. */
import { getJson, sendJson } from '../api/client';
import { queryKeys } from '../api/queries';
import type { CameraCommand, CameraMedia, CameraVehicle } from './cameraTypes';

const API = '/report/api.php';

export const cameraKeys = {
  all: queryKeys.cameraMedia,
  vehicles: ['cameras', 'vehicles'] as const,
  latest: (deviceId: number) => ['cameras', 'latest', deviceId] as const,
  range: (deviceId: number, from: string, to: string) => ['cameras', 'range', deviceId, from, to] as const,
};

/** Lists arrive as an array (or, tolerated, under `data`). */
const listOf = <T>(body: T[] | { data?: T[] } | null | undefined): T[] =>
  Array.isArray(body) ? body : (body?.data ?? []);

/** `GET cameras`: the vehicles with a camera the user sees, with their latest road and driver media. */
export const fetchCameraVehicles = async (): Promise<CameraVehicle[]> =>
  listOf(await getJson<CameraVehicle[] | { data?: CameraVehicle[] }>(`${API}/cameras`));

/** `GET cameras/{deviceId}`: the vehicle's row; its first item carries media_front and media_rear. */
export const fetchCameraLatest = async (deviceId: number): Promise<CameraVehicle[]> =>
  listOf(await getJson<CameraVehicle[] | { data?: CameraVehicle[] }>(`${API}/cameras/${deviceId}`));

/** `GET camera/{deviceId}/{from}/{to}`: the vehicle's media of those days (YYYY-MM-DD, both included). */
export const fetchCameraMedia = async (deviceId: number, from: string, to: string): Promise<CameraMedia[]> =>
  listOf(await getJson<CameraMedia[] | { data?: CameraMedia[] }>(`${API}/camera/${deviceId}/${from}/${to}`));

/** `POST camera`: asks the tracker for a photo or a video. */
export const sendCameraCommand = (command: CameraCommand): Promise<unknown> =>
  sendJson('POST', `${API}/camera`, command);

/** `DELETE media` with the item's id. */
export const deleteCameraMedia = (id: number): Promise<unknown> => sendJson('DELETE', `${API}/media/${id}`);
