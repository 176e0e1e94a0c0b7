/**
 * Events as the alert central shows them (document 2 §3 "Event"): the vehicle, its group and plate, the
 * driver (the position's card, else the vehicle's own driver), the last status with its user, and the
 * position (blanked when private for this user). Reads only what the page's rows point at.
 */
import { knotsToKmh, numberAttr } from '@frota/core';
import type { Db } from '../../db/database';
import { parseJson, toIso } from '../../db/mapping';
import type { PrivacyFilter } from '../../auth/privacy';
import type { Fleet } from './fleet';
import type { ListedEvent as EventRow } from './eventList';
import { statusName } from './eventTypes';
import type { AlertEvent } from '@frota/core';

export type { AlertEvent };

interface PositionFacts {
  latitude: number;
  longitude: number;
  fixTime: number;
  address: string | null;
  speed: number;
  attributes: Record<string, unknown>;
}

const kmh = (knots: number) => Math.round(knotsToKmh(knots));

/** A short description: the zone, the speed against its limit, the fuel dropped. */
function detailsOf(
  type: string,
  attributes: Record<string, unknown>,
  speed: number | null,
  zone: string | undefined,
): string {
  if (type === 'deviceOverspeed' && speed !== null) {
    const limit = numberAttr(attributes.speedLimit);
    return `${kmh(speed)} km/h` + (limit ? ` (limite ${kmh(limit)} km/h)` : '') + (zone ? ` · ${zone}` : '');
  }
  if (type === 'deviceFuelDrop') {
    const drop = numberAttr(attributes.fuelDrop);
    return drop === undefined ? '' : `Queda de ${Math.round(drop * 10) / 10}`;
  }
  return zone ?? '';
}

async function positionsOf(db: Db, ids: number[]): Promise<Map<number, PositionFacts>> {
  if (!ids.length) return new Map();
  const rows = await db.kysely
    .selectFrom('positions')
    .select(['id', 'latitude', 'longitude', 'fixTime', 'address', 'speed', 'attributes'])
    .where('id', 'in', ids)
    .execute();
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        latitude: Number(r.latitude),
        longitude: Number(r.longitude),
        fixTime: Number(r.fixTime),
        address: r.address,
        speed: Number(r.speed),
        attributes: parseJson(r.attributes),
      },
    ]),
  );
}

async function statusesOf(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, { user: string | null; details: string }>();
  const rows = await db.kysely
    .selectFrom('eventStatuses')
    .leftJoin('users', 'users.id', 'eventStatuses.userId')
    .select(['eventStatuses.id', 'eventStatuses.details', 'users.name'])
    .where('eventStatuses.id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [Number(r.id), { user: r.name ?? null, details: r.details ?? '' }]));
}

async function zoneNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.kysely
    .selectFrom('geofences')
    .select(['id', 'name'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

const unique = (values: Array<number | null>) => [...new Set(values.filter((v): v is number => v !== null))];

export async function describeEvents(
  db: Db,
  rows: EventRow[],
  fleet: Fleet,
  privacy: PrivacyFilter,
): Promise<AlertEvent[]> {
  const [positions, statuses, zones] = await Promise.all([
    positionsOf(db, unique(rows.map((r) => r.positionId))),
    statusesOf(db, unique(rows.map((r) => r.lastStatusRow))),
    zoneNames(db, unique(rows.map((r) => r.geofenceId))),
  ]);
  return rows.map((r) => {
    const attributes = parseJson(r.attributes);
    const vehicle = fleet.vehicles.get(r.deviceId);
    const found = r.positionId !== null ? positions.get(r.positionId) : undefined;
    // hidden: no place, no speed and no zone in the details (the vehicle's privacy or the position's mode)
    const hidden = privacy.hides(r.deviceId, found?.attributes);
    const p = found && !hidden ? found : undefined;
    const card = r.driverUniqueId ?? vehicle?.assignedDriver ?? null;
    const driver = card ? fleet.driverByCard.get(card) : undefined;
    const status = r.lastStatusRow !== null ? statuses.get(r.lastStatusRow) : undefined;
    const speed = hidden ? null : (numberAttr(attributes.speed) ?? found?.speed ?? null);
    const zone = r.geofenceId !== null && !hidden ? zones.get(r.geofenceId) : undefined;
    return {
      id: r.id,
      eventTime: toIso(r.eventTime)!,
      eventType: r.alertType,
      details: hidden ? '' : detailsOf(r.type, attributes, speed, zone),
      groupId: vehicle?.groupId ?? null,
      deviceId: r.deviceId,
      deviceName: vehicle?.name ?? '',
      deviceLicensePlate: vehicle?.plate ?? null,
      driverId: driver?.id ?? null,
      driverName: driver?.name ?? card,
      driverPhone: driver?.phone ?? null,
      lastStatusId: r.lastStatus,
      lastStatusName: statusName(r.lastStatus),
      lastStatusUser: status?.user ?? null,
      lastStatusDetails: status ? status.details : null,
      latitude: p ? p.latitude : null,
      longitude: p ? p.longitude : null,
      fixTime: found ? toIso(found.fixTime) : null,
      address: p ? p.address : null,
      speed,
    };
  });
}
