/** The request of one page of the alert central (contract item 4). */
import type { ListQuery } from '../common/useServerList';
import { isAll } from '../common/centre/allRule';
import type { DayRange } from '../common/period/alertPeriod';

export interface EventFilters {
  status: string[];
  types: string[];
  groups: string[];
  devices: string[];
  drivers: string[];
}

export const EVENTS_PATH = '/report/api.php/events';

/** `/report/api.php/events/{from}/{to}?offset&limit…`: a filter left on "all" is not sent. */
export function eventsPath(range: DayRange, filters: EventFilters, query: ListQuery): string {
  const params = new URLSearchParams({ offset: String(query.offset), limit: String(query.limit) });
  const list = (name: string, values: string[]) => {
    if (!isAll(values)) params.set(name, values.join(','));
  };
  list('status', filters.status);
  list('type', filters.types);
  list('group', filters.groups);
  list('device', filters.devices);
  list('driver', filters.drivers);
  if (query.search) params.set('search', query.search);
  if (query.sort) {
    params.set('sort', query.sort.field);
    params.set('order', query.sort.order);
  }
  return `${EVENTS_PATH}/${range.from}/${range.to}?${params.toString()}`;
}
