import { QueryCache, QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/queries';
import type { SnapshotList } from './fleetSnapshot';
import { reportQueryError } from './sessionEvents';

/**
 * The data cache of one logged-in session (a 401 on any query ends the session in the client too). A repeat
 * visit seeds it with the last visit's lists: shown at once, and refetched as soon as a screen reads them.
 */
export function createQueryClient(seed: Partial<Record<SnapshotList, unknown>> = {}): QueryClient {
  const client = new QueryClient({
    queryCache: new QueryCache({ onError: reportQueryError }),
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  const seeded = Object.entries(seed).filter(([key, data]) => data !== undefined && key in queryKeys);
  for (const [key, data] of seeded) {
    const queryKey = queryKeys[key as SnapshotList];
    client.setQueryData(queryKey, data, { updatedAt: 1 });
    void client.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
  }
  return client;
}
