/** The maintenance notification calls (document 3 §7: `/report/api.php/maintenance_notification`). */
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { MaintenanceNotification, MaintenanceNotificationValues } from '@frota/core';
import { getJson, sendJson } from '../../api/client';

const PATH = '/report/api.php/maintenance_notification';

export const NOTIFICATIONS_KEY = ['management', 'maintenance_notification'] as const;

/** The list answers either an array or `{ data: [...] }`, as the other management lists. */
const rowsOf = <T>(answer: T[] | { data: T[] } | null | undefined): T[] =>
  Array.isArray(answer) ? answer : (answer?.data ?? []);

/** The user's notifications. */
export const useMaintenanceNotifications = (): UseQueryResult<MaintenanceNotification[]> =>
  useQuery({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: async () =>
      rowsOf(await getJson<MaintenanceNotification[] | { data: MaintenanceNotification[] }>(PATH)),
  });

export type NotificationBody = MaintenanceNotificationValues & { id?: number };

/** Creates (POST, no id) or updates (PUT `/{id}`) a notification. */
export const saveMaintenanceNotification = (body: NotificationBody): Promise<unknown> =>
  body.id ? sendJson('PUT', `${PATH}/${body.id}`, body) : sendJson('POST', PATH, body);

export const removeMaintenanceNotification = (id: number): Promise<unknown> =>
  sendJson('DELETE', `${PATH}/${id}`);
