/** Seeding for the reports bench: realistic working days of a tracker, inserted with multi-row inserts. */
import type { Insertable, Transaction } from 'kysely';
import type { Db } from '../../server/src/db/database';
import type { Database, PositionsTable } from '../../server/src/db/schema';
import { fromBool, toJson } from '../../server/src/db/mapping';
import { zoneFor } from '../../server/src/track/timezone';

const tz = zoneFor('Africa/Luanda');

/** A deterministic pseudo-random sequence (mulberry32). */
export function random(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A working day as a tracker reports it: parked at night, then trips of 10-50 min at 20-90 km/h with
 * traffic stops, idling at clients and parking between them; what an FMB920 sends on every record.
 */
function* dayTrack(
  deviceId: number,
  day: number,
  stepMs: number,
  rnd: () => number,
  state: { odo: number; hours: number; fuel: number },
) {
  const start = tz.toUtc(2025, 3, 1 + day);
  const end = start + 86_400_000;
  let motion: 'park' | 'drive' | 'idle' = 'park';
  let until = start + (6 + rnd() * 2) * 3_600_000;
  let speed = 0;
  let lon = 13.2 + (deviceId % 50) * 0.01;
  for (let t = start; t < end; t += stepMs) {
    if (t >= until) {
      const evening = t > start + 19 * 3_600_000;
      if (motion === 'drive') motion = rnd() < 0.3 ? 'idle' : 'park';
      else motion = evening ? 'park' : 'drive';
      const minutes =
        motion === 'drive' ? 10 + rnd() * 40 : motion === 'idle' ? 2 + rnd() * 10 : 15 + rnd() * 90;
      until = evening && motion === 'park' ? end : t + minutes * 60_000;
      speed = motion === 'drive' ? 20 + rnd() * 70 : 0;
    }
    const moving = motion === 'drive' && rnd() > 0.02;
    const kmh = moving ? Math.max(0, speed + (rnd() - 0.5) * 10) : 0;
    const ignition = motion !== 'park';
    const step = (kmh / 3.6) * (stepMs / 1000);
    state.odo += step;
    if (ignition) state.hours += stepMs;
    // a truck's tank: about 35 L/100 km of a 400 L tank, filled up at a stop when under a quarter
    state.fuel -= (step / 1000) * (35 / 100 / 400) * 100;
    if (state.fuel < 25 && motion === 'park') state.fuel = 95;
    const fuel = Math.round((state.fuel + (rnd() - 0.5)) * 10) / 10;
    lon += step / 110_000;
    yield {
      deviceId,
      protocol: 'teltonika',
      serverTime: t,
      deviceTime: t,
      fixTime: t,
      latitude: -8.8,
      longitude: lon,
      altitude: 40,
      speed: kmh / 1.852,
      course: 90,
      accuracy: 0,
      address: null,
      event: null,
      attributes: {
        priority: 0,
        sat: 11,
        event: 0,
        ignition,
        motion: moving,
        rssi: 4,
        io21: 4,
        power: 13.8,
        battery: 4.1,
        fuel,
        io89: Math.round(fuel),
        odometer: Math.round(state.odo),
        driverUniqueId: 'RFID1000',
        distance: Math.round(step * 100) / 100,
        totalDistance: Math.round(state.odo * 100) / 100,
        hours: state.hours,
      },
    };
  }
}

export async function seed(
  db: Db,
  deviceId: number,
  days: number,
  stepMs: number,
  rnd: () => number,
): Promise<number> {
  const state = { odo: 50_000_000 * rnd(), hours: 0, fuel: 80 };
  const valid = fromBool(db.dialect, true);
  const batch = db.dialect === 'postgres' ? 1000 : 500;
  let rows: Array<Insertable<PositionsTable>> = [];
  let count = 0;
  const flush = async (trx: Transaction<Database>) => {
    if (!rows.length) return;
    await trx.insertInto('positions').values(rows).execute();
    count += rows.length;
    rows = [];
  };
  for (let day = 0; day < days; day++) {
    await db.kysely.transaction().execute(async (trx) => {
      for (const p of dayTrack(deviceId, day, stepMs, rnd, state)) {
        rows.push({ ...p, valid, attributes: toJson(p.attributes) });
        if (rows.length >= batch) await flush(trx);
      }
      await flush(trx);
    });
  }
  return count;
}

/** What the vehicle of many days has: a tank whose level gives litres (monthly litres). */
export const TANK = { fuel_tank_capacity: 400, has_canbus: true };

export async function createVehicles(
  db: Db,
  n: number,
  prefix: string,
  attributes: Record<string, unknown> = {},
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i += 500) {
    const rows = Array.from({ length: Math.min(500, n - i) }, (_, j) => ({
      name: `${prefix}-${i + j + 1}`,
      uniqueId: `${prefix}${100000 + i + j}`,
      disabled: fromBool(db.dialect, false),
      status: 'offline',
      attributes: toJson({ license_plate: `LD-${i + j}`, ...attributes }),
    }));
    ids.push(
      ...(await db.kysely.insertInto('devices').values(rows).returning('id').execute()).map((r) =>
        Number(r.id),
      ),
    );
  }
  return ids;
}
