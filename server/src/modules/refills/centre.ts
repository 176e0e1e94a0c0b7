/**
 * GET /report/api.php/refills/{from}/{to} as a service (the route and the bench call it): the refills of the
 * vehicles the user sees in the period, filtered (type, vehicle, group, fuel, driver, search over vehicle,
 * plate, driver, operator and site), one page newest first, with the count and the footer totals of every
 * matching refill. The filters are resolved to vehicle and driver ids first, so the query reads the centre
 * index (cost_date, device_id, type, fuel_type, driver_id, litres, delta_km) for the count and the totals.
 */
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import { totalsOf, type RefillTotals } from '@frota/core';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { Scope } from '../../auth/policy';
import { visibleIds } from '../../auth/policy';
import { parseJson } from '../../db/mapping';
import { foldedColumn, foldedLike, foldText } from '../../db/textFold';
import { notFound } from '../../errors';
import { zoneFor } from '../../track/timezone';
import { refillPeriod } from './period';
import { refillJson, refillQuery, type RefillJson } from './refillRows';

export const MAX_UNPAGED = 100_000;
export const MAX_PAGE = 1000;

export const SORTS = {
  costDate: 'refills.costDate',
  litres: 'refills.litres',
  cost: 'refills.cost',
  km: 'refills.km',
  hours: 'refills.hours',
  delta_km: 'refills.deltaKm',
  consumption_l100km: 'refills.consumptionL100km',
  deviceName: 'devices.name',
} as const;

export interface CentreQuery {
  limit?: number;
  offset?: number;
  type?: string;
  device?: string;
  group?: string;
  fuel?: string;
  driver?: string;
  search?: string;
  sort?: string;
  order?: 'asc' | 'desc';
}

export interface CentrePage {
  total: number;
  data: RefillJson[];
  totals: RefillTotals;
}

const numbers = (text: string | undefined): number[] | undefined =>
  text?.trim()
    ? text
        .split(',')
        .map((s) => Number(s.trim()))
        .filter((n) => Number.isInteger(n) && n >= 0)
    : undefined;
const strings = (text: string | undefined): string[] | undefined =>
  text?.trim()
    ? text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined;

interface Filter {
  from: number;
  to: number;
  deviceIds: number[] | undefined;
  types: string[] | undefined;
  fuels: string[] | undefined;
  drivers: number[] | undefined;
  /** `like` is the folded text: compared with the folded columns (no accents, no case, both databases) */
  search: { deviceIds: number[]; driverIds: number[]; like: string; dialect: Db['dialect'] } | undefined;
}

async function resolveFilter(
  db: Db,
  scope: Scope,
  q: CentreQuery,
  from: number,
  to: number,
): Promise<Filter> {
  const sub = visibleIds(db, scope, 'devices');
  const needVehicles = !!sub || q.device || q.group || q.search?.trim();
  let vehicles: Array<{ id: number; groupId: number | null; name: string; plate: string }> | undefined;
  if (needVehicles) {
    let vq = db.kysely.selectFrom('devices').select(['id', 'groupId', 'name', 'attributes']);
    if (sub) vq = vq.where('devices.id', 'in', sub);
    vehicles = (await vq.execute()).map((r) => {
      const plate = parseJson(r.attributes).license_plate;
      return {
        id: Number(r.id),
        groupId: r.groupId == null ? null : Number(r.groupId),
        name: r.name,
        plate: typeof plate === 'string' ? plate : '',
      };
    });
  }
  let deviceIds = sub ? vehicles!.map((v) => v.id) : undefined;
  const device = numbers(q.device);
  if (device) {
    const seen = new Set(vehicles!.map((v) => v.id));
    // a vehicle the user does not see is not found, as everywhere else
    if (device.some((id) => !seen.has(id))) throw notFound();
    deviceIds = device;
  }
  const group = numbers(q.group);
  if (group) {
    const wanted = new Set(group);
    const inGroups = new Set(vehicles!.filter((v) => wanted.has(v.groupId ?? 0)).map((v) => v.id));
    deviceIds = (deviceIds ?? vehicles!.map((v) => v.id)).filter((id) => inGroups.has(id));
  }
  let search: Filter['search'];
  const text = q.search?.trim() ? foldText(q.search.trim()) : '';
  if (text) {
    // the drivers the user sees, found by name without accents or case ("joao" finds "João")
    let dq = db.kysely.selectFrom('drivers').select(['id', 'name']);
    const drivers = visibleIds(db, scope, 'drivers');
    if (drivers) dq = dq.where('drivers.id', 'in', drivers);
    const driverRows = await dq.execute();
    search = {
      deviceIds: vehicles!
        .filter((v) => foldText(v.name).includes(text) || foldText(v.plate).includes(text))
        .map((v) => v.id),
      driverIds: driverRows.filter((d) => foldText(d.name).includes(text)).map((d) => Number(d.id)),
      like: foldedLike(text),
      dialect: db.dialect,
    };
  }
  return {
    from,
    to,
    deviceIds,
    types: strings(q.type)?.map((t) => t.toUpperCase()),
    fuels: strings(q.fuel),
    drivers: numbers(q.driver),
    search,
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function applyFilter<Q extends SelectQueryBuilder<Database, any, any>>(query: Q, f: Filter): Q {
  let q = query as unknown as SelectQueryBuilder<Database, 'refills', unknown>;
  q = q.where('refills.costDate', '>=', f.from).where('refills.costDate', '<', f.to);
  if (f.deviceIds) q = q.where('refills.deviceId', 'in', f.deviceIds.length ? f.deviceIds : [-1]);
  if (f.types) q = q.where('refills.type', 'in', f.types);
  if (f.fuels) q = q.where('refills.fuelType', 'in', f.fuels);
  const drivers = f.drivers;
  if (drivers)
    q = q.where((eb: ExpressionBuilder<Database, 'refills'>) => {
      const ids = drivers.filter((d) => d > 0);
      return eb.or([
        ...(ids.length ? [eb('refills.driverId', 'in', ids)] : []),
        ...(drivers.includes(0) ? [eb('refills.driverId', 'is', null)] : []),
      ]);
    });
  const s = f.search;
  if (s)
    q = q.where((eb: ExpressionBuilder<Database, 'refills'>) =>
      eb.or([
        ...(s.deviceIds.length ? [eb('refills.deviceId', 'in', s.deviceIds)] : []),
        ...(s.driverIds.length ? [eb('refills.driverId', 'in', s.driverIds)] : []),
        sql<boolean>`${foldedColumn(s.dialect, sql.ref('refills.operatorName'))} like ${s.like} escape '\\'`,
        sql<boolean>`${foldedColumn(s.dialect, sql.ref('refills.siteName'))} like ${s.like} escape '\\'`,
      ]),
    );
  return q as unknown as Q;
}

async function countAndTotals(db: Db, f: Filter): Promise<{ total: number; totals: RefillTotals }> {
  const q = applyFilter(db.kysely.selectFrom('refills'), f).select([
    sql<number>`count(*)`.as('total'),
    sql<number>`coalesce(sum(${sql.ref('refills.litres')}), 0)`.as('filled'),
    sql<number>`coalesce(sum(case when ${sql.ref('refills.deltaKm')} > 0 then ${sql.ref('refills.litres')} else 0 end), 0)`.as(
      'consumed',
    ),
    sql<number>`coalesce(sum(case when ${sql.ref('refills.deltaKm')} > 0 then ${sql.ref('refills.deltaKm')} else 0 end), 0)`.as(
      'km',
    ),
  ]);
  const row = (await q.executeTakeFirst()) as {
    total: unknown;
    filled: unknown;
    consumed: unknown;
    km: unknown;
  };
  return {
    total: Number(row.total),
    totals: totalsOf(Number(row.filled), Number(row.consumed), Number(row.km)),
  };
}

export async function searchRefills(
  db: Db,
  scope: Scope,
  fromDay: string,
  toDay: string,
  q: CentreQuery,
): Promise<RefillJson[] | CentrePage> {
  const zone = zoneFor(scope.user.attributes.timezone);
  const { from, to } = refillPeriod(fromDay, toDay, zone);
  const f = await resolveFilter(db, scope, q, from, to);
  const sort = SORTS[(q.sort ?? 'costDate') as keyof typeof SORTS] ?? SORTS.costDate;
  const order = q.order === 'asc' ? 'asc' : 'desc';
  const limit = q.limit ?? MAX_UNPAGED;
  // the page's ids first, from the refills alone (the centre index in date order), then their rows joined:
  // joining first would sort every refill of the period to keep 100
  const pageIds = async (): Promise<number[]> => {
    const base =
      sort === SORTS.deviceName
        ? db.kysely.selectFrom('refills').innerJoin('devices', 'devices.id', 'refills.deviceId')
        : db.kysely.selectFrom('refills');
    const filtered = applyFilter(base.select('refills.id'), f);
    // blanks (a first refill's consumption) last in either order, on both databases; the date is never
    // blank and keeps the plain order its index gives
    const sorted =
      sort === SORTS.costDate
        ? filtered.orderBy('refills.costDate', order)
        : filtered.orderBy(sql`${sql.ref(sort)} ${sql.raw(order)} nulls last`);
    const rows = await sorted
      .orderBy('refills.id', order)
      .limit(limit)
      .offset(q.offset ?? 0)
      .execute();
    return rows.map((r) => Number(r.id));
  };
  const [ids, counted] = await Promise.all([
    pageIds(),
    q.limit === undefined ? Promise.resolve(undefined) : countAndTotals(db, f),
  ]);
  const rows = [];
  for (let i = 0; i < ids.length; i += 1000)
    rows.push(
      ...(await refillQuery(db)
        .where('refills.id', 'in', ids.slice(i, i + 1000))
        .execute()),
    );
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const data = ids.map((id) => refillJson(byId.get(id)!, zone, scope.user));
  return counted ? { ...counted, data } : data;
}
