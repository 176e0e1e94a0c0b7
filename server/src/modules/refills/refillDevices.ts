/**
 * Vehicles having refill devices (document 3 §2 /settings/refill_devices): name, plate, group, model and
 * consumption profile, and the code their labels carry (the code set for refills, else the plate).
 */
import type { Db } from '../../db/database';
import { parseJson } from '../../db/mapping';
import type { RefillDevicesTable } from '../../db/refillTables';
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

export const THRESHOLD_INVALID = 'Os limites de consumo devem ser números positivos';
export const L100KM_ORDER = 'O limite amarelo de L/100km deve ser inferior ao vermelho';
export const LH_ORDER = 'O limite amarelo de L/h deve ser inferior ao vermelho';
export const PROFILE_TOO_LONG = 'O perfil de consumo deve ter no máximo 128 caracteres';

/** A threshold as sent: a positive number, or null (blank: no threshold). */
const threshold = (v: unknown): number | null => {
  const n = numberOf(v);
  if (n !== null && !(Number.isFinite(n) && n > 0)) throw badRequest(THRESHOLD_INVALID);
  return n;
};

/** The thresholds of a profile in order: yellow below red when both are set (the web form's rule too). */
export function checkThresholdOrder(
  p: Pick<RefillDevicesTable, 'l100kmYellow' | 'l100kmRed' | 'lhYellow' | 'lhRed'>,
) {
  if (p.l100kmYellow !== null && p.l100kmRed !== null && p.l100kmYellow >= p.l100kmRed)
    throw badRequest(L100KM_ORDER);
  if (p.lhYellow !== null && p.lhRed !== null && p.lhYellow >= p.lhRed) throw badRequest(LH_ORDER);
}

const BODY_FIELDS = {
  l100kmYellow: 'l100km_yellow',
  l100kmRed: 'l100km_red',
  lhYellow: 'lh_yellow',
  lhRed: 'lh_red',
} as const;

/**
 * Flags a vehicle for refills or changes its code, consumption profile and thresholds. Only the fields the
 * body names change (a profile saved from the vehicles list keeps the vehicle's code); a new row starts
 * blank. The thresholds are copied onto every refill saved afterwards (refillWrites.ts).
 */
export async function saveRefillDevice(
  db: Db,
  deviceId: number,
  body: Record<string, unknown>,
): Promise<void> {
  const has = (key: string) => Object.prototype.hasOwnProperty.call(body, key);
  const profileKey = has('consumption_profile') ? 'consumption_profile' : 'consumptionProfile';
  const profile = has(profileKey) ? String(body[profileKey] ?? '').trim() : undefined;
  if (profile !== undefined && profile.length > 128) throw badRequest(PROFILE_TOO_LONG);
  const sent: Partial<Omit<RefillDevicesTable, 'deviceId'>> = {};
  if (has('code'))
    sent.code = String(body.code ?? '')
      .trim()
      .slice(0, 128);
  if (profile !== undefined) sent.consumptionProfile = profile;
  for (const [column, field] of Object.entries(BODY_FIELDS) as Array<[keyof typeof BODY_FIELDS, string]>)
    if (has(field)) sent[column] = threshold(body[field]);
  await db.kysely.transaction().execute(async (k) => {
    const current = await k
      .selectFrom('refillDevices')
      .selectAll()
      .where('deviceId', '=', deviceId)
      .executeTakeFirst();
    const values = {
      code: current?.code ?? '',
      consumptionProfile: current?.consumptionProfile ?? '',
      l100kmYellow: num(current?.l100kmYellow),
      l100kmRed: num(current?.l100kmRed),
      lhYellow: num(current?.lhYellow),
      lhRed: num(current?.lhRed),
      ...sent,
    };
    checkThresholdOrder(values);
    // an upsert: two first saves of one vehicle at once end as one row
    await k
      .insertInto('refillDevices')
      .values({ deviceId, ...values })
      .onConflict((oc) => oc.column('deviceId').doUpdateSet(values))
      .execute();
  });
}
