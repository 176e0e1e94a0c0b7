/** Refill rows as the API answers them (document 3 §3 field names), read with their vehicle and driver. */
import { costPerLitre, type FuelType, type Refill, type RefillType } from '@frota/core';
import type { Db } from '../../db/database';
import { parseJson, toIso } from '../../db/mapping';
import type { Zone } from '../../track/timezone';
import { hidesVehicle } from '../../auth/privacy';

/**
 * Who reads the refill: a user, whose view of a private vehicle has no phone position (the privacy rule of
 * auth/privacy.ts), or null for the server's own use (an edit keeping the stored position, the operator
 * app answering the position its phone just sent).
 */
export type RefillViewer = { administrator?: boolean } | null;

/** A refill as the API answers it: the shape is shared with the web client (core). */
export type RefillJson = Refill;

/** The refills joined with their vehicle, its group and the driver; callers add the filters, order and page. */
export function refillQuery(db: Db) {
  return db.kysely
    .selectFrom('refills')
    .innerJoin('devices', 'devices.id', 'refills.deviceId')
    .leftJoin('drivers', 'drivers.id', 'refills.driverId')
    .leftJoin('groups', 'groups.id', 'devices.groupId')
    .selectAll('refills')
    .select([
      'devices.name as deviceName',
      'devices.groupId as deviceGroupId',
      'devices.attributes as deviceAttributes',
      'drivers.name as driverName',
      'groups.name as groupName',
    ]);
}

type RefillRow = Awaited<ReturnType<ReturnType<typeof refillQuery>['execute']>>[number];

const num = (v: unknown): number | null => (v == null ? null : Number(v));

export function refillJson(r: RefillRow, zone: Zone, viewer: RefillViewer): RefillJson {
  const attributes = parseJson(r.deviceAttributes);
  const hidden = viewer !== null && hidesVehicle(viewer, attributes);
  const plate = typeof attributes.license_plate === 'string' && attributes.license_plate.trim();
  const costDate = Number(r.costDate);
  const litres = Number(r.litres);
  const cost = Number(r.cost);
  const driverId = num(r.driverId);
  const stationId = num(r.stationId);
  return {
    id: Number(r.id),
    deviceId: Number(r.deviceId),
    // written only through the refill input's checks: M or A, diesel or gasoline
    type: r.type as RefillType,
    cost_date: zone.local(costDate),
    costDate: toIso(costDate)!,
    sequence: Number(r.sequence),
    deviceName: r.deviceName,
    deviceLicensePlate: plate || null,
    groupId: num(r.deviceGroupId),
    groupName: r.groupName ?? null,
    fuelType: r.fuelType as FuelType,
    fuel_type: r.fuelType as FuelType,
    litres,
    cost,
    costPerLitre: costPerLitre(cost, litres),
    invoice: r.invoice,
    driverid: driverId,
    driverId,
    driverName: r.driverName ?? null,
    operatorId: num(r.operatorId),
    operatorName: r.operatorName,
    operatorCode: r.operatorCode,
    stationId,
    stationid: stationId,
    siteName: r.siteName,
    latitude: hidden ? null : num(r.latitude),
    longitude: hidden ? null : num(r.longitude),
    km: num(r.km),
    hours: num(r.hours),
    delta_km: num(r.deltaKm),
    delta_hours: num(r.deltaHours),
    details: r.details,
    consumption_l100km: num(r.consumptionL100km),
    consumption_l100km_yellow: num(r.consumptionL100kmYellow),
    consumption_l100km_red: num(r.consumptionL100kmRed),
    consumption_lkm: num(r.consumptionLkm),
    consumption_lkm_yellow: num(r.consumptionLkmYellow),
    consumption_lkm_red: num(r.consumptionLkmRed),
    consumption_lh: num(r.consumptionLh),
    consumption_lh_yellow: num(r.consumptionLhYellow),
    consumption_lh_red: num(r.consumptionLhRed),
  };
}

/** One refill by id, with the vehicle's id check left to the caller (it filters by visible vehicles). */
export async function readRefill(
  db: Db,
  id: number,
  zone: Zone,
  viewer: RefillViewer,
): Promise<RefillJson | undefined> {
  const row = await refillQuery(db).where('refills.id', '=', id).executeTakeFirst();
  return row ? refillJson(row, zone, viewer) : undefined;
}
