/**
 * The load bench's database, written before the server starts: U users, each seeing only its own group
 * of vehicles (the fleet split evenly), and the vehicles' Teltonika IMEIs.
 */
import { hashPassword } from '../../../server/src/auth/password';
import type { Db } from '../../../server/src/db/database';
import { fromBool, toJson } from '../../../server/src/db/mapping';
import { migrateToLatest } from '../../../server/src/db/migrate';

const FIRST_IMEI = 356307044000000;
export const USER_PASSWORD = 'load-bench';

export interface SeededFleet {
  users: Array<{ email: string; deviceCount: number }>;
  /** device IMEIs in order; device i belongs to user `userOf(i, users)` */
  uniqueIds: string[];
}

/** Which user (fleet) device `index` of `devices` belongs to: contiguous slices, as even as they go. */
export function userOf(index: number, devices: number, users: number): number {
  return Math.floor((index * users) / devices);
}

export async function seedFleet(db: Db, devices: number, users: number): Promise<SeededFleet> {
  await migrateToLatest(db);
  const k = db.kysely;
  const { hash, salt } = await hashPassword(USER_PASSWORD);
  const uniqueIds = Array.from({ length: devices }, (_, i) => String(FIRST_IMEI + i));
  const out: SeededFleet = { users: [], uniqueIds };
  for (let u = 0; u < users; u++) {
    const email = `load-${u + 1}@frota.local`;
    const user = await k
      .insertInto('users')
      .values({
        name: `Frota ${u + 1}`,
        email,
        phone: null,
        hashedPassword: hash,
        salt,
        readonly: fromBool(db.dialect, false),
        administrator: fromBool(db.dialect, false),
        disabled: fromBool(db.dialect, false),
        expirationTime: null,
        userLimit: 0,
        deviceLimit: -1,
        token: null,
        attributes: toJson({ timezone: 'Africa/Luanda' }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const group = await k
      .insertInto('groups')
      .values({ name: `Frota ${u + 1}`, groupId: null, attributes: toJson({}) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await k.insertInto('userGroup').values({ userId: user.id, groupId: group.id }).execute();
    const mine = uniqueIds.filter((_, i) => userOf(i, devices, users) === u);
    for (let i = 0; i < mine.length; i += 200) {
      await k
        .insertInto('devices')
        .values(
          mine.slice(i, i + 200).map((uniqueId) => ({
            name: `Carga ${uniqueId.slice(-5)}`,
            uniqueId,
            groupId: group.id,
            category: 'truck',
            phone: null,
            model: 'FMB920',
            contact: null,
            disabled: fromBool(db.dialect, false),
            status: 'offline',
            lastUpdate: null,
            positionId: null,
            attributes: toJson({}),
          })),
        )
        .execute();
    }
    out.users.push({ email, deviceCount: mine.length });
  }
  return out;
}
