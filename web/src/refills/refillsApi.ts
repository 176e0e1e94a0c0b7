/** The refill area's calls (document 3 §7) and their cache keys. */
import { getJson, request, sendJson } from '../api/client';
import { queryKeys } from '../api/queries';
import type { ListPage, ListQuery } from '../common/useServerList';
import type { DayRange } from './refillPeriod';
import { refillsPath, type RefillFilters } from './refillsQuery';
import type {
  Refill,
  RefillApp,
  RefillCentrePage,
  RefillDevice,
  RefillOperator,
  RefillProfile,
  RefillStation,
} from './refillTypes';

const API = '/report/api.php';

/** Refill lists sit under the key the live socket invalidates when a refill changes (app/useLiveUpdates). */
export const refillKeys = {
  all: queryKeys.refills,
  centre: [...queryKeys.refills, 'centre'] as const,
  vehicle: (deviceId: number) => [...queryKeys.refills, 'vehicle', deviceId] as const,
  item: (deviceId: number, id: number) => [...queryKeys.refills, 'item', deviceId, id] as const,
  operators: ['refillOperators'] as const,
  stations: ['refillStations'] as const,
  devices: ['refillDevices'] as const,
  appVersion: ['refillAppVersion'] as const,
};

export const fetchCentrePage = (
  range: DayRange,
  filters: RefillFilters,
  query: ListQuery,
): Promise<RefillCentrePage> => getJson(refillsPath(range, filters, query));

/** A centre page as the generic server list wants it (the totals ride along). */
export type CentreListPage = ListPage<Refill> & Pick<RefillCentrePage, 'totals'>;

export const fetchVehicleRefills = (deviceId: number): Promise<Refill[]> =>
  getJson(`${API}/refill/${deviceId}`);

export const fetchRefill = (deviceId: number, id: number): Promise<Refill> =>
  getJson(`${API}/refill/${deviceId}/${id}`);

/** The body of the refill form (field names of document 3 §2). */
export interface RefillBody {
  cost_date: string;
  cost: number;
  invoice: string;
  driverid?: number;
  fuel_type: string;
  litres: number;
  km?: number;
  hours?: number;
  details: string;
  stationid?: number;
}

export const saveRefill = (deviceId: number, id: number | undefined, body: RefillBody): Promise<Refill> =>
  id ? sendJson('PUT', `${API}/refill/${id}`, body) : sendJson('POST', `${API}/refill/${deviceId}`, body);

export const removeRefill = (deviceId: number, id: number): Promise<unknown> =>
  sendJson('DELETE', `${API}/refill/${deviceId}/${id}`);

export const shareRefill = (id: number, emailTo: string, emailCc: string): Promise<unknown> =>
  sendJson('POST', `${API}/share_refill/${id}`, { emailTo, emailCc });

export const fetchOperators = (): Promise<RefillOperator[]> => getJson(`${API}/refill_operators`);
export const fetchOperator = (id: number): Promise<RefillOperator> =>
  getJson(`${API}/refill_operators/${id}`);
export const fetchStations = (): Promise<RefillStation[]> => getJson(`${API}/refill_stations`);
export const fetchStation = (id: number): Promise<RefillStation> => getJson(`${API}/refill_stations/${id}`);
export const fetchRefillDevices = (): Promise<RefillDevice[]> => getJson(`${API}/refill_devices`);
/** A vehicle's consumption profile and thresholds (managers); flags it for refills when it is not yet. */
export const saveRefillProfile = (deviceId: number, profile: RefillProfile): Promise<RefillDevice> =>
  sendJson('PUT', `${API}/refill_devices/${deviceId}`, profile);
export const fetchAppVersion = (): Promise<RefillApp> => getJson(`${API}/refill_app_version`);
/** The app's version and link, for every client (administrators). */
export const saveAppVersion = (app: RefillApp): Promise<RefillApp> =>
  sendJson('PUT', `${API}/refill_app_version`, app);

/** PUT `{collection}/{id}` for an existing item, POST `{collection}` for a new one. */
export const saveSettingsItem = <T extends { id?: number }>(collection: string, body: T): Promise<T> =>
  body.id
    ? sendJson('PUT', `${API}/${collection}/${body.id}`, body)
    : sendJson('POST', `${API}/${collection}`, body);

export const removeSettingsItem = (collection: string, id: number): Promise<unknown> =>
  sendJson('DELETE', `${API}/${collection}/${id}`);

/** Stations (S) or vehicles (V) as a PDF of labels, one per item (`POST /report/barcode_pdf.php`). */
export async function fetchBarcodePdf(ids: number[], itemsType: 'S' | 'V'): Promise<Blob> {
  const response = await request('/report/barcode_pdf.php', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/pdf' },
    body: JSON.stringify({ devices: ids, itemsType }),
  });
  return response.blob();
}

/** The address of a code's image (`GET /report/barcode.php`), a QR of `text`, `size` pixels square. */
export const barcodeImagePath = (text: string, size?: number): string =>
  `/report/barcode.php?${new URLSearchParams({
    text,
    type: 'device',
    ...(size ? { size: String(size) } : {}),
  }).toString()}`;
