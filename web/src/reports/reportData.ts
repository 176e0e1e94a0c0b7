/** The filter lists of document 2 §7: vehicles (disabled included), drivers, groups and zones. */
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { getJson } from '../api/client';
import { filterListKeys } from '../api/filterLists';
import type { Passenger } from '@frota/core';
import type { Driver } from '../api/types';
import type { FieldKey } from './reportDefs';

/** A report the server can run for the user (GET /report/api.php/reports). */
export interface CatalogueEntry {
  name: string;
  title: string;
  drivers: boolean;
  /** the option fields it reads, in the order the form shows them */
  options: FieldKey[];
  schedulable: boolean;
}

export const reportQueryKeys = {
  devices: filterListKeys.devices,
  drivers: filterListKeys.drivers,
  groupDrivers: (groupId: number) => ['reports', 'drivers', groupId],
  passengers: ['reports', 'passengers'],
  catalogue: ['reports', 'catalogue'],
  schedules: ['reports', 'schedules'],
  schedule: (id: number) => ['reports', 'schedules', id],
} as const;

export const SCHEDULER_PATH = '/report/api.php/report_scheduler';

export { useReportDevices, useReportDrivers } from '../api/filterLists';

/** The passenger picker's list (the passenger reports). */
export const useReportPassengers = (enabled: boolean): UseQueryResult<Passenger[]> =>
  useQuery({
    queryKey: reportQueryKeys.passengers,
    queryFn: () => getJson<Passenger[]>('/api/passengers'),
    enabled,
  });

/** The ids of a group's drivers. */
export const fetchGroupDrivers = async (groupId: number): Promise<number[]> =>
  (await getJson<Driver[]>(`/report/api.php/drivers?groupId=${groupId}`)).map((driver) => driver.id);

/** The server's report list: which reports exist, their option fields in order, which a schedule may send. */
export const useReportCatalogue = (): UseQueryResult<CatalogueEntry[]> =>
  useQuery({
    queryKey: reportQueryKeys.catalogue,
    queryFn: () => getJson<CatalogueEntry[]>('/report/api.php/reports'),
    staleTime: Infinity,
  });
