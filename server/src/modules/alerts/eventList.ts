/**
 * The alert central's list query (contract item 4): the visible vehicles' events of the period, of the
 * alert types, filtered by status, type, group, vehicle, driver and free text, sorted and paged in the
 * database. Every filter reads a column of the list index (migration 007), so a page newest first stops
 * after its rows; the count reads the daily tallies (migration 011) and only the partial days' events.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db, Dialect } from '../../db/database';
import type { Database } from '../../db/schema';
import { EVENT_TALLY_DAY_MS } from '../../db/migrations/011_eventTallies';
import { badRequest } from '../../errors';
import type { Fleet } from './fleet';
import { foldText } from '../../db/textFold';

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

/** The filters read the events or their daily tallies: an expression builder over either table. */
type Eb = ExpressionBuilder<Database, 'events' | 'eventTallies'>;
const NONE = sql<SqlBool>`1 = 0`;
const ALL = sql<SqlBool>`1 = 1`;

/**
 * Where the filters read: the events themselves, or their daily tallies (migration 011), which keep the
 * same vehicle, alert type and status columns and the driver card as text ('' for none).
 */
interface Columns {
  deviceId: `${'events' | 'eventTallies'}.deviceId`;
  alertType: `${'events' | 'eventTallies'}.alertType`;
  lastStatus: `${'events' | 'eventTallies'}.lastStatus`;
  driver: DriverColumn;
  /** the empty driver card as the table writes it */
  noDriver: (eb: Eb, column: DriverColumn) => Expression<SqlBool>;
  someDriver: (eb: Eb, column: DriverColumn) => Expression<SqlBool>;
}

type DriverColumn = 'events.driverUniqueId' | 'eventTallies.driver';
type Column = Columns['deviceId' | 'alertType' | 'lastStatus' | 'driver'];

const EVENT_COLUMNS: Columns = {
  deviceId: 'events.deviceId',
  alertType: 'events.alertType',
  lastStatus: 'events.lastStatus',
  driver: 'events.driverUniqueId',
  noDriver: (eb, column) => eb(column, 'is', null),
  someDriver: (eb, column) => eb(column, 'is not', null),
};

const TALLY_COLUMNS: Columns = {
  deviceId: 'eventTallies.deviceId',
  alertType: 'eventTallies.alertType',
  lastStatus: 'eventTallies.lastStatus',
  driver: 'eventTallies.driver',
  noDriver: (eb, column) => eb(column, '=', ''),
  someDriver: (eb, column) => eb(column, '<>', ''),
};

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

const inList = (eb: Eb, column: Column, values: Array<string | number>): Expression<SqlBool> =>
  values.length ? eb(column, 'in', values) : NONE;

/** Events whose driver is one of `cards`: the position's card, else the vehicle's own driver. */
function driverIn(eb: Eb, fleet: Fleet, cards: Set<string>, c: Columns): Expression<SqlBool> {
  const assigned = [...fleet.vehicles.values()]
    .filter((v) => v.assignedDriver && cards.has(v.assignedDriver))
    .map((v) => v.id);
  return eb.or([
    inList(eb, c.driver, [...cards]),
    eb.and([c.noDriver(eb, c.driver), inList(eb, c.deviceId, assigned)]),
  ]);
}

/** Events with no known driver ("others"): no card nor own driver, or a card no driver holds. */
function withoutDriver(eb: Eb, fleet: Fleet, c: Columns): Expression<SqlBool> {
  const assigned = [...fleet.vehicles.values()].filter((v) => v.assignedDriver).map((v) => v.id);
  const cards = [...fleet.driverByCard.keys()];
  return eb.or([
    eb.and([c.noDriver(eb, c.driver), assigned.length ? eb(c.deviceId, 'not in', assigned) : ALL]),
    eb.and([c.someDriver(eb, c.driver), cards.length ? eb(c.driver, 'not in', cards) : ALL]),
  ]);
}

/** Found without accents or case: "joao" finds "João" (`term` is folded). */
const contains = (text: string | null, term: string) => !!text && foldText(text).includes(term);

/**
 * SQLite picks the (vehicle, time) index for any vehicle list, then reads every listed vehicle's month to
 * sort it; past a few vehicles the time-led list index is far cheaper (it stops after a page), so the
 * vehicle column is written so that it cannot lead (`+device_id`). PostgreSQL's planner weighs both.
 */
const FEW_VEHICLES = 20;

function vehicleIn(
  eb: Eb,
  ids: number[],
  dialect: Dialect,
  column: Columns['deviceId'],
): Expression<SqlBool> {
  if (!ids.length) return NONE;
  if (dialect !== 'sqlite' || ids.length <= FEW_VEHICLES) return eb(column, 'in', ids);
  return sql<SqlBool>`+${sql.ref(column)} in (${sql.join(ids)})`;
}

/** Every filter but the period, on the events or on their tallies. */
function filters(eb: Eb, f: EventFilter, fleet: Fleet, dialect: Dialect, c: Columns): Expression<SqlBool>[] {
  const all: Expression<SqlBool>[] = [
    inList(eb, c.alertType, f.type ? f.type.filter((t) => f.types.includes(t)) : f.types),
  ];
  if (f.deviceIds) all.push(vehicleIn(eb, f.deviceIds, dialect, c.deviceId));
  if (f.status) all.push(inList(eb, c.lastStatus, f.status));
  if (f.driver) {
    const cards = new Set(fleet.drivers.filter((d) => f.driver!.includes(d.id)).map((d) => d.uniqueId));
    const parts = [driverIn(eb, fleet, cards, c)];
    if (f.driver.includes(0)) parts.push(withoutDriver(eb, fleet, c));
    all.push(eb.or(parts));
  }
  const term = f.search?.trim() ? foldText(f.search.trim()) : '';
  if (term) {
    const vehicles = [...fleet.vehicles.values()]
      .filter((v) => contains(v.name, term) || contains(v.plate, term))
      .map((v) => v.id);
    const cards = new Set(
      fleet.drivers.filter((d) => contains(d.name, term) || contains(d.phone, term)).map((d) => d.uniqueId),
    );
    all.push(eb.or([inList(eb, c.deviceId, vehicles), driverIn(eb, fleet, cards, c)]));
  }
  return all;
}

/** The events of [from, to) that pass every filter. */
function conditions(eb: Eb, f: EventFilter, fleet: Fleet, dialect: Dialect): Expression<SqlBool> {
  return eb.and([
    eb('events.eventTime', '>=', f.from),
    eb('events.eventTime', '<', f.to),
    ...filters(eb, f, fleet, dialect, EVENT_COLUMNS),
  ]);
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

async function countExactly(db: Db, filter: EventFilter, fleet: Fleet): Promise<number> {
  if (filter.from >= filter.to) return 0;
  const row = await db.kysely
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where((eb) => conditions(eb, filter, fleet, db.dialect))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The events of the whole UTC days [firstDay, endDay) that pass the filters, from their tallies. */
async function countTallied(
  db: Db,
  filter: EventFilter,
  fleet: Fleet,
  firstDay: number,
  endDay: number,
): Promise<number> {
  const row = await db.kysely
    .selectFrom('eventTallies')
    .select((eb) => eb.fn.sum<number | string | null>('eventTallies.n').as('n'))
    .where((eb) =>
      eb.and([
        eb('eventTallies.day', '>=', firstDay),
        eb('eventTallies.day', '<', endDay),
        ...filters(eb, filter, fleet, db.dialect, TALLY_COLUMNS),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n ?? 0);
}

/**
 * How many events pass the filters: the whole UTC days inside the period from the daily tallies, the
 * partial days at its ends counted from the events. Exact, and a month of a large fleet reads tens of
 * thousands of tally rows instead of a million index entries.
 */
export async function countEvents(db: Db, filter: EventFilter, fleet: Fleet): Promise<number> {
  const firstDay = Math.ceil(filter.from / EVENT_TALLY_DAY_MS);
  const endDay = Math.floor(filter.to / EVENT_TALLY_DAY_MS);
  if (endDay <= firstDay) return countExactly(db, filter, fleet);
  const counts = await Promise.all([
    countTallied(db, filter, fleet, firstDay, endDay),
    countExactly(db, { ...filter, to: firstDay * EVENT_TALLY_DAY_MS }, fleet),
    countExactly(db, { ...filter, from: endDay * EVENT_TALLY_DAY_MS }, fleet),
  ]);
  return counts.reduce((sum, n) => sum + n, 0);
}

export async function listEvents(
  db: Db,
  filter: EventFilter,
  fleet: Fleet,
  page: EventPage,
): Promise<ListedEvent[]> {
  const sort = SORTS[page.sort];
  if (!sort) throw badRequest(`Unsupported sort field ${page.sort}: one of ${SORT_FIELDS.join(', ')}`);
  const rows = await db.kysely
    .selectFrom('events')
    .$if(sort.join === 'devices', (q) => q.innerJoin('devices', 'devices.id', 'events.deviceId'))
    .$if(sort.join === 'positions', (q) => q.leftJoin('positions', 'positions.id', 'events.positionId'))
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
    .where((eb) => conditions(eb, filter, fleet, db.dialect))
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
