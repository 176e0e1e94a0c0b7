import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../api/queries';
import {
  fetchVersion,
  firstVersion,
  VERSION_CHECK_MS,
  versionState,
  type VersionState,
} from './versionCheck';

/** Polls /meta.json every 30 s (document 1 §2): a new version offers an update, a failure shows OFFLINE. */
export function useVersionCheck(): { version: string | undefined; state: VersionState } {
  const meta = useQuery({
    queryKey: queryKeys.meta,
    queryFn: fetchVersion,
    refetchInterval: VERSION_CHECK_MS,
    retry: false,
  });
  return {
    version: firstVersion() ?? meta.data,
    state: versionState(firstVersion(), meta.data, meta.isError),
  };
}
