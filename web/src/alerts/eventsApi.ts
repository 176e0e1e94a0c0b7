/** The alert central's calls (contract items 4–6) and the shapes they answer. */
import { getJson, sendJson } from '../api/client';
import type { AlertEvent } from '@frota/core';

export type { AlertEvent };
import { queryKeys } from '../api/queries';
import type { ListPage, ListQuery } from '../common/useServerList';
import type { DayRange } from '../common/period/alertPeriod';
import { eventsPath, type EventFilters } from './eventsQuery';

export interface EventHistoryEntry {
  id: number;
  status: number;
  date: string;
  user: string | null;
  details: string | null;
}

/** The cache key of the event pages; the live socket invalidates it (see app/useLiveUpdates). */
export const ALERT_EVENTS_KEY = queryKeys.alertEvents;
export const historyKey = (id: number) => [...queryKeys.alertEvents, 'history', id] as const;

export const fetchEventsPage = (
  range: DayRange,
  filters: EventFilters,
  query: ListQuery,
): Promise<ListPage<AlertEvent>> => getJson(eventsPath(range, filters, query));

export const fetchEventHistory = (id: number): Promise<EventHistoryEntry[]> =>
  getJson(`/report/api.php/event_details/${id}`);

export const saveEventStatus = (id: number, status: number, details: string): Promise<unknown> =>
  sendJson('POST', `/report/api.php/event/${id}`, { status, details });

export const shareEvent = (id: number, emailTo: string, emailCc: string): Promise<unknown> =>
  sendJson('POST', `/report/api.php/share_event/${id}`, { emailTo, emailCc });
