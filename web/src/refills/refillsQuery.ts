/** The request of one page of the refill centre (`GET /report/api.php/refills/{from}/{to}`). */
import { isAll } from '../common/centre/allRule';
import type { ListQuery } from '../common/useServerList';
import type { DayRange } from './refillPeriod';

export interface RefillFilters {
  /** M manual, A app; both or all send no type */
  types: string[];
  devices: string[];
  groups: string[];
  fuels: string[];
  drivers: string[];
}

export const REFILLS_PATH = '/report/api.php/refills';

/** Columns the server orders by; the others are shown unsortable. */
export const SORTABLE_FIELDS = [
  'costDate',
  'litres',
  'cost',
  'km',
  'hours',
  'delta_km',
  'consumption_l100km',
  'deviceName',
] as const;

/** `/refills/{from}/{to}?offset&limit…`: a filter left on "all" is not sent. */
export function refillsPath(range: DayRange, filters: RefillFilters, query: ListQuery): string {
  const params = new URLSearchParams({ offset: String(query.offset), limit: String(query.limit) });
  const types = isAll(filters.types) ? [] : filters.types.filter((t) => t === 'M' || t === 'A');
  if (types.length === 1) params.set('type', types[0]);
  const list = (name: string, values: string[]) => {
    if (!isAll(values)) params.set(name, values.join(','));
  };
  list('device', filters.devices);
  list('group', filters.groups);
  list('fuel', filters.fuels);
  list('driver', filters.drivers);
  if (query.search) params.set('search', query.search);
  if (query.sort) {
    // The grid's date column shows cost_date; the server orders by the instant.
    params.set('sort', query.sort.field === 'cost_date' ? 'costDate' : query.sort.field);
    params.set('order', query.sort.order);
  }
  return `${REFILLS_PATH}/${range.from}/${range.to}?${params.toString()}`;
}
