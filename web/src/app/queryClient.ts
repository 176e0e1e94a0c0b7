import { QueryCache, QueryClient } from '@tanstack/react-query';
import { reportQueryError } from './sessionEvents';

/** The data cache of one logged-in session (a 401 on any query ends the session in the client too). */
export const createQueryClient = (): QueryClient =>
  new QueryClient({
    queryCache: new QueryCache({ onError: reportQueryError }),
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
