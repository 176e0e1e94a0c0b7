/** The management calls of document 3 §7 and the shapes they answer (see /report/api.php in OpenAPI). */
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ExpiryState, SummaryState } from '@frota/core';
import { getJson, sendJson } from '../api/client';

const API = '/report/api.php';

export interface SummaryRow {
  id: number;
  name: string;
  license_plate: string | null;
  group: string | null;
  total_distance: number | null;
  total_hours: number | null;
  maintenance_type: string | null;
  maintenance_km_next: number | null;
  maintenance_km_left: number | null;
  maintenance_hours_next: number | null;
  maintenance_hours_left: number | null;
  maintenance_km_days_in_maintenance: number | null;
  maintenance_days_in_maintenance: number | null;
  cost_next: string | null;
  cost_days_left: number | null;
  document_next: string | null;
  document_days_left: number | null;
  groupId?: number | null;
  maintenance_in_progress?: number;
  cost_next_type?: string | null;
  cost_next_description?: string | null;
  document_next_type?: string | null;
  document_next_description?: string | null;
  /** The row's colour state, as the summary-row's data-state. */
  state?: SummaryState;
}

export interface MaintenanceEntry {
  id: number;
  date_start: string;
  date_end: string | null;
  complete: number;
  description: string;
  km: number | null;
  periodicity_km: number | null;
  hours: number | null;
  periodicity_hours: number | null;
  location: string | null;
  cost: number | null;
  invoice: string | null;
  days_in_maintenance?: number | null;
}

export interface Cost {
  id: number;
  cost_date: string;
  cost_type: string;
  entity: string | null;
  designation: string;
  invoice: string | null;
  cost: number;
  warning: number;
  expiry_date: string | null;
  expiry_days?: number | null;
  expiry_state?: ExpiryState | null;
}

export interface DocumentFile {
  name: string;
  size?: number;
  type?: string;
  /** The file as a data URL (new documents only). */
  content: string;
}

export interface ManagementDocument {
  id: number;
  creationdate: string;
  date_start: string;
  document_type: string;
  designation: string;
  file_type: string | null;
  expiry_date: string | null;
  warning: number;
  license_plate?: string | null;
  file_name?: string | null;
  file_size?: number | null;
  expiry_days?: number | null;
  expiry_state?: ExpiryState | null;
}

/** Lists answer either an array or `{ data: [...] }`. */
const rowsOf = <T>(answer: T[] | { data: T[] } | null | undefined): T[] =>
  Array.isArray(answer) ? answer : (answer?.data ?? []);

export type ManagementKind = 'maintenance' | 'cost' | 'document';

export const managementKey = (kind: ManagementKind | 'summary', deviceId?: number) =>
  deviceId === undefined ? ['management', kind] : ['management', kind, deviceId];

export const useSummary = (): UseQueryResult<SummaryRow[]> =>
  useQuery({
    queryKey: managementKey('summary'),
    queryFn: async () =>
      rowsOf(await getJson<SummaryRow[] | { data: SummaryRow[] }>(`${API}/maintenance_summary`)),
  });

function useVehicleList<T>(kind: ManagementKind, deviceId: number | null): UseQueryResult<T[]> {
  return useQuery({
    queryKey: managementKey(kind, deviceId ?? 0),
    queryFn: async () => rowsOf(await getJson<T[] | { data: T[] }>(`${API}/${kind}/${deviceId}`)),
    enabled: deviceId !== null,
  });
}

export const useMaintenances = (deviceId: number | null) =>
  useVehicleList<MaintenanceEntry>('maintenance', deviceId);
export const useCosts = (deviceId: number | null) => useVehicleList<Cost>('cost', deviceId);
export const useDocuments = (deviceId: number | null) =>
  useVehicleList<ManagementDocument>('document', deviceId);

/** Creates (no id) or updates an item of a vehicle: POST `{kind}/{deviceId}`, PUT `{kind}/{deviceId}/{id}`. */
export function saveVehicleItem<T extends { id?: number }>(
  kind: ManagementKind,
  deviceId: number,
  body: T,
): Promise<T | undefined> {
  return body.id
    ? sendJson<T>('PUT', `${API}/${kind}/${deviceId}/${body.id}`, body)
    : sendJson<T>('POST', `${API}/${kind}/${deviceId}`, body);
}

export const removeVehicleItem = (kind: ManagementKind, deviceId: number, id: number): Promise<unknown> =>
  sendJson('DELETE', `${API}/${kind}/${deviceId}/${id}`);

/** The stored file of a document: shown inline, or downloaded under the vehicle's plate. */
export const fileUrl = (documentId: number): string => `${API}/file/${documentId}`;
export const fileDownloadUrl = (documentId: number, licensePlate: string): string =>
  `${API}/file/${documentId}/${encodeURIComponent(licensePlate || 'documento')}`;
