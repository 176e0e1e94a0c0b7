/**
 * Demo tachograph files (`npm run demo`): a driver card file for each demo tachograph driver and a vehicle
 * unit file for two trucks, written with the DDD builder, stored as if the administrator had uploaded them.
 * One card was last read 40 days ago and one vehicle unit 100 days ago, so the list shows both marks. Runs
 * once: not when any file exists.
 */
import { scopeFor } from '../../../auth/policy';
import type { Db } from '../../../db/database';
import { fromBool, parseJson } from '../../../db/mapping';
import { userJson } from '../../../db/rows';
import { baseFileName } from '../ddd';
import { buildDriverCard, buildVehicleUnit, type ActivityDaySpec } from '../ddd/testing/buildDdd';
import { storeTachoFile } from './fileStore';

const DAY_S = 86_400;

/** A working day: rest, 4 h driving, 45 min break, work, 3 h 30 driving, rest (minutes of the UTC day). */
function workingDay(day: number, km: number): ActivityDaySpec {
  return {
    day,
    distanceKm: km,
    changes: [
      { minute: 0, activity: 'rest' },
      { minute: 6 * 60, activity: 'work' },
      { minute: 6 * 60 + 20, activity: 'driving' },
      { minute: 10 * 60 + 20, activity: 'rest' },
      { minute: 11 * 60 + 5, activity: 'work' },
      { minute: 11 * 60 + 40, activity: 'driving' },
      { minute: 15 * 60 + 10, activity: 'available' },
      { minute: 15 * 60 + 40, activity: 'rest' },
    ],
  };
}

/** The `count` days before `until` (epoch seconds), weekends off. */
function days(until: number, count: number, seed: number): ActivityDaySpec[] {
  const last = Math.floor(until / DAY_S) * DAY_S - DAY_S;
  const out: ActivityDaySpec[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const day = last - i * DAY_S;
    const weekday = new Date(day * 1000).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    out.push(workingDay(day, 380 + ((seed * 37 + i * 53) % 240)));
  }
  return out;
}

export async function seedTachoFilesDemo(db: Db, now: number): Promise<number> {
  if (await db.kysely.selectFrom('tachoFiles').select('id').limit(1).executeTakeFirst()) return 0;
  const admin = await db.kysely
    .selectFrom('users')
    .selectAll()
    .where('administrator', '=', fromBool(db.dialect, true))
    .orderBy('id')
    .executeTakeFirst();
  if (!admin) return 0;
  const scope = await scopeFor(db, userJson(admin));
  const nowS = Math.floor(now / 1000);

  const drivers = await db.kysely
    .selectFrom('tachoDrivers')
    .select(['cardNumber', 'name', 'surname'])
    .orderBy('cardNumber')
    .limit(4)
    .execute();
  const cardAges = [2, 9, 40, 21];
  const uploads: { fileName: string; bytes: Buffer }[] = drivers.map((driver, i) => {
    const downloaded = nowS - cardAges[i % cardAges.length] * DAY_S;
    const bytes = buildDriverCard({
      generation: i % 2 ? 2 : 1,
      cardNumber: driver.cardNumber,
      surname: driver.surname ?? 'CONDUTOR',
      firstNames: driver.name ?? '',
      lastDownload: downloaded,
      days: days(downloaded, 28, i),
    });
    const stamp = new Date(downloaded * 1000).toISOString().slice(0, 10).replace(/-/g, '');
    return { fileName: `C_${stamp}_${driver.surname ?? 'X'}_${driver.cardNumber}.DDD`, bytes };
  });

  const trucks = await db.kysely
    .selectFrom('devices')
    .select(['id', 'name', 'attributes'])
    .where('category', '=', 'truck')
    .orderBy('id')
    .limit(2)
    .execute();
  const unitAges = [12, 100];
  trucks.forEach((truck, i) => {
    const attributes = parseJson(truck.attributes);
    const vrn = String(attributes.license_plate ?? truck.name);
    const vin = typeof attributes.vin === 'string' ? attributes.vin : '';
    const downloaded = nowS - unitAges[i % unitAges.length] * DAY_S;
    const bytes = buildVehicleUnit({
      generation: i % 2 ? 1 : 2,
      vin,
      vrn,
      downloadTime: downloaded,
      downloadableFrom: downloaded - 90 * DAY_S,
      downloadableTo: downloaded,
      days: days(downloaded, 7, i + 10),
    });
    const stamp = new Date(downloaded * 1000).toISOString().slice(0, 10).replace(/-/g, '');
    uploads.push({ fileName: `M_${stamp}_${vrn.replace(/\W/g, '')}.DDD`, bytes });
  });

  let stored = 0;
  for (const upload of uploads) {
    const outcome = await storeTachoFile(
      db,
      scope,
      { ...upload, fileName: baseFileName(upload.fileName) },
      now,
    );
    if (outcome.ok) stored++;
  }
  return stored;
}
