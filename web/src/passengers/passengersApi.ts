/** The passenger calls of core's contract (`GET/POST /api/passengers`, `GET/PUT/DELETE /api/passengers/:id`). */
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { Passenger } from '@frota/core';
import { getJson, sendJson } from '../api/client';

/** The list and every form's item sit under this key (the edit form refreshes it after a save). */
export const PASSENGERS_KEY = ['passengers'] as const;

export const usePassengers = (): UseQueryResult<Passenger[]> =>
  useQuery({ queryKey: PASSENGERS_KEY, queryFn: () => getJson<Passenger[]>('/api/passengers') });

export const removePassenger = (id: number): Promise<void> => sendJson('DELETE', `/api/passengers/${id}`);
