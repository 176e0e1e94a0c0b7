/**
 * Vehicles having refill devices (document 3 §2 /settings/refill_devices): name, plate, group, model and
 * consumption profile, and the code their labels carry (the code set for refills, else the plate).
 */
import type { Db } from '../../db/database';
import { parseJson } from '../../db/mapping';
import { badRequest } from '../../errors';
import { numberOf } from './refillInput';

export interface RefillDeviceJson {
  id: number;
  deviceId: number;
  name: string;
  license_plate: string | null;
  groupId: number | null;
  group: string | null;
  model: string | null;
  code: string;
  consumption_profile: string;
  l100km_yellow: number | null;
  l100km_red: number | null;
  lh_yellow: number | null;
  lh_red: number | null;
}

const num = (v: unknown): number | null => (v == null ? null : Number(v));

/** The refill vehicles among `deviceIds` (undefined: every vehicle), by name. */
export async function listRefillDevices(
  db: Db,
  deviceIds: number[] | undefined,
): Promise<RefillDeviceJson[]> {
  let q = db.kysely
    .selectFrom('refillDevices')
    .innerJoin('devices', 'devices.id', 'refillDevices.deviceId')
    .leftJoin('groups', 'groups.id', 'devices.groupId')
    .selectAll('refillDevices')
    .select([
      'devices.name',
      'devices.model',
      'devices.groupId',
      'devices.attributes',
      'groups.name as groupName',
    ])
    .orderBy('devices.name')
    .orderBy('devices.id');
  if (deviceIds) q = q.where('devices.id', 'in', deviceIds.length ? deviceIds : [-1]);
  return (await q.execute()).map((r) => {
    const attributes = parseJson(r.attributes);
    const plate =
      typeof attributes.license_plate === 'string' && attributes.license_plate.trim()
        ? attributes.license_plate.trim()
        : null;
    const deviceId = Number(r.deviceId);
    return {
      id: deviceId,
      deviceId,
      name: r.name,
      license_plate: plate,
      groupId: num(r.groupId),
      group: r.groupName ?? null,
      model: r.model ?? null,
      code: r.code || plate || r.name,
      consumption_profile: r.consumptionProfile,
      l100km_yellow: num(r.l100kmYellow),
      l100km_red: num(r.l100kmRed),
      lh_yellow: num(r.lhYellow),
      lh_red: num(r.lhRed),
    };
  });
}

const threshold = (v: unknown): number | null => {
  const n = numberOf(v);
  if (n !== null && (Number.isNaN(n) || n < 0)) throw badRequest('Limite de consumo inválido');
  return n;
};

export async function saveRefillDevice(
  db: Db,
  deviceId: number,
  body: Record<string, unknown>,
): Promise<void> {
  const values = {
    code: String(body.code ?? '')
      .trim()
      .slice(0, 128),
    consumptionProfile: String(body.consumption_profile ?? body.consumptionProfile ?? '')
      .trim()
      .slice(0, 128),
    l100kmYellow: threshold(body.l100km_yellow),
    l100kmRed: threshold(body.l100km_red),
    lhYellow: threshold(body.lh_yellow),
    lhRed: threshold(body.lh_red),
  };
  await db.kysely
    .insertInto('refillDevices')
    .values({ deviceId, ...values })
    .onConflict((oc) => oc.column('deviceId').doUpdateSet(values))
    .execute();
}
