/**
 * The alert central's list query (contract item 4): the visible vehicles' events of the period, of the
 * alert types, filtered by status, type, group, vehicle, driver and free text, sorted and paged in the
 * database. Every filter reads a column of the list index (migration 007), so a month of a large fleet is
 * counted from the index alone and a page newest first stops after its rows.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db, Dialect } from '../../db/database';
import type { Database } from '../../db/schema';
import { badRequest } from '../../services/errors';
import type { Fleet } from './fleet';

export interface EventFilter {
  from: number;
  /** exclusive */
  to: number;
  /** the alert types the user may list */
  types: string[];
  /** undefined: every vehicle (administrators without a vehicle or group filter) */
  deviceIds: number[] | undefined;
  status?: number[];
  type?: string[];
  group?: number[];
  device?: number[];
  driver?: number[];
  search?: string;
}

export interface EventPage {
  sort: string;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export interface ListedEvent {
  id: number;
  type: string;
  alertType: string;
  eventTime: number;
  deviceId: number;
  positionId: number | null;
  geofenceId: number | null;
  attributes: unknown;
  lastStatus: number;
  lastStatusRow: number | null;
  driverUniqueId: string | null;
}

type Eb = ExpressionBuilder<Database, 'events'>;
const NONE = sql<SqlBool>`1 = 0`;

/** Column per sortable field of the answer; the join it needs, if any. */
const SORTS: Record<string, { column: string; join?: 'devices' | 'positions' }> = {
  eventTime: { column: 'events.eventTime' },
  id: { column: 'events.id' },
  eventType: { column: 'events.alertType' },
  deviceId: { column: 'events.deviceId' },
  lastStatusId: { column: 'events.lastStatus' },
  lastStatusName: { column: 'events.lastStatus' },
  deviceName: { column: 'devices.name', join: 'devices' },
  groupId: { column: 'devices.groupId', join: 'devices' },
  fixTime: { column: 'positions.fixTime', join: 'positions' },
  speed: { column: 'positions.speed', join: 'positions' },
  address: { column: 'positions.address', join: 'positions' },
  latitude: { column: 'positions.latitude', join: 'positions' },
  longitude: { column: 'positions.longitude', join: 'positions' },
};

export const SORT_FIELDS = Object.keys(SORTS);

const inList = <T extends string | number>(eb: Eb, column: string, values: T[]): Expression<SqlBool> =>
  values.length ? eb(column as never, 'in', values as never) : NONE;

/** Events whose driver is one of `cards`: the position's card, else the vehicle's own driver. */
function driverIn(eb: Eb, fleet: Fleet, cards: Set<string>): Expression<SqlBool> {
  const assigned = [...fleet.vehicles.values()]
    .filter((v) => v.assignedDriver && cards.has(v.assignedDriver))
    .map((v) => v.id);
  return eb.or([
    inList(eb, 'events.driverUniqueId', [...cards]),
    eb.and([eb('events.driverUniqueId', 'is', null), inList(eb, 'events.deviceId', assigned)]),
  ]);
}

/** Events with no known driver ("others"): no card nor own driver, or a card no driver holds. */
function withoutDriver(eb: Eb, fleet: Fleet): Expression<SqlBool> {
  const assigned = [...fleet.vehicles.values()].filter((v) => v.assignedDriver).map((v) => v.id);
  const cards = [...fleet.driverByCard.keys()];
  return eb.or([
    eb.and([
      eb('events.driverUniqueId', 'is', null),
      assigned.length ? eb('events.deviceId', 'not in', assigned) : sql<SqlBool>`1 = 1`,
    ]),
    eb.and([
      eb('events.driverUniqueId', 'is not', null),
      cards.length ? eb('events.driverUniqueId', 'not in', cards) : sql<SqlBool>`1 = 1`,
    ]),
  ]);
}

const contains = (text: string | null, term: string) => !!text && text.toLowerCase().includes(term);

/**
 * SQLite picks the (vehicle, time) index for any vehicle list, then reads every listed vehicle's month to
 * sort it; past a few vehicles the time-led list index is far cheaper (it stops after a page), so the
 * vehicle column is written so that it cannot lead (`+device_id`). PostgreSQL's planner weighs both.
 */
const FEW_VEHICLES = 20;

function vehicleIn(eb: Eb, ids: number[], dialect: Dialect): Expression<SqlBool> {
  if (!ids.length) return NONE;
  if (dialect !== 'sqlite' || ids.length <= FEW_VEHICLES) return eb('events.deviceId', 'in', ids);
  return sql<SqlBool>`+${sql.ref('events.deviceId')} in (${sql.join(ids)})`;
}

function conditions(eb: Eb, f: EventFilter, fleet: Fleet, dialect: Dialect): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [
    eb('events.eventTime', '>=', f.from),
    eb('events.eventTime', '<', f.to),
    inList(eb, 'events.alertType', f.type ? f.type.filter((t) => f.types.includes(t)) : f.types),
  ];
  if (f.deviceIds) all.push(vehicleIn(eb, f.deviceIds, dialect));
  if (f.status) all.push(inList(eb, 'events.lastStatus', f.status));
  if (f.driver) {
    const cards = new Set(fleet.drivers.filter((d) => f.driver!.includes(d.id)).map((d) => d.uniqueId));
    const parts = [driverIn(eb, fleet, cards)];
    if (f.driver.includes(0)) parts.push(withoutDriver(eb, fleet));
    all.push(eb.or(parts));
  }
  const term = f.search?.trim().toLowerCase();
  if (term) {
    const vehicles = [...fleet.vehicles.values()]
      .filter((v) => contains(v.name, term) || contains(v.plate, term))
      .map((v) => v.id);
    const cards = new Set(
      fleet.drivers.filter((d) => contains(d.name, term) || contains(d.phone, term)).map((d) => d.uniqueId),
    );
    all.push(eb.or([inList(eb, 'events.deviceId', vehicles), driverIn(eb, fleet, cards)]));
  }
  return eb.and(all);
}

/**
 * The vehicles the list may show: those the user sees, narrowed by the vehicle and group filters
 * (group 0: vehicles in no group). Undefined when that is every vehicle of an administrator.
 */
export function listedVehicles(
  fleet: Fleet,
  admin: boolean,
  device?: number[],
  group?: number[],
): number[] | undefined {
  if (admin && !device && !group) return undefined;
  return [...fleet.vehicles.values()]
    .filter((v) => !device || device.includes(v.id))
    .filter((v) => !group || group.includes(v.groupId ?? 0))
    .map((v) => v.id)
    .sort((a, b) => a - b);
}

export async function countEvents(db: Db, filter: EventFilter, fleet: Fleet): Promise<number> {
  const row = await db.kysely
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where((eb) => conditions(eb, filter, fleet, db.dialect))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listEvents(
  db: Db,
  filter: EventFilter,
  fleet: Fleet,
  page: EventPage,
): Promise<ListedEvent[]> {
  const sort = SORTS[page.sort];
  if (!sort) throw badRequest(`Unsupported sort field ${page.sort}: one of ${SORT_FIELDS.join(', ')}`);
  let q = db.kysely.selectFrom('events');
  if (sort.join === 'devices') q = q.innerJoin('devices', 'devices.id', 'events.deviceId') as never;
  if (sort.join === 'positions') q = q.leftJoin('positions', 'positions.id', 'events.positionId') as never;
  const rows = await q
    .select([
      'events.id',
      'events.type',
      'events.alertType',
      'events.eventTime',
      'events.deviceId',
      'events.positionId',
      'events.geofenceId',
      'events.attributes',
      'events.lastStatus',
      'events.lastStatusRow',
      'events.driverUniqueId',
    ])
    .where((eb) => conditions(eb as never, filter, fleet, db.dialect))
    .orderBy(sql.ref(sort.column), page.order)
    .orderBy('events.id', page.order)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    type: r.type,
    alertType: r.alertType,
    eventTime: Number(r.eventTime),
    deviceId: Number(r.deviceId),
    positionId: r.positionId == null ? null : Number(r.positionId),
    geofenceId: r.geofenceId == null ? null : Number(r.geofenceId),
    attributes: r.attributes,
    lastStatus: Number(r.lastStatus ?? 0),
    lastStatusRow: r.lastStatusRow == null ? null : Number(r.lastStatusRow),
    driverUniqueId: r.driverUniqueId ?? null,
  }));
}
