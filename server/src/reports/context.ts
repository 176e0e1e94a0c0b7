/**
 * Everything a report builder needs: the user's scope and timezone, the period, the options, and the
 * vehicles (or drivers) asked for, each checked against the access policy (404 when one is not visible).
 */
import type { Db } from '../db/database';
import type { Services } from '../services/context';
import { whereVisible, type Scope } from '../auth/policy';
import { notFound } from '../errors';
import { parseJson } from '../db/mapping';
import { DEFAULT_CLIENT_DETAILS, readSetting, type ClientDetails } from '../services/serverSettings';
import { zoneFor, type Zone } from '../track/timezone';
import { deviceProfile, type DeviceProfile } from '../track/sample';
import type { ReportRequest } from './request';
import { toReportZone, ZoneSet, type ReportZone } from '../track/zoneSet';

export interface VehicleInfo {
  id: number;
  name: string;
  plate: string;
  groupName: string;
  phone: string | null;
  attributes: Record<string, unknown>;
  profile: DeviceProfile;
}

export interface DriverInfo {
  id: number;
  name: string;
  uniqueId: string;
  attributes: Record<string, unknown>;
}

export interface ReportContext {
  name: string;
  db: Db;
  scope: Scope;
  zone: Zone;
  request: ReportRequest;
  /** where open periods end: the period's end, or now when it is still running */
  end: number;
  vehicles: VehicleInfo[];
  drivers: DriverInfo[];
  client: ClientDetails;
}

export const plateOf = (v: { name: string; attributes: Record<string, unknown> }): string => {
  const plate = v.attributes.license_plate;
  return typeof plate === 'string' && plate.trim() ? plate.trim() : v.name;
};

/** Visible vehicles by id, in the order asked; 404 when one is missing or hidden. */
export async function loadVehicles(db: Db, scope: Scope, ids: number[]): Promise<VehicleInfo[]> {
  if (!ids.length) return [];
  let q = db.kysely
    .selectFrom('devices')
    .leftJoin('groups', 'groups.id', 'devices.groupId')
    .select(['devices.id', 'devices.name', 'devices.phone', 'devices.attributes', 'groups.name as groupName'])
    .where('devices.id', 'in', ids);
  q = whereVisible(q, 'devices.id', db, scope, 'devices');
  const rows = await q.execute();
  if (rows.length !== ids.length) throw notFound();
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.map((id) => {
    const r = byId.get(id)!;
    const attributes = parseJson(r.attributes);
    const v = { id, name: String(r.name), attributes };
    return {
      ...v,
      plate: plateOf(v),
      groupName: r.groupName ?? '',
      phone: r.phone ?? null,
      profile: deviceProfile(attributes),
    };
  });
}

/** Every vehicle the user sees (driver reports look for the driver in all of them). */
export async function visibleVehicleIds(db: Db, scope: Scope): Promise<number[]> {
  let q = db.kysely.selectFrom('devices').select('devices.id').orderBy('devices.id');
  q = whereVisible(q, 'devices.id', db, scope, 'devices');
  return (await q.execute()).map((r) => Number(r.id));
}

export async function loadDrivers(db: Db, scope: Scope, ids: number[]): Promise<DriverInfo[]> {
  if (!ids.length) return [];
  let q = db.kysely.selectFrom('drivers').selectAll().where('drivers.id', 'in', ids);
  q = whereVisible(q, 'drivers.id', db, scope, 'drivers');
  const rows = await q.execute();
  if (rows.length !== ids.length) throw notFound();
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.map((id) => {
    const r = byId.get(id)!;
    return { id, name: r.name, uniqueId: r.uniqueId, attributes: parseJson(r.attributes) };
  });
}

/** Zones the user sees; with `only`, just those (404 when one is hidden). */
export async function loadZones(db: Db, scope: Scope, only?: number[]): Promise<ZoneSet> {
  let q = db.kysely.selectFrom('geofences').select(['id', 'name', 'area', 'attributes']);
  q = whereVisible(q, 'geofences.id', db, scope, 'geofences');
  if (only) {
    if (!only.length) return new ZoneSet([]);
    q = q.where('geofences.id', 'in', only);
  }
  const rows = await q.execute();
  if (only && rows.length !== only.length) throw notFound();
  const zones = rows
    .map((r) =>
      toReportZone({ id: Number(r.id), name: r.name, area: r.area, attributes: parseJson(r.attributes) }),
    )
    .filter((z): z is ReportZone => z !== undefined);
  return new ZoneSet(zones);
}

export async function buildContext(
  services: Services,
  scope: Scope,
  name: string,
  request: ReportRequest,
  now = Date.now(),
): Promise<ReportContext> {
  const { db } = services;
  const zone = zoneFor(scope.user.attributes.timezone);
  const isDriver = request.itemsType === 'D';
  const [vehicles, drivers, client] = await Promise.all([
    isDriver ? Promise.resolve([]) : loadVehicles(db, scope, request.items),
    isDriver ? loadDrivers(db, scope, request.items) : Promise.resolve([]),
    readSetting<ClientDetails>(db, 'clientDetails', DEFAULT_CLIENT_DETAILS),
  ]);
  return {
    name,
    db,
    scope,
    zone,
    request,
    end: Math.min(request.to, now),
    vehicles,
    drivers,
    client,
  };
}
