/** Pieces the report builders share: titles, places, drivers, the driver look-up of trips. */
import { sql } from 'kysely';
import type { ReportContext, VehicleInfo, DriverInfo } from '../context';
import { loadVehicles, visibleVehicleIds } from '../context';
import { visibleIds, type Scope } from '../../auth/policy';
import type { Db } from '../../db/database';
import { boolAttr, isPrivatePosition } from '@frota/core';
import { seesPrivate } from '../../auth/privacy';
import { parseJson } from '../../db/mapping';
import type { Sample } from '../../track/sample';

export const periodText = (ctx: ReportContext): string =>
  `${ctx.zone.dateTime(ctx.request.from)} - ${ctx.zone.dateTime(ctx.request.to)}`;

export const vehicleText = (v: VehicleInfo): string =>
  `Matrícula: ${v.plate}` + (v.groupName ? ` · Grupo: ${v.groupName}` : '');

export const driverText = (d: DriverInfo): string =>
  `Condutor: ${d.name}` + (d.uniqueId ? ` (${d.uniqueId})` : '');

export const yesNo = (v: boolean): string => (v ? 'Sim' : 'Não');

export const coords = (s: { latitude: number; longitude: number }): string =>
  `${s.latitude.toFixed(6)}, ${s.longitude.toFixed(6)}`;

/** What `addresses` gives a private position the user may not see: neither its address nor coordinates. */
export const HIDDEN_PLACE = '';

/**
 * Addresses of positions by id (the stream does not read them): one query per 500 ids. A private position
 * (privacy mode, or a vehicle marked private) maps to HIDDEN_PLACE for users who do not see them.
 */
export async function addresses(ctx: ReportContext, samples: Sample[]): Promise<Map<number, string>> {
  const ids = [...new Set(samples.map((s) => s.id))];
  const out = new Map<number, string>();
  const blanks = !seesPrivate(ctx.scope.user);
  const privateVehicles = new Set(
    ctx.vehicles.filter((v) => boolAttr(v.attributes.privacy)).map((v) => v.id),
  );
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await ctx.db.kysely
      .selectFrom('positions')
      .select(['id', 'address', 'deviceId', 'attributes'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const r of rows) {
      const hidden =
        blanks &&
        (privateVehicles.has(Number(r.deviceId)) ||
          isPrivatePosition({ attributes: parseJson(r.attributes) }));
      if (hidden) out.set(Number(r.id), HIDDEN_PLACE);
      else if (r.address) out.set(Number(r.id), r.address);
    }
  }
  return out;
}

/** Whether `addresses` hid this sample's place. */
export const placeHidden = (map: Map<number, string>, s: Sample): boolean => map.get(s.id) === HIDDEN_PLACE;

/**
 * Sets `driverUniqueId` on the given samples (the ends of trips) from their stored positions: reading it
 * for a few samples afterwards is much cheaper than extracting it from every position of the period.
 */
export async function loadDriverKeys(ctx: ReportContext, samples: Sample[]): Promise<void> {
  const ids = [...new Set(samples.map((s) => s.id))];
  const attr =
    ctx.db.dialect === 'postgres'
      ? sql<string | null>`attributes ->> 'driverUniqueId'`
      : sql<string | null>`attributes ->> '$.driverUniqueId'`;
  const found = new Map<number, unknown>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await ctx.db.kysely
      .selectFrom('positions')
      .select(['id', attr.as('driver')])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const r of rows) if (r.driver !== null && r.driver !== undefined) found.set(Number(r.id), r.driver);
  }
  for (const s of samples) if (found.has(s.id)) s.attrs.driverUniqueId = found.get(s.id);
}

/** A place for a sample: its address, else its coordinates (nothing for a hidden private one). */
export const placeOf = (map: Map<number, string>, s: Sample | undefined): string =>
  !s ? '' : (map.get(s.id) ?? coords(s));

/**
 * Names of drivers by RFID uniqueId, among the drivers that may name the user's rows (`cardDrivers`):
 * another client's driver with the same card never names them; such a card shows as the bare number.
 */
export async function driverNames(ctx: Pick<ReportContext, 'db' | 'scope'>): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const d of await cardDrivers(ctx.db, ctx.scope)) if (!out.has(d.uniqueId)) out.set(d.uniqueId, d.name);
  return out;
}

export interface CardDriver {
  id: number;
  name: string;
  uniqueId: string;
  attributes: unknown;
}

/**
 * The drivers that may name a user's rows by card (issue 33: a card is unique per client, not per server),
 * in precedence order for a card held by several: the drivers the user sees, oldest first (a manager may
 * see two sub-users' drivers with one card), then the drivers no user or group is linked to (an
 * administrator's own, which the ingest also names on any vehicle with no driver of its own for the card).
 * Administrators see every driver.
 */
export async function cardDrivers(db: Db, scope: Scope): Promise<CardDriver[]> {
  const k = db.kysely;
  const columns = ['drivers.id', 'drivers.name', 'drivers.uniqueId', 'drivers.attributes'] as const;
  const visible = visibleIds(db, scope, 'drivers');
  const seen = k.selectFrom('drivers').select(columns).orderBy('drivers.id');
  if (!visible) return (await seen.execute()).map(cardDriver);
  const [own, unowned] = await Promise.all([
    seen.where('drivers.id', 'in', visible).execute(),
    k
      .selectFrom('drivers')
      .select(columns)
      .where('drivers.id', 'not in', k.selectFrom('userDriver').select('userDriver.driverId'))
      .where('drivers.id', 'not in', k.selectFrom('groupDriver').select('groupDriver.driverId'))
      .orderBy('drivers.id')
      .execute(),
  ]);
  return [...own, ...unowned].map(cardDriver);
}

const cardDriver = (r: { id: number; name: string; uniqueId: string; attributes: unknown }): CardDriver => ({
  id: Number(r.id),
  name: r.name,
  uniqueId: r.uniqueId,
  attributes: r.attributes,
});

export const driverKey = (s: Sample | undefined): string | undefined => {
  const v = s?.attrs.driverUniqueId;
  return v === undefined || v === null || v === '' ? undefined : String(v);
};

/**
 * The vehicle's own driver (attribute driverId or a device-driver link), as a uniqueId; only drivers that
 * may name the user's rows (`cardDrivers`: an attribute naming another client's driver id reveals nothing).
 */
export async function assignedDrivers(
  ctx: Pick<ReportContext, 'db' | 'scope'>,
  vehicleIds: number[],
): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!vehicleIds.length) return out;
  const k = ctx.db.kysely;
  const uid = new Map((await cardDrivers(ctx.db, ctx.scope)).map((d) => [d.id, d.uniqueId]));
  const links = await k
    .selectFrom('deviceDriver')
    .select(['deviceDriver.deviceId', 'deviceDriver.driverId'])
    .where('deviceDriver.deviceId', 'in', vehicleIds)
    .orderBy('deviceDriver.driverId', 'desc')
    .execute();
  // the oldest linked driver wins, as in the ingest's directory
  for (const l of links)
    if (uid.has(Number(l.driverId))) out.set(Number(l.deviceId), uid.get(Number(l.driverId))!);
  const vehicles = await k
    .selectFrom('devices')
    .select(['id', 'attributes'])
    .where('id', 'in', vehicleIds)
    .execute();
  for (const v of vehicles) {
    const attrs = typeof v.attributes === 'string' ? JSON.parse(v.attributes || '{}') : v.attributes;
    const id = Number(attrs?.driverId);
    if (id && uid.has(id) && !out.has(Number(v.id))) out.set(Number(v.id), uid.get(id)!);
  }
  return out;
}

/**
 * Vehicles a driver may have driven in the period: those assigned to the driver, and those whose positions
 * carry the driver's card.
 */
export async function vehiclesOfDriver(ctx: ReportContext, driver: DriverInfo): Promise<VehicleInfo[]> {
  const visible = await visibleVehicleIds(ctx.db, ctx.scope);
  if (!visible.length) return [];
  const assigned = await assignedDrivers(ctx, visible);
  const ids = new Set(visible.filter((id) => assigned.get(id) === driver.uniqueId));
  const attr =
    ctx.db.dialect === 'postgres'
      ? sql`attributes ->> 'driverUniqueId'`
      : sql`attributes ->> '$.driverUniqueId'`;
  const rows = await ctx.db.kysely
    .selectFrom('positions')
    .select('deviceId')
    .distinct()
    .where('deviceId', 'in', visible)
    .where('fixTime', '>=', ctx.request.from)
    .where('fixTime', '<=', ctx.request.to)
    .where(sql`${attr}`, '=', driver.uniqueId)
    .execute();
  for (const r of rows) ids.add(Number(r.deviceId));
  return loadVehicles(
    ctx.db,
    ctx.scope,
    [...ids].sort((a, b) => a - b),
  );
}

/**
 * Runs `fn` for every vehicle, results in the vehicles' order. On PostgreSQL independent vehicles run a few
 * at a time (the database works while this process computes); SQLite answers in-process, one at a time.
 */
export async function mapVehicles<T>(
  ctx: ReportContext,
  vehicles: VehicleInfo[],
  fn: (v: VehicleInfo) => Promise<T>,
): Promise<T[]> {
  const width = ctx.db.dialect === 'postgres' ? 4 : 1;
  const out = new Array<T>(vehicles.length);
  let next = 0;
  const worker = async () => {
    while (next < vehicles.length) {
      const i = next++;
      out[i] = await fn(vehicles[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, vehicles.length) }, worker));
  return out;
}
