/** The vehicle and driver lists of the filters (reports, alert and refill centres): disabled vehicles included. */
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { getJson } from './client';
import type { Device, Driver } from './types';

export const filterListKeys = {
  devices: ['reports', 'devices'],
  drivers: ['reports', 'drivers'],
} as const;

export const useReportDevices = (): UseQueryResult<Device[]> =>
  useQuery({
    queryKey: filterListKeys.devices,
    queryFn: () => getJson<Device[]>('/report/api.php/devices?disabled=true'),
  });

export const useReportDrivers = (enabled = true): UseQueryResult<Driver[]> =>
  useQuery({
    queryKey: filterListKeys.drivers,
    queryFn: () => getJson<Driver[]>('/report/api.php/drivers'),
    enabled,
  });
