import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { getJson } from './client';
import { takeEarly } from './earlyData';
import { REFERENCE_PATHS, type ReferenceKey } from './referencePaths';
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
  /** every refill list (web/src/refills keys all start with it): refetched when the socket says so */
  refills: ['refills'],
  /** the tachograph drivers grid: refetched at the flush after the socket says a driver changed */
  tachoDrivers: ['tachoDrivers'],
  /** every camera list and the camera dialog (web/src/cameras keys all start with it) */
  cameraMedia: ['cameras'],
} as const;

/** A reference list's query function: the early answer when one is waiting, else a fetch. */
const reference =
  <T>(key: ReferenceKey) =>
  (): Promise<T> =>
    takeEarly(key, () => getJson<T>(REFERENCE_PATHS[key]()));

export const useServerInfo = (): UseQueryResult<ServerInfo> =>
  useQuery({
    queryKey: queryKeys.server,
    queryFn: reference<ServerInfo>('server'),
    staleTime: Infinity,
  });

export const useClientDetails = (): UseQueryResult<ClientDetails> =>
  useQuery({
    queryKey: queryKeys.clientDetails,
    queryFn: reference<ClientDetails>('clientDetails'),
    staleTime: Infinity,
  });

/** Lists loaded after login; `enabled` is false while nobody is logged in. */
/**
 * Devices and positions are replaced by the live flush with lists that already keep every unchanged item
 * (mergeBy): the deep comparison of structural sharing would only walk thousands of items for nothing.
 */
/**
 * Reference lists stay fresh for a while: a screen that mounts right after another one fetched them (the
 * map after the shell, at login) reads the cache instead of fetching them a second time. Saves invalidate
 * them, and the live socket writes devices, positions and events as they change.
 */
const FRESH = { staleTime: 30_000 } as const;

const LIVE_LIST = { structuralSharing: false, ...FRESH } as const;

export const useDevices = (enabled = true): UseQueryResult<Device[]> =>
  useQuery({
    queryKey: queryKeys.devices,
    queryFn: reference<Device[]>('devices'),
    enabled,
    ...LIVE_LIST,
  });

export const useGroups = (enabled = true): UseQueryResult<Group[]> =>
  useQuery({
    queryKey: queryKeys.groups,
    queryFn: reference<Group[]>('groups'),
    enabled,
    ...FRESH,
  });

export const useDrivers = (enabled = true): UseQueryResult<Driver[]> =>
  useQuery({
    queryKey: queryKeys.drivers,
    queryFn: reference<Driver[]>('drivers'),
    enabled,
    ...FRESH,
  });

export const useGeofences = (enabled = true): UseQueryResult<Geofence[]> =>
  useQuery({
    queryKey: queryKeys.geofences,
    queryFn: reference<Geofence[]>('geofences'),
    enabled,
    ...FRESH,
  });

export const useTags = (enabled = true): UseQueryResult<Tag[]> =>
  useQuery({
    queryKey: queryKeys.tags,
    queryFn: reference<Tag[]>('tags'),
    enabled,
    ...FRESH,
  });

export const usePositions = (enabled = true): UseQueryResult<Position[]> =>
  useQuery({
    queryKey: queryKeys.positions,
    queryFn: reference<Position[]>('positions'),
    enabled,
    ...LIVE_LIST,
  });

export const useEvents = (enabled = true): UseQueryResult<AppEvent[]> =>
  useQuery({
    queryKey: queryKeys.events,
    queryFn: reference<AppEvent[]>('events'),
    enabled,
    ...FRESH,
  });

export const useUsers = (enabled = true): UseQueryResult<User[]> =>
  useQuery({ queryKey: queryKeys.users, queryFn: () => getJson<User[]>('/api/users'), enabled });

export const useUser = (id: number | undefined): UseQueryResult<User> =>
  useQuery({
    queryKey: [...queryKeys.users, id],
    queryFn: () => getJson<User>(`/api/users/${id}`),
    enabled: id !== undefined,
  });
