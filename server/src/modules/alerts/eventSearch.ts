/**
 * GET /report/api.php/events/{from}/{to} as a service (the route and the bench call it): the period in the
 * user's timezone, the filters of the query, one page (or every event up to a cap) described for the list.
 */
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Scope } from '../../auth/policy';
import { PrivacyFilter } from '../../auth/privacy';
import { notFound } from '../../errors';
import { zoneFor } from '../../track/timezone';
import { alertTypesFor } from './eventTypes';
import { countEvents, listEvents, listedVehicles, type EventFilter } from './eventList';
import { describeEvents, type AlertEvent } from './eventRows';
import { loadFleet } from './fleet';
import { eventPeriod } from './period';
import type { eventsQuery } from './schemas';

/** The answer without `limit` is capped: a client wanting more pages through. */
export const MAX_UNPAGED = 100_000;

export type EventsQuery = z.infer<typeof eventsQuery>;

const numbers = (text: string | undefined): number[] | undefined =>
  text?.trim() ? text.split(',').map((s) => Number(s.trim())) : undefined;
const strings = (text: string | undefined): string[] | undefined =>
  text?.trim()
    ? text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined;

export async function searchEvents(
  db: Db,
  scope: Scope,
  fromDay: string,
  toDay: string,
  q: EventsQuery,
): Promise<AlertEvent[] | { total: number; data: AlertEvent[] }> {
  const { from, to } = eventPeriod(fromDay, toDay, zoneFor(scope.user.attributes.timezone));
  const fleet = await loadFleet(db, scope);
  const device = numbers(q.device);
  const group = numbers(q.group);
  // a vehicle the user does not see is not found, as everywhere else
  if (device?.some((id) => !fleet.vehicles.has(id))) throw notFound();
  const filter: EventFilter = {
    from,
    to,
    types: alertTypesFor(scope.user),
    deviceIds: listedVehicles(fleet, scope.admin, device, group),
    status: numbers(q.status),
    type: strings(q.type),
    driver: numbers(q.driver),
    search: q.search,
  };
  const page = { sort: q.sort, order: q.order, offset: q.offset, limit: q.limit ?? MAX_UNPAGED };
  const [rows, total] = await Promise.all([
    listEvents(db, filter, fleet, page),
    q.limit === undefined ? Promise.resolve(0) : countEvents(db, filter, fleet),
  ]);
  const privacy = await PrivacyFilter.for(db, scope.user, [...new Set(rows.map((r) => r.deviceId))]);
  const data = await describeEvents(db, rows, fleet, privacy);
  return q.limit === undefined ? data : { total, data };
}
