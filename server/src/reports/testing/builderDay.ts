/**
 * A small hand-made day for the report builders' unit tests (server/src/reports/builders/*.test.ts), on an
 * in-memory SQLite database built by the migrations. Tuesday 11 March 2025, Africa/Luanda (UTC+1);
 * "Carro 1" starts at odometer 5 000 km and hour meter 1 000 h, east along a parallel:
 *
 *   22:00 the day before   parked (ignition off): the position before the period
 *   06:00, 06:30           parked
 *   07:00-07:20  trip A    60 km/h: 20 km
 *   07:20-07:40            parked, ignition off (every 5 min)
 *   07:40-08:00  trip B    30 km/h, with a 2-minute pause at 07:50 (ignition on, speed 0): 9 km; a road
 *                          limit of 25 km/h on its positions 07:40-07:45
 *   08:00-08:10            idling (ignition on, speed 0)
 *   08:10-08:30  trip C    45 km/h, card CARD-X (a card no driver holds): 15 km
 *   08:30-09:30            parked (every 10 min); power take-off (in1) on 08:30 to 09:00
 *   09:30-09:40  trip D    60 km/h, card CARD-1 (Maria): 10 km; 09:40 is a private position
 *   09:40-12:00            parked (every 30 min)
 *   12:00-12:00:30 trip E  24 km/h: 200 m (a short trip)
 *   12:00:30, 12:30:30     parked; power take-off on again at 12:30:30, to the end of the day
 *
 * Every position of the day has the address "P HH:MM:SS" (its local time); the one before has none.
 * "Carro 2" has no positions. Pedro (CARD-2) is Carro 1's own driver (device-driver link).
 */
import { kmhToKnots } from '@frota/core';
import { openDatabase, type Db } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { fromBool, toJson } from '../../db/mapping';
import { userJson } from '../../db/rows';
import { scopeFor, type Scope } from '../../auth/policy';
import { DEFAULT_CLIENT_DETAILS } from '../../services/serverSettings';
import { loadDrivers, loadVehicles, type ReportContext } from '../context';
import { zoneFor } from '../../track/timezone';
import type { ReportOptions, ReportRequest } from '../request';
import type { WorkingWeek } from '../../track/workingHours';
import { buildTrack, every, metresPerLonDegree, type TrackPoint } from './track';

export const TZ = zoneFor('Africa/Luanda');
/** A local time of 11 March 2025 (or another day of March) in Luanda. */
export const at = (h: number, m = 0, s = 0, day = 11): number => TZ.toUtc(2025, 3, day, h, m, s);
export const DAY_FROM = at(0);
export const DAY_TO = at(23, 59, 59);
export const START = { latitude: -8.8, longitude: 13.2, totalDistance: 5_000_000, hours: 3_600_000_000 };
/** The longitude `metres` east of the start. */
export const lonAt = (metres: number): number =>
  START.longitude + metres / metresPerLonDegree(START.latitude);

function points(): TrackPoint[] {
  const MIN = 60_000;
  const pto = (t: number) =>
    t >= at(8, 30) && t < at(9) ? { in1: true } : t >= at(9) && t < at(12, 30) ? { in1: false } : {};
  const off = (from: number, to: number, step: number) =>
    every(from, to, step, (t) => ({ speed: 0, ignition: false, attrs: pto(t) }));
  const on = (from: number, to: number, speed: (t: number) => number, attrs: Record<string, unknown> = {}) =>
    every(from, to, 30_000, (t) => ({ speed: speed(t), ignition: true, attrs: { ...attrs, ...pto(t) } }));
  return [
    { time: at(22, 0, 0, 10), speed: 0, ignition: false },
    ...off(at(6), at(7), 30 * MIN),
    ...on(at(7), at(7, 20), () => 60),
    ...off(at(7, 20), at(7, 40), 5 * MIN),
    ...on(at(7, 40), at(8), (t) => (t >= at(7, 50) && t < at(7, 52) ? 0 : 30)).map((p) =>
      p.time < at(7, 45) ? { ...p, attrs: { ...p.attrs, speedLimit: kmhToKnots(25) } } : p,
    ),
    ...on(at(8), at(8, 10), () => 0),
    ...on(at(8, 10), at(8, 30), () => 45, { driverUniqueId: 'CARD-X' }),
    ...off(at(8, 30), at(9, 30), 10 * MIN),
    ...on(at(9, 30), at(9, 40), () => 60, { driverUniqueId: 'CARD-1' }),
    ...off(at(9, 40), at(12), 30 * MIN).map((p) =>
      p.time === at(9, 40) ? { ...p, attrs: { ...p.attrs, privacy: true } } : p,
    ),
    { time: at(12), speed: 24, ignition: true },
    { time: at(12, 0, 30), speed: 0, ignition: false },
    { time: at(12, 30, 30), speed: 0, ignition: false, attrs: { in1: true } },
  ];
}

export interface BuilderDay {
  db: Db;
  /** a plain user who sees the group Norte (both vehicles) and its drivers */
  scope: Scope;
  car1: number;
  car2: number;
  pedro: number;
  maria: number;
  /**
   * zones: Base around the start (300 m), Cliente where trip A ends (300 m), Escola on trip C's way
   * (36.3125 km from the start, 750 m: its positions of 08:19-08:20:30 inside; limit 40 km/h), Privado
   * where trip D ends (100 m, around the private position)
   */
  base: number;
  cliente: number;
  escola: number;
  privado: number;
  /** positions of the day inserted (the one before the period not counted) */
  positions: number;
}

export async function builderDay(): Promise<BuilderDay> {
  const db = openDatabase({ kind: 'sqlite', file: ':memory:' });
  await migrateToLatest(db);
  const k = db.kysely;
  const b = (v: boolean) => fromBool(db.dialect, v);
  const one = async <T extends { id: number | bigint }>(p: Promise<T>) => Number((await p).id);

  const group = await one(
    k
      .insertInto('groups')
      .values({ name: 'Norte', attributes: toJson({}) })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const device = (name: string, attributes: Record<string, unknown>) =>
    one(
      k
        .insertInto('devices')
        .values({
          name,
          uniqueId: `builder-${name}`,
          groupId: group,
          status: 'offline',
          disabled: b(false),
          attributes: toJson(attributes),
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
  const car1 = await device('Carro 1', {
    license_plate: 'LD-10-20-AA',
    speedLimit: kmhToKnots(50),
    pto_port: 1,
  });
  const car2 = await device('Carro 2', {});
  const driver = (name: string, uniqueId: string) =>
    one(
      k
        .insertInto('drivers')
        .values({ name, uniqueId, attributes: toJson({}) })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
  const pedro = await driver('Pedro', 'CARD-2');
  const maria = await driver('Maria', 'CARD-1');
  const zone = (name: string, area: string, attributes: Record<string, unknown> = {}) =>
    one(
      k
        .insertInto('geofences')
        .values({ name, area, attributes: toJson(attributes) })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
  const base = await zone('Base', `CIRCLE (${START.latitude} ${START.longitude}, 300)`);
  const cliente = await zone('Cliente', `CIRCLE (${START.latitude} ${lonAt(20_000)}, 300)`);
  const escola = await zone('Escola', `CIRCLE (${START.latitude} ${lonAt(36_312.5)}, 750)`, {
    speedLimit: kmhToKnots(40),
  });
  const privado = await zone('Privado', `CIRCLE (${START.latitude} ${lonAt(54_000)}, 100)`);
  const userId = await one(
    k
      .insertInto('users')
      .values({
        name: 'Gestora',
        email: 'gestora@builders.test',
        readonly: b(false),
        administrator: b(false),
        disabled: b(false),
        userLimit: 0,
        deviceLimit: -1,
        attributes: toJson({ timezone: 'Africa/Luanda' }),
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  await k.insertInto('userGroup').values({ userId, groupId: group }).execute();
  await k
    .insertInto('groupDriver')
    .values([
      { groupId: group, driverId: pedro },
      { groupId: group, driverId: maria },
    ])
    .execute();
  await k
    .insertInto('userGeofence')
    .values([
      { userId, geofenceId: base },
      { userId, geofenceId: cliente },
      { userId, geofenceId: escola },
      { userId, geofenceId: privado },
    ])
    .execute();
  await k.insertInto('deviceDriver').values({ deviceId: car1, driverId: pedro }).execute();

  // the rows of insertTrack, with their addresses
  const rows = buildTrack(START, points());
  await k
    .insertInto('positions')
    .values(
      rows.map((r) => ({
        deviceId: car1,
        protocol: 'test',
        serverTime: r.time,
        deviceTime: r.time,
        fixTime: r.time,
        valid: b(r.valid),
        latitude: r.latitude,
        longitude: r.longitude,
        altitude: 0,
        speed: kmhToKnots(r.speed),
        course: 90,
        accuracy: 0,
        address: r.time >= DAY_FROM ? `P ${TZ.local(r.time).slice(11)}` : null,
        event: null,
        attributes: toJson({
          ignition: r.ignition,
          totalDistance: r.totalDistance,
          hours: r.hours,
          ...r.attrs,
        }),
      })),
    )
    .execute();

  const user = userJson(
    await k.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow(),
  );
  const scope = await scopeFor(db, user);
  return { db, scope, car1, car2, pedro, maria, base, cliente, escola, privado, positions: rows.length - 1 };
}

export interface ContextInput {
  items: number[];
  itemsType?: 'V' | 'D';
  from?: number;
  to?: number;
  options?: Partial<ReportOptions>;
  geofences?: number[];
  week?: WorkingWeek;
  /** the clock: open periods end at min(to, now) (default: the period is over) */
  now?: number;
}

/** The context a report route would build for the day's user (buildContext without the services). */
export async function builderContext(day: BuilderDay, input: ContextInput): Promise<ReportContext> {
  const request: ReportRequest = {
    items: input.items,
    itemsType: input.itemsType ?? 'V',
    from: input.from ?? DAY_FROM,
    to: input.to ?? DAY_TO,
    options: {
      select1: '',
      select2: '',
      text1: '',
      text2: '',
      check1: false,
      check2: false,
      ...input.options,
    },
    week: input.week,
    geofences: input.geofences ?? [],
    events: [],
    costTypes: [],
    groups: [],
    passengers: [],
    keyValueItems: [],
    format: 'json',
  };
  const byDriver = request.itemsType === 'D';
  return {
    name: 'test',
    db: day.db,
    scope: day.scope,
    zone: zoneFor(day.scope.user.attributes.timezone),
    request,
    end: Math.min(request.to, input.now ?? Infinity),
    vehicles: byDriver ? [] : await loadVehicles(day.db, day.scope, request.items),
    drivers: byDriver ? await loadDrivers(day.db, day.scope, request.items) : [],
    client: DEFAULT_CLIENT_DETAILS,
  };
}
