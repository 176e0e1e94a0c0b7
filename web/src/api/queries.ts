import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { getJson } from './client';
import type {
  AppEvent,
  ClientDetails,
  Device,
  Driver,
  Geofence,
  Group,
  Position,
  ServerInfo,
  Tag,
  User,
} from './types';

/** Query keys of the reference data; the live socket writes into the same keys. */
export const queryKeys = {
  server: ['server'],
  clientDetails: ['clientDetails'],
  meta: ['meta'],
  devices: ['devices'],
  groups: ['groups'],
  drivers: ['drivers'],
  geofences: ['geofences'],
  tags: ['tags'],
  positions: ['positions'],
  events: ['events'],
  users: ['users'],
  /** the alert central's pages: refetched when the socket brings events or event statuses */
  alertEvents: ['alertEvents'],
} as const;

const lastDay = (): string => {
  const to = new Date();
  const from = new Date(to.getTime() - 24 * 3600 * 1000);
  return `from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
};

export const useServerInfo = (): UseQueryResult<ServerInfo> =>
  useQuery({
    queryKey: queryKeys.server,
    queryFn: () => getJson<ServerInfo>('/api/server'),
    staleTime: Infinity,
  });

export const useClientDetails = (): UseQueryResult<ClientDetails> =>
  useQuery({
    queryKey: queryKeys.clientDetails,
    queryFn: () => getJson<ClientDetails>('/report/api.php/client_details'),
    staleTime: Infinity,
  });

/** Lists loaded after login; `enabled` is false while nobody is logged in. */
/**
 * Devices and positions are replaced by the live flush with lists that already keep every unchanged item
 * (mergeBy): the deep comparison of structural sharing would only walk thousands of items for nothing.
 */
const LIVE_LIST = { structuralSharing: false } as const;

export const useDevices = (enabled = true): UseQueryResult<Device[]> =>
  useQuery({
    queryKey: queryKeys.devices,
    queryFn: () => getJson<Device[]>('/api/devices'),
    enabled,
    ...LIVE_LIST,
  });

export const useGroups = (enabled = true): UseQueryResult<Group[]> =>
  useQuery({ queryKey: queryKeys.groups, queryFn: () => getJson<Group[]>('/api/groups'), enabled });

export const useDrivers = (enabled = true): UseQueryResult<Driver[]> =>
  useQuery({ queryKey: queryKeys.drivers, queryFn: () => getJson<Driver[]>('/api/drivers'), enabled });

export const useGeofences = (enabled = true): UseQueryResult<Geofence[]> =>
  useQuery({ queryKey: queryKeys.geofences, queryFn: () => getJson<Geofence[]>('/api/geofences'), enabled });

export const useTags = (enabled = true): UseQueryResult<Tag[]> =>
  useQuery({ queryKey: queryKeys.tags, queryFn: () => getJson<Tag[]>('/report/api.php/tags'), enabled });

export const usePositions = (enabled = true): UseQueryResult<Position[]> =>
  useQuery({
    queryKey: queryKeys.positions,
    queryFn: () => getJson<Position[]>('/api/positions'),
    enabled,
    ...LIVE_LIST,
  });

export const useEvents = (enabled = true): UseQueryResult<AppEvent[]> =>
  useQuery({
    queryKey: queryKeys.events,
    queryFn: () => getJson<AppEvent[]>(`/api/events?${lastDay()}`),
    enabled,
  });

export const useUsers = (enabled = true): UseQueryResult<User[]> =>
  useQuery({ queryKey: queryKeys.users, queryFn: () => getJson<User[]>('/api/users'), enabled });

export const useUser = (id: number | undefined): UseQueryResult<User> =>
  useQuery({
    queryKey: [...queryKeys.users, id],
    queryFn: () => getJson<User>(`/api/users/${id}`),
    enabled: id !== undefined,
  });
