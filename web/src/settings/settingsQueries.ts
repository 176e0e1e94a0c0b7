/** Lists only the settings screens read. */
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { getJson } from '../api/client';
import type { Device, Group, User } from '../api/types';
import type { AlertNotification } from './notificationTypes';

export interface GroupElements extends Group {
  devices: number[];
  users: number[];
  geofences: number[];
  drivers: number[];
}

export interface TemporaryLink extends User {
  deviceIds?: number[];
  geofenceIds?: number[];
}

/** Every group with the ids of its vehicles, users, zones and drivers. */
export const useGroupElements = (): UseQueryResult<GroupElements[]> =>
  useQuery({
    queryKey: ['groupElements'],
    queryFn: () => getJson<GroupElements[]>('/report/api.php/group_elements'),
  });

export const useNotifications = (): UseQueryResult<AlertNotification[]> =>
  useQuery({
    queryKey: ['notifications'],
    queryFn: () => getJson<AlertNotification[]>('/api/notifications'),
  });

/** Vehicles including inactive ones (document 1 §7). */
export const useAllVehicles = (): UseQueryResult<Device[]> =>
  useQuery({
    queryKey: ['devices', 'all'],
    queryFn: () => getJson<Device[]>('/report/api.php/devices?disabled=true'),
  });

export const useTemporaryLinks = (): UseQueryResult<TemporaryLink[]> =>
  useQuery({
    queryKey: ['temporaryLinks'],
    queryFn: () => getJson<TemporaryLink[]>('/api/settings/temporary_links'),
  });
