import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { getJson } from '../api/client';
import { STATISTICS_PATH, type DeviceStatistics } from './statistics';

export const statisticsQueryKey = ['dashboard', 'deviceStatistics'] as const;

/** The statistics of every vehicle the user sees; fetched on each visit and on the refresh button. */
export const useDeviceStatistics = (): UseQueryResult<DeviceStatistics[]> =>
  useQuery({
    queryKey: statisticsQueryKey,
    queryFn: () => getJson<DeviceStatistics[]>(STATISTICS_PATH),
    refetchOnMount: 'always',
  });
