/**
 * Demo refills (`npm run demo`): two stations (a main one in Viana and its auxiliary), two operators
 * (password demo1234), the vehicles flagged for refills with a consumption profile, about three months
 * of refills per vehicle, mostly green with some yellow and red consumptions, manual and from the app, and
 * the operators' Android app (link and version) the App Android dialog shows, unless one is set already.
 * Stations and operators belong to the first manager (a user with userLimit set), else the administrator.
 */
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { RefillsTable } from '../../db/refillTables';
import { parseJson, toBool, toJson } from '../../db/mapping';
import { hashPassword } from '../../auth/password';
import { recomputeChain } from './chain';
import { APP_SETTING, writeAppVersion, type AppVersion } from './appVersion';
import { numberAttr, thresholdsOf, vehicleOdometerKm } from '@frota/core';

const DAY = 86_400_000;
/** km a demo vehicle drives a day (as the maintenance demo has it) */
const DEMO_DAILY_KM = 94;

/**
 * The vehicle's odometer (km) and engine hours at its last position, so the refills' readings lead up to
 * them; and its attributes (a vehicle without a fuel type takes its station's).
 */
/**
 * A demo consumption profile: its name (free text the fleet gives it), its limits and the vehicle's usual
 * consumption (L/100km) the refills scatter around. A boat and a bus have their own, else by weight.
 */
interface DemoProfile {
  name: string;
  limits: { l100kmYellow: number; l100kmRed: number; lhYellow: number; lhRed: number };
  normal: number;
}
const PROFILES = {
  boat: {
    name: 'Embarcação',
    limits: { l100kmYellow: 62, l100kmRed: 75, lhYellow: 20, lhRed: 26 },
    normal: 52,
  },
  bus: { name: 'Autocarro', limits: { l100kmYellow: 30, l100kmRed: 36, lhYellow: 9, lhRed: 12 }, normal: 25 },
  heavy: { name: 'Pesado', limits: { l100kmYellow: 38, l100kmRed: 45, lhYellow: 12, lhRed: 15 }, normal: 32 },
  light: { name: 'Ligeiro', limits: { l100kmYellow: 11, l100kmRed: 14, lhYellow: 4, lhRed: 6 }, normal: 8.5 },
} satisfies Record<string, DemoProfile>;

export function demoProfile(heavy: boolean, category: string | null): DemoProfile {
  if (category === 'boat') return PROFILES.boat;
  if (category === 'bus') return PROFILES.bus;
  return heavy ? PROFILES.heavy : PROFILES.light;
}

async function vehicleNow(db: Db, deviceId: number) {
  const row = await db.kysely
    .selectFrom('devices')
    .leftJoin('positions', 'positions.id', 'devices.positionId')
    .select(['positions.attributes as last', 'devices.attributes', 'devices.category'])
    .where('devices.id', '=', deviceId)
    .executeTakeFirst();
  const last = row?.last ? parseJson(row.last) : undefined;
  const hoursMs = Number(last?.hours);
  return {
    odometer: last ? vehicleOdometerKm(last) : undefined,
    hours: Number.isFinite(hoursMs) && hoursMs > 0 ? hoursMs / 3_600_000 : undefined,
    attributes: parseJson(row?.attributes),
    category: row?.category ?? null,
  };
}
export const DEMO_OPERATOR_PASSWORD = 'demo1234';
/** The demo's operator app, at the demo's made-up address (as its sales e-mail, comercial@frota.local). */
export const DEMO_APP: AppVersion = {
  apk_version: '1.2.0',
  apk_url: 'https://frota.local/apps/frota-abastecimentos.apk',
};

function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function owner(db: Db): Promise<number | null> {
  const users = await db.kysely
    .selectFrom('users')
    .select(['id', 'administrator', 'userLimit'])
    .orderBy('id')
    .execute();
  const manager = users.find((u) => !toBool(u.administrator) && Number(u.userLimit) !== 0);
  const admin = users.find((u) => toBool(u.administrator));
  return Number((manager ?? admin ?? users[0])?.id ?? 0) || null;
}

export async function seedRefillsDemo(db: Db, deviceIds: number[], now: number): Promise<void> {
  const k = db.kysely;
  if (!(await k.selectFrom('settings').select('key').where('key', '=', APP_SETTING).executeTakeFirst()))
    await writeAppVersion(db, DEMO_APP);
  if (await k.selectFrom('refillStations').select('id').where('code', '=', 'DEMO-VIANA').executeTakeFirst())
    return;
  const userId = await owner(db);
  const random = prng(18);
  const main = await k
    .insertInto('refillStations')
    .values({
      userId,
      name: 'Posto Viana',
      code: 'DEMO-VIANA',
      location: '-8.9035, 13.3739',
      fuelType: 'diesel',
      totalCapacity: 30000,
      mainStationId: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const aux = await k
    .insertInto('refillStations')
    .values({
      userId,
      name: 'Posto Viana - Gasolina',
      code: 'DEMO-VIANA-G',
      location: '-8.9040, 13.3745',
      fuelType: 'gasoline',
      totalCapacity: 10000,
      mainStationId: Number(main.id),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const operators = [];
  for (const [username, name, code] of [
    ['carlos', 'Carlos Bomba', 'OP-01'],
    ['luisa', 'Luísa Neto', 'OP-02'],
  ]) {
    const { hash, salt } = await hashPassword(DEMO_OPERATOR_PASSWORD);
    const row = await k
      .insertInto('refillOperators')
      .values({ userId, username, hashedPassword: hash, salt, name, code, phone: '', alertEmails: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    operators.push({ id: Number(row.id), name, code });
  }
  const drivers = (await k.selectFrom('drivers').select('id').orderBy('id').execute()).map((d) =>
    Number(d.id),
  );
  const stations = [
    { id: Number(main.id), name: 'Posto Viana', fuel: 'diesel', lat: -8.9035, lon: 13.3739 },
    { id: Number(aux.id), name: 'Posto Viana - Gasolina', fuel: 'gasoline', lat: -8.904, lon: 13.3745 },
  ];

  for (const [i, deviceId] of deviceIds.entries()) {
    // about 90 days of driving (some 8,500 km) before the odometer the vehicle shows now
    const vehicle = await vehicleNow(db, deviceId);
    const odometer = vehicle.odometer;
    const capacity = numberAttr(vehicle.attributes.fuel_tank_capacity);
    // a heavy profile for the big tanks (trucks, machines), a light one for the rest
    const heavy = capacity !== undefined ? capacity >= 200 : i % 3 === 0;
    const { name, limits: profile, normal } = demoProfile(heavy, vehicle.category);
    await k
      .insertInto('refillDevices')
      .values({ deviceId, code: '', consumptionProfile: name, ...profile })
      .onConflict((oc) => oc.column('deviceId').doNothing())
      .execute();
    const thresholds = thresholdsOf(profile);
    const station = heavy ? stations[0] : stations[i % 2];
    if (!vehicle.attributes.fuel_type)
      await k
        .updateTable('devices')
        .set({ attributes: toJson({ ...vehicle.attributes, fuel_type: station.fuel }) })
        .where('id', '=', deviceId)
        .execute();
    let km =
      odometer !== undefined
        ? Math.max(0, Math.round(odometer) - 8500)
        : 20000 + Math.round(random() * 80000);
    let hours = 1000 + Math.round(random() * 3000);
    const rows: Array<Insertable<RefillsTable>> = [];
    for (let t = now - 90 * DAY + Math.round(random() * 3 * DAY); ;) {
      const roll = random();
      // about 1 in 8 refills yellow and 1 in 12 red
      const rate =
        roll < 0.08
          ? profile.l100kmRed * 1.07
          : roll < 0.2
            ? profile.l100kmYellow * 1.04
            : normal * (0.9 + random() * 0.15);
      // the fleet's pace between refills (the maintenance demo dates its services at the same pace), and
      // never more than the tank holds: a thirsty stretch ends with an earlier refill
      const tankDays = capacity ? (capacity * 0.92 * 100) / rate / DEMO_DAILY_KM : Infinity;
      const days = Math.min(3 + random() * 4, tankDays);
      t += Math.round(days * DAY);
      if (t >= now) break;
      const distance = Math.round(days * DEMO_DAILY_KM);
      km += distance;
      hours += Math.round(distance / 35);
      const litres = Math.round(((distance * rate) / 100) * 100) / 100;
      const app = random() < 0.5;
      const operator = operators[Math.floor(random() * operators.length)];
      const price = station.fuel === 'diesel' ? 300 : 400;
      rows.push({
        deviceId,
        type: app ? 'A' : 'M',
        costDate: t,
        sequence: 0,
        fuelType: station.fuel,
        litres,
        cost: Math.round(litres * price * 100) / 100,
        invoice: app ? '' : `FT ${new Date(t).getUTCFullYear()}/${Math.floor(random() * 90000) + 10000}`,
        driverId: drivers.length ? drivers[Math.floor(random() * drivers.length)] : null,
        operatorId: app ? operator.id : null,
        operatorName: app ? operator.name : null,
        operatorCode: app ? operator.code : null,
        stationId: station.id,
        siteName: station.name,
        latitude: station.lat,
        longitude: station.lon,
        km,
        hours,
        details: '',
        ...thresholds,
        userId: app ? null : userId,
        createdAt: t,
      });
    }
    // the last refill a little before the km the vehicle shows now, never past it
    const last = rows.at(-1)?.km;
    if (odometer !== undefined && typeof last === 'number') {
      const shift = Math.round(odometer) - Math.round(40 + random() * 160) - last;
      for (const row of rows) row.km = Math.max(0, Number(row.km) + shift);
    }
    // and the engine hours up to the vehicle's own, some hours before them
    const lastHours = rows.at(-1)?.hours;
    if (vehicle.hours !== undefined && typeof lastHours === 'number') {
      const shift = Math.floor(vehicle.hours) - Math.round(2 + random() * 10) - lastHours;
      for (const row of rows) row.hours = Math.max(0, Number(row.hours) + shift);
    }
    await k.transaction().execute(async (trx) => {
      if (rows.length) await trx.insertInto('refills').values(rows).execute();
      await recomputeChain(trx, deviceId);
    });
  }
}
