/**
 * Which vehicle or driver a tachograph file belongs to, for the access policy (ARCHITECTURE §6): a vehicle
 * unit file by its VIN (device attribute `vin`) or VRN (attribute `license_plate`, else the device name), a
 * driver card file by its card number (a driver's `uniqueId`, with or without the two index digits) and by
 * the vehicle whose tracker last reported that card (`tacho_drivers`). Only among the rows the uploader sees,
 * so an upload never attaches a file to another client's driver or vehicle (issue 33).
 */
import type { Db } from '../../../db/database';
import { parseJson } from '../../../db/mapping';
import { whereVisible, type Scope } from '../../../auth/policy';
import type { DddEntity } from '../ddd';
import { cardKey, plateKey } from './keys';

export interface FileLink {
  deviceId: number | null;
  driverId: number | null;
}

export async function linkVehicle(db: Db, scope: Scope, entity: DddEntity): Promise<number | null> {
  const vin = plateKey(entity.vin);
  const vrn = plateKey(entity.vrn);
  if (!vin && !vrn) return null;
  let q = db.kysely.selectFrom('devices').select(['devices.id', 'devices.name', 'devices.attributes']);
  q = whereVisible(q, 'devices.id', db, scope, 'devices');
  const devices = (await q.orderBy('devices.id').execute()).map((d) => {
    const attributes = parseJson(d.attributes);
    return {
      id: Number(d.id),
      vin: plateKey(attributes.vin ?? attributes.VIN),
      plate: plateKey(attributes.license_plate),
      name: plateKey(d.name),
    };
  });
  const found =
    (vin && devices.find((d) => d.vin === vin)) ||
    (vrn && devices.find((d) => d.plate === vrn)) ||
    (vrn && devices.find((d) => d.name === vrn));
  return found ? found.id : null;
}

/** Both ways a card number is written: in full, and without the replacement and renewal indexes. */
const cardForms = (card: string): string[] => [...new Set([card, card.slice(0, 14)])];

export async function linkDriver(db: Db, scope: Scope, cardNumber: string): Promise<number | null> {
  const card = cardKey(cardNumber);
  if (!card) return null;
  // a Gen1/Gen2 card number is 14 characters plus the replacement and renewal indexes
  const keys = cardForms(card);
  let q = db.kysely
    .selectFrom('drivers')
    .select(['drivers.id', 'drivers.uniqueId'])
    .where((eb) => eb.or(keys.map((k) => eb(eb.fn('upper', ['drivers.uniqueId']), '=', k))));
  q = whereVisible(q, 'drivers.id', db, scope, 'drivers');
  const rows = await q.orderBy('drivers.id').execute();
  // the full number wins over the 14-character one
  const found = rows.find((r) => cardKey(r.uniqueId) === card) ?? rows[0];
  return found ? Number(found.id) : null;
}

/** The vehicle among the uploader's whose tracker reported the card most recently, if any. */
export async function linkCardVehicle(db: Db, scope: Scope, cardNumber: string): Promise<number | null> {
  const card = cardKey(cardNumber);
  if (!card) return null;
  let q = db.kysely
    .selectFrom('tachoDrivers')
    .select('tachoDrivers.deviceId')
    .where('tachoDrivers.cardNumber', 'in', cardForms(card))
    .where('tachoDrivers.deviceId', 'is not', null);
  q = whereVisible(q, 'tachoDrivers.deviceId', db, scope, 'devices');
  const row = await q.orderBy('tachoDrivers.lastSeen', 'desc').orderBy('tachoDrivers.id').executeTakeFirst();
  return row?.deviceId == null ? null : Number(row.deviceId);
}
