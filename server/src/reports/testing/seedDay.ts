/**
 * The seeded day of the report API tests (Monday 10 March 2025, Africa/Luanda): what the vehicle did is
 * known in advance, so every report's figures can be checked exactly (see server/test/reports/reportsApi.test.ts).
 *
 *   before  parked since 22:00 the day before (odometer 10 000 km)
 *   08:00-08:30  trip 1 at 60 km/h (100 km/h 08:10-08:12): 31.33 km; starts inside zone "Partida" (limit 50)
 *   08:30-10:00  parked (ignition off) in zone "Cliente"; fuel 50 % -> 90 % at 09:00; PTO 09:10-09:40
 *   10:00-10:20  trip 2 at 45 km/h, driver RFID0001, road limit 40 km/h 10:05:00-10:06:00: 15 km
 *   10:20-10:30  idling
 *   10:30-10:40  trip 3 at 30 km/h, driver RFID0001, an ignition flicker at 10:35: 5 km
 *   10:40-15:00  parked; fuel 88 % -> 70 % at 12:10
 *   15:00-15:00:30  a short trip at 12 km/h (100 m); then parked to the end of the day
 */
import { kmhToKnots } from '@frota/core';
import type { Db } from '../../db/database';
import { zoneFor } from '../../track/timezone';
import { buildTrack, every, insertTrack, metresPerLonDegree, type TrackPoint } from './track';

export const DAY_TZ = zoneFor('Africa/Luanda');
export const at = (h: number, m = 0, s = 0, day = 10) => DAY_TZ.toUtc(2025, 3, day, h, m, s);
export const START = { latitude: -8.8, longitude: 13.2, totalDistance: 10_000_000 };
const MIN = 60_000;

export const TRIP1_M = 56 * 500 + 4 * (100 / 3.6) * 30;
export const DAY_M = TRIP1_M + 15_000 + 5_000 + 100;
const lonAt = (metres: number) => START.longitude + metres / metresPerLonDegree(START.latitude);
/** zone areas: "Partida" around the start (limit 50 km/h), "Cliente" where trip 1 ends */
export const ZONE_START = `CIRCLE (${START.latitude} ${lonAt(200)}, 1000)`;
export const ZONE_CLIENT = `CIRCLE (${START.latitude} ${lonAt(TRIP1_M)}, 300)`;
export const ZONE_START_LIMIT_KNOTS = kmhToKnots(50);
export const DRIVER = 'RFID0001';

function points(): TrackPoint[] {
  const fuel = (t: number) => (t < at(9) ? 50 : t < at(10, 30) ? 90 : t < at(12) ? 88 : 70);
  const common = (t: number) => ({ fuel: fuel(t), in2: t >= at(9, 10) && t < at(9, 40) });
  const off = (from: number, to: number, step: number) =>
    every(from, to, step, (t) => ({ speed: 0, ignition: false, attrs: common(t) }));
  const on = (
    from: number,
    to: number,
    speed: (t: number) => number,
    extra: (t: number) => object = () => ({}),
  ) =>
    every(from, to, 30_000, (t) => ({
      speed: speed(t),
      ignition: true,
      attrs: { ...common(t), ...extra(t) },
    }));
  const driver = () => ({ driverUniqueId: DRIVER });
  return [
    { time: at(22, 0, 0, 9), speed: 0, ignition: false, attrs: common(0) },
    ...off(at(7), at(8), 10 * MIN),
    ...on(at(8), at(8, 30), (t) => (t >= at(8, 10) && t < at(8, 12) ? 100 : 60)),
    ...off(at(8, 30), at(10), 10 * MIN),
    ...on(
      at(10),
      at(10, 20),
      () => 45,
      (t) => ({ ...driver(), ...(t >= at(10, 5) && t <= at(10, 6) ? { speedLimit: kmhToKnots(40) } : {}) }),
    ),
    ...on(at(10, 20), at(10, 30), () => 0, driver),
    ...on(at(10, 30), at(10, 40), () => 30, driver).map((p) =>
      p.time === at(10, 35) ? { ...p, ignition: false } : p,
    ),
    ...off(at(10, 40), at(15), 30 * MIN),
    { time: at(15), speed: 12, ignition: true, attrs: common(at(15)) },
    ...off(at(15, 0, 30), at(17), 30 * MIN),
  ];
}

/** Inserts the day for one vehicle; returns the number of positions inside the day. */
export async function seedDay(db: Db, deviceId: number): Promise<number> {
  const rows = buildTrack(START, points());
  await insertTrack(db, deviceId, rows);
  return rows.length - 1;
}
