/**
 * `npm run seed:demo`: a demo fleet around Luanda on the configured database (idempotent: runs once).
 * Groups, 25 vehicles of several categories (the simulator's) and an inactive 26th, with plates and a last
 * position each, drivers, zones of the
 * three kinds, tags, client details, and users with the four profiles of document 1 §6 plus a temporary link.
 * Then what the specific reports, passenger control and the Traccar API show (seedDemoExtras, also run on a
 * demo database seeded before them): eco-driving and RAG vehicles, vehicle emissions, a crane with its work
 * input, two school buses with their passengers, a working-days calendar, saved commands, a computed
 * attribute and a scheduled report.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { loadConfig, type Config } from '../../server/src/config';
import { openDatabase, type Db } from '../../server/src/db/database';
import { migrateToLatest } from '../../server/src/db/migrate';
import { fromBool, parseJson, toJson } from '../../server/src/db/mapping';
import { ensureAdministrator } from '../../server/src/services/bootstrap';
import { hashPassword, randomToken } from '../../server/src/auth/password';
import { readSetting, writeSetting, DEFAULT_CLIENT_DETAILS } from '../../server/src/services/serverSettings';
import type { LinkTable } from '../../server/src/db/schema';
import { DEMO_DRIVER_COUNT, demoDriverKey } from './demoDrivers';
import { DEMO_CAMERA_INDEXES } from './simulator/camera/demoCameras';
import { seedManagementDemo } from '../../server/src/modules/management/demoSeed';
import { seedRefillsDemo } from '../../server/src/modules/refills/demoSeed';
import { seedMaintenanceNotifications } from '../../server/src/modules/management/notifications/demoSeed';
import { seedSchedulesDemo } from '../../server/src/reports/schedules/demoSeed';
import { seedTachoDriversDemo } from '../../server/src/modules/tacho/live/demoSeed';
import { seedTachoFilesDemo } from '../../server/src/modules/tacho/files/demoSeed';
import { seedPassengersDemo } from '../../server/src/modules/passengers/demoSeed';
import { seedTraccarDemo } from '../../server/src/modules/traccar/demoSeed';
import {
  DEMO_CRANE_INDEX,
  DEMO_SCHOOL_BUS_INDEXES,
  demoPassengerCard,
  hasCanbus,
  passengersOfBus,
  ptoPortOf,
  inDemoWorkshop,
} from './simulator/demoFleet';
import { createProfile } from './simulator/profile';
import { historyStart } from './simulator/history';
import { DEMO_HISTORY_DAYS, storeDemoHistory, type DemoHistoryVehicle } from './demoHistory';
import { seedProtocolVehicles } from './demoProtocols';
import { startServer } from '../../server/src/server';
import { vehicleRandom } from './simulator/run';
import { ignitionOf, initialState } from './simulator/vehicle';

export const DEMO_PASSWORD = 'demo1234';
/** In the data directory: where the seeded history starts, for the simulator's `--warm-from`. */
export const DEMO_HISTORY_FILE = 'demo-history.json';
/** Vehicles the simulator drives: uniqueIds 356307042440000 + 0..24 (simulator/profile.ts). */
export const DEMO_VEHICLES = 25;

const GROUPS = ['Luanda Centro', 'Viana', 'Talatona', 'Máquinas', 'Barcos'];
const CATEGORIES = ['car', 'jeep', 'truck', 'van', 'bus', 'pickup', 'bike'];
const FIRST = ['João', 'Maria', 'Pedro', 'Ana', 'Carlos', 'Isabel', 'Manuel', 'Teresa', 'António', 'Luísa'];
const LAST = ['Santos', 'Ferreira', 'Costa', 'Neto', 'Domingos', 'Fernandes', 'Silva', 'Cassoma'];
/** Demo driver `i`'s name (the driver whose key demoDriverKey(i) the vehicles of index i mod 12 report). */
const driverNameOf = (i: number): string => `${FIRST[i % FIRST.length]} ${LAST[(i * 3) % LAST.length]}`;

/** Permissions of the manager and the operator beyond the standard ones: every specific report, passengers. */
export const DEMO_EXTRA_PERMISSIONS = ['custom_reports', 'passengers'];
const DEMO_FIRST_UNIQUE_ID = 356307042440000;
const MANAGER_EMAIL = 'gestor@frota.local';
const OPERATOR_EMAIL = 'operador@frota.local';

/**
 * What the specific reports read on demo vehicle `i` (document 2 §2.1, document 3 §2): eco_driving and rag
 * on the canbus cars and trucks (core/src/reportGates.ts), the CO2 per km of the road vehicles without a fuel
 * reading (emissions), the school buses' card reader (passenger control), the crane's work input.
 */
export function demoReportAttributes(i: number): Record<string, unknown> {
  const road = i < 20;
  const category = CATEGORIES[i % CATEGORIES.length];
  const co2PerKm: Record<string, number> = {
    car: 165,
    jeep: 230,
    truck: 780,
    van: 210,
    bus: 820,
    pickup: 240,
    bike: 90,
  };
  return {
    ...(road && hasCanbus(i) ? { has_eco_driving: 1, has_rag: 1 } : {}),
    ...(road && !hasCanbus(i) ? { emissions: co2PerKm[category] + (i % 4) * 5 } : {}),
    ...(DEMO_SCHOOL_BUS_INDEXES.includes(i) ? { has_passengers: 1, has_rfid: 1 } : {}),
    ...(ptoPortOf(i) !== undefined ? { pto_port: ptoPortOf(i) } : {}),
  };
}

/** Where the simulator's odometer of vehicle `i` starts (tools/src/simulator/vehicle.ts), in metres. */
const odometerMetres = (i: number): number => 10_000_000 + i * 1_234_567;

/**
 * Where the simulator starts vehicle `i` (`--seed 1 --allday`, the demo's) at `at`: its place, phase, speed
 * and tank, so the simulator's first record follows the seeded last position without a jump, a drain or a
 * refill. With a history, the vehicle keeps its shift until `allDay` (the demo's start), as the history does.
 */
function simulatedStart(i: number, at: number, allDay: boolean | number) {
  const profile = createProfile(i, String(356307042440000 + i), allDay);
  return initialState(profile, at, vehicleRandom(profile, 1));
}

/** A small deterministic generator so every demo database looks the same. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function insert(
  db: Db,
  table: 'groups' | 'devices' | 'drivers' | 'geofences' | 'users' | 'notifications',
  values: Record<string, unknown>,
) {
  const row = await db.kysely
    .insertInto(table)
    .values(values as never)
    .returning('id' as never)
    .executeTakeFirstOrThrow();
  return Number((row as { id: number }).id);
}

async function link(db: Db, table: LinkTable, values: Record<string, number>) {
  await db.kysely
    .insertInto(table)
    .values(values as never)
    .execute();
}

export type { DemoHistoryVehicle } from './demoHistory';

export interface SeedDemoOptions {
  /**
   * Stores the simulated vehicles' past through the position pipeline (the command line's: demoHistory.ts),
   * instead of one seeded last position each. Called once the vehicles, drivers and zones exist, before the
   * modules' data that reads the odometers.
   */
  history?: {
    /** where the history starts: each vehicle gets a first position just before it, with its odometer */
    from: number;
    store(vehicles: DemoHistoryVehicle[]): Promise<void>;
  };
}

export async function seedDemo(db: Db, now = Date.now(), options: SeedDemoOptions = {}): Promise<boolean> {
  const done = await readSetting(db, 'demoSeeded', { at: 0 });
  if (done.at) {
    await seedDemoExtras(db, now);
    return false;
  }
  const rnd = prng(20261122);
  const b = (v: boolean) => fromBool(db.dialect, v);

  const groupIds: number[] = [];
  for (const name of GROUPS)
    groupIds.push(await insert(db, 'groups', { name, groupId: null, attributes: toJson({}) }));

  const driverIds: number[] = [];
  for (let i = 0; i < DEMO_DRIVER_COUNT; i++) {
    const name = driverNameOf(i);
    const id = await insert(db, 'drivers', {
      name,
      uniqueId: demoDriverKey(i),
      attributes: toJson({
        phone: `92300${String(1000 + i)}`,
        licenseNumber: `LA-${20000 + i}`,
        driving_category: i % 3 ? 'B' : 'C',
      }),
    });
    driverIds.push(id);
    await link(db, 'groupDriver', { groupId: groupIds[i % 3], driverId: id });
  }

  const deviceIds: number[] = [];
  // the simulator's 25 vehicles (uniqueIds ...000 to ...024), and one inactive vehicle that reports nothing
  for (let i = 0; i <= DEMO_VEHICLES; i++) {
    const machine = i >= 20 && i < 23;
    const boat = i >= 23 && i < DEMO_VEHICLES;
    const category = boat ? 'boat' : machine ? 'truck' : CATEGORIES[i % CATEGORIES.length];
    const plate = `LD-${String(10 + i).padStart(2, '0')}-${String(30 + ((i * 7) % 60)).padStart(2, '0')}-${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + ((i * 5) % 26))}`;
    const groupId = boat ? groupIds[4] : machine ? groupIds[3] : groupIds[i % 3];
    const attributes: Record<string, unknown> = {
      license_plate: boat ? `BARCO-${i}` : plate,
      speedLimit: (category === 'truck' || category === 'bus' ? 80 : 100) / 1.852,
      has_immobilization: i % 4 === 0 ? 1 : 0,
      has_canbus: i % 5 === 0 ? 1 : 0,
      has_rfid: i % 3 === 0 ? 1 : 0,
      fuel_tank_capacity: category === 'truck' ? 400 : 60,
      tags: i % 6 === 0 ? 'frio' : undefined,
      ...(machine ? { vehicle_type: 3, engine_voltage: 13, show_hours: 1 } : {}),
      ...(i === 7 ? { privacy: 1 } : {}),
      ...(inDemoWorkshop(i) ? { in_maintenance: 1 } : {}),
      // the simulator's DualCams answer camera requests for these
      ...(DEMO_CAMERA_INDEXES.includes(i) ? { has_camera: 1 } : {}),
      // before the history: it goes through the pipeline, which reads them (a school bus's reader reads
      // passengers' cards, not drivers')
      ...(i < DEMO_VEHICLES ? demoReportAttributes(i) : {}),
    };
    const id = await insert(db, 'devices', {
      name: boat ? `Barco ${i - 22}` : machine ? `Máquina ${i - 19}` : plate,
      uniqueId: String(356307042440000 + i),
      groupId,
      category,
      phone: `+24492${String(3000000 + i)}`,
      model: i % 2 ? 'FMB920' : 'FMC130',
      contact: null,
      disabled: b(i === DEMO_VEHICLES),
      status: 'offline',
      lastUpdate: null,
      positionId: null,
      attributes: toJson(attributes),
    });
    deviceIds.push(id);
    if (i % 2 === 0)
      await link(db, 'deviceDriver', { deviceId: id, driverId: driverIds[i % driverIds.length] });
  }

  // zones before the positions: a history stored through the pipeline enters and leaves them
  const zones: Array<[string, string, Record<string, unknown>]> = [
    ['Porto de Luanda', 'CIRCLE (-8.7990 13.2410, 400)', { icon: 'warehouse', color: '3bb2d0' }],
    ['Aeroporto 4 de Fevereiro', 'CIRCLE (-8.8580 13.2310, 800)', { icon: 'airport', color: 'fcb900' }],
    ['Bomba Sonangol Talatona', 'CIRCLE (-8.9150 13.1840, 100)', { icon: 'fuel', color: 'ff6900' }],
    [
      'Ilha de Luanda',
      'POLYGON ((-8.7800 13.2100, -8.7950 13.2250, -8.8050 13.2300, -8.7900 13.2150, -8.7800 13.2100))',
      { color: '00d084', fill: true },
    ],
    [
      'Estaleiro Viana',
      'POLYGON ((-8.9330 13.3780, -8.9330 13.3960, -8.9480 13.3960, -8.9480 13.3780, -8.9330 13.3780))',
      { color: 'f44336', fill: true, speedLimit: 20 / 1.852 },
    ],
    [
      'Via Expressa',
      'LINESTRING (-8.8300 13.2600, -8.8700 13.3000, -8.9300 13.3300, -8.9800 13.3500)',
      { color: 'b23bd0', polylineDistance: 25, speedLimit: 80 / 1.852 },
    ],
    [
      'Marginal',
      'LINESTRING (-8.8080 13.2290, -8.8150 13.2350, -8.8200 13.2420)',
      { color: '795548', polylineDistance: 30 },
    ],
  ];
  const zoneIds: number[] = [];
  for (const [name, area, attributes] of zones)
    zoneIds.push(
      await insert(db, 'geofences', { name, description: null, area, attributes: toJson(attributes) }),
    );
  for (let g = 0; g < 3; g++)
    for (const z of zoneIds) await link(db, 'groupGeofence', { groupId: groupIds[g], geofenceId: z });

  // One last position per vehicle: driving, idle, parked, and a few offline for days.
  // With a history, the first position of each vehicle it covers, which the pipeline goes on from.
  const withHistory: DemoHistoryVehicle[] = [];
  for (let i = 0; i < deviceIds.length; i++) {
    const history = options.history && i < DEMO_VEHICLES ? options.history : undefined;
    if (history) {
      // the vehicles offline for days stopped reporting three days ago
      const until = i % 9 === 8 ? now - 3 * 86400_000 : now;
      withHistory.push({
        index: i,
        deviceId: deviceIds[i],
        uniqueId: String(DEMO_FIRST_UNIQUE_ID + i),
        until,
      });
    }
    const state = i % 5;
    // the vehicles the simulator drives (not those offline for days) start where it will pick them up; with
    // a history, every one starts where it does, a minute before it (the pipeline goes on from this odometer)
    const sim = history
      ? simulatedStart(i, history.from, now)
      : i < DEMO_VEHICLES && i % 9 !== 8
        ? simulatedStart(i, now, true)
        : undefined;
    const ignition = sim ? ignitionOf(sim) : state === 0 || state === 1 || state === 4;
    const randomSpeed = state === 0 || state === 4 ? 15 + rnd() * 25 : 0;
    const speed = sim ? sim.speedKmh / 1.852 : randomSpeed;
    // the inactive vehicle last reported weeks ago
    const fixTime = history
      ? history.from - 60_000
      : i === DEMO_VEHICLES
        ? now - 21 * 86400_000
        : i % 9 === 8
          ? now - 3 * 86400_000
          : now - Math.round(rnd() * (sim ? 60_000 : 600_000));
    const randomLat = i >= 23 ? -8.79 + rnd() * 0.02 : -8.84 - rnd() * 0.12;
    const randomLon = i >= 23 ? 13.22 + rnd() * 0.02 : 13.2 + rnd() * 0.15;
    const lat = sim ? sim.fix.latitude : randomLat;
    const lon = sim ? sim.fix.longitude : randomLon;
    const row = await db.kysely
      .insertInto('positions')
      .values({
        deviceId: deviceIds[i],
        protocol: 'demo',
        serverTime: fixTime,
        deviceTime: fixTime,
        fixTime,
        valid: b(i !== 13),
        latitude: lat,
        longitude: lon,
        altitude: 40,
        speed,
        course: Math.round(rnd() * 359),
        accuracy: 0,
        address: null,
        event: null,
        attributes: toJson({
          ignition,
          motion: speed > 0,
          power: 12 + rnd() * 2,
          battery: 4.1,
          rssi: i === 17 ? 1 : 4,
          sat: 12,
          // the simulator's odometer of this vehicle (simulator/vehicle.ts), so the maintenance summary's
          // distances and the seeded services agree once it drives; io192 counts tens of metres
          io192: Math.round(odometerMetres(i) / 10),
          totalDistance: odometerMetres(i),
          hours: Math.round(rnd() * 3600_000 * 5000),
          lastignition: new Date(now - Math.round(rnd() * 7200_000)).toISOString(),
          // where the simulator's tank starts (its default seed), so no refill or drain shows at its first record
          fuel: sim ? Math.round(sim.fuel) : Math.round(10 + rnd() * 90),
        }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.kysely
      .updateTable('devices')
      .set({
        positionId: Number(row.id),
        lastUpdate: fixTime,
        status: fixTime > now - 86400_000 ? 'online' : 'offline',
      })
      .where('id', '=', deviceIds[i])
      .execute();
  }

  if (options.history) {
    await options.history.store(withHistory);
    // the dashboard's statistics count from where the history starts (the spec's "with position":
    // lastignition > lastreset), not from the moment the seed stored it
    await db.kysely
      .updateTable('deviceStatistics')
      .set({ lastreset: options.history.from })
      .where('deviceId', 'in', deviceIds)
      .execute();
  }

  // maintenance, costs and documents: after the positions, so the summary reads the odometers
  await seedManagementDemo(db, deviceIds, now);

  const { hash, salt } = await hashPassword(DEMO_PASSWORD);
  const user = async (
    name: string,
    email: string,
    extra: Record<string, unknown>,
    attributes: Record<string, unknown>,
  ) =>
    insert(db, 'users', {
      name,
      email,
      phone: '923000000',
      hashedPassword: hash,
      salt,
      readonly: b(false),
      administrator: b(false),
      disabled: b(false),
      expirationTime: null,
      userLimit: 0,
      deviceLimit: -1,
      token: randomToken(128),
      ...extra,
      attributes: toJson({
        language: 'pt',
        timezone: 'Africa/Luanda',
        notification_sound: 'horn',
        ...attributes,
      }),
    });
  const all = [
    'map.online',
    'map.history',
    'map.dashboard',
    'reports',
    'module.events',
    'management.summary',
    'management.analysis',
    'management.cost_list',
    'management.monthly_liters',
    'module.refills',
    'module.cameras',
    'tacho',
    'settings.devices',
    'settings.groups',
    'settings.drivers',
    'settings.geofences',
    'settings.notifications',
    'global.block',
  ];
  const manager = await user(
    'Gestora de Frota',
    'gestor@frota.local',
    { userLimit: 100 },
    { permissions: [...all, 'settings.users', 'settings.temporary_links'] },
  );
  const operator = await user('Operador Luanda', 'operador@frota.local', {}, { permissions: all });
  const limited = await user(
    'Consulta',
    'consulta@frota.local',
    { readonly: b(true) },
    { permissions: ['map.online', 'map.history', 'reports'] },
  );
  const blocked = await user(
    'Antigo Colaborador',
    'bloqueado@frota.local',
    { disabled: b(true) },
    { permissions: ['map.online'] },
  );
  const temp = await user(
    'Cliente (acesso temporário)',
    `temp_${randomToken(30).toLowerCase()}@frota.local`,
    { readonly: b(true), expirationTime: now + 7 * 86400_000, token: randomToken(40) },
    { allowHistory: true },
  );
  for (const g of groupIds) await link(db, 'userGroup', { userId: manager, groupId: g });
  for (const g of groupIds.slice(0, 3)) await link(db, 'userGroup', { userId: operator, groupId: g });
  await link(db, 'userGroup', { userId: limited, groupId: groupIds[0] });
  await link(db, 'userGroup', { userId: blocked, groupId: groupIds[1] });
  await link(db, 'userDevice', { userId: temp, deviceId: deviceIds[0] });
  for (const u of [operator, limited, blocked, temp])
    await link(db, 'userUser', { userId: manager, managedUserId: u });

  // zone entries as notices on the live screen; speeding by e-mail only, the live screen's notices kept for
  // what the manager asked to see there
  for (const alert of [
    { type: 'geofenceEnter', notificators: 'web', description: 'Entrada em zona' },
    { type: 'deviceOverspeed', notificators: 'mail', description: 'Excesso de velocidade' },
  ]) {
    const notificationId = await insert(db, 'notifications', {
      type: alert.type,
      always: b(true),
      notificators: alert.notificators,
      attributes: toJson({ description: alert.description }),
    });
    await link(db, 'userNotification', { userId: manager, notificationId });
  }

  await db.kysely
    .insertInto('tags')
    .values([
      { tag: 'frio', name: 'Frigorífico' },
      { tag: 'vip', name: 'Serviço VIP' },
    ])
    .execute();
  await writeSetting(db, 'clientDetails', {
    ...DEFAULT_CLIENT_DETAILS,
    title: 'Frota Demo',
    sales_name: 'Frota Angola, Lda',
    sales_address: 'Rua Major Kanhangulo 100, Luanda',
    sales_gps: '-8.8147,13.2302',
    sales_email: 'comercial@frota.local',
    sales_phone: '+244923000000',
  });
  // stations and operators belong to the manager, who exists by now (operators carlos and luisa, demo1234)
  await seedRefillsDemo(db, deviceIds, now);
  // the manager's daily maintenance e-mail (logged when FROTA_SMTP_URL is not set)
  await seedMaintenanceNotifications(db, now);
  // the tachograph drivers ride in the trucks
  const trucks = await db.kysely.selectFrom('devices').select('id').where('category', '=', 'truck').execute();
  // the cards in the trucks now carry the names of the drivers the map shows in them
  const usualDrivers = new Map(deviceIds.map((id, i) => [id, driverNameOf(i % DEMO_DRIVER_COUNT)] as const));
  await seedTachoDriversDemo(
    db,
    trucks.length ? trucks.map((t) => Number(t.id)) : deviceIds,
    now,
    usualDrivers,
  );
  await seedTachoFilesDemo(db, now);
  await seedDemoExtras(db, now);
  await writeSetting(db, 'demoSeeded', { at: now });
  return true;
}

/** The demo fleet's vehicles by fleet index (uniqueId 356307042440000 + index). */
async function demoDevices(db: Db) {
  const ids = Array.from({ length: DEMO_VEHICLES }, (_, i) => String(DEMO_FIRST_UNIQUE_ID + i));
  const rows = await db.kysely
    .selectFrom('devices')
    .select(['id', 'uniqueId', 'name', 'category', 'groupId', 'attributes'])
    .where('uniqueId', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [Number(r.uniqueId) - DEMO_FIRST_UNIQUE_ID, r]));
}

/**
 * The parts of the demo the specific reports, passenger control and the Traccar API show. Idempotent, and
 * run on a demo database seeded before them too: attributes are merged, permissions added once, and the
 * passenger and Traccar seeds add nothing when their first row exists.
 */
export async function seedDemoExtras(db: Db, now = Date.now()): Promise<void> {
  const k = db.kysely;
  const devices = await demoDevices(db);
  for (const [i, d] of devices) {
    const crane = i === DEMO_CRANE_INDEX && d.category !== 'crane';
    await k
      .updateTable('devices')
      .set({
        attributes: toJson({ ...parseJson(d.attributes), ...demoReportAttributes(i) }),
        ...(crane ? { category: 'crane', name: 'Grua 1' } : {}),
        ...(DEMO_SCHOOL_BUS_INDEXES.includes(i) && !String(d.name).startsWith('Escolar')
          ? { name: `Escolar ${DEMO_SCHOOL_BUS_INDEXES.indexOf(i) + 1} (${d.name})` }
          : {}),
      })
      .where('id', '=', Number(d.id))
      .execute();
  }
  const users = await k
    .selectFrom('users')
    .select(['id', 'email', 'attributes'])
    .where('email', 'in', [MANAGER_EMAIL, OPERATOR_EMAIL])
    .execute();
  for (const u of users) {
    const attributes = parseJson(u.attributes);
    const held = Array.isArray(attributes.permissions) ? (attributes.permissions as string[]) : [];
    const missing = DEMO_EXTRA_PERMISSIONS.filter((p) => !held.includes(p));
    if (!missing.length) continue;
    await k
      .updateTable('users')
      .set({ attributes: toJson({ ...attributes, permissions: [...held, ...missing] }) })
      .where('id', '=', Number(u.id))
      .execute();
  }
  const manager = users.find((u) => u.email === MANAGER_EMAIL);
  const managerId = manager ? Number(manager.id) : null;
  const buses = DEMO_SCHOOL_BUS_INDEXES.filter((i) => devices.has(i)).map((i) => ({
    deviceId: Number(devices.get(i)!.id),
    cards: passengersOfBus(i).map(demoPassengerCard),
  }));
  await seedPassengersDemo(db, buses, managerId, now);
  // one vehicle per other protocol, in the first vehicle's group (Luanda Centro)
  const firstGroup = devices.get(0)?.groupId;
  await seedProtocolVehicles(db, firstGroup == null ? null : Number(firstGroup));
  // the computed attribute and the scheduled summary go to the first vehicle's group (Luanda Centro)
  const groupId = devices.get(0)?.groupId;
  if (managerId !== null && groupId !== null && groupId !== undefined) {
    await seedTraccarDemo(db, managerId, Number(groupId), now);
    // the scheduled reports screen: the group's trips every Monday, the fleet's alerts every morning
    const group = await k
      .selectFrom('groups')
      .select('name')
      .where('id', '=', Number(groupId))
      .executeTakeFirst();
    const all = [...devices.values()];
    await seedSchedulesDemo(
      db,
      {
        userId: managerId,
        email: MANAGER_EMAIL,
        group: {
          name: group?.name ?? '',
          vehicleIds: all.filter((d) => d.groupId === groupId).map((d) => Number(d.id)),
        },
        fleetIds: all.map((d) => Number(d.id)),
      },
      now,
    );
  }
}

/**
 * The command line's seed: migrations, the administrator, the demo fleet with its week of history stored
 * through the server's pipeline, and the history's start for the simulator. True when it seeded now.
 */
export async function seedDemoDatabase(config: Config, db: Db): Promise<boolean> {
  const log = pino({ level: config.logLevel });
  await migrateToLatest(db);
  await ensureAdministrator(db, config.adminEmail, config.adminPassword, log);
  const now = Date.now();
  const from = historyStart(now, DEMO_HISTORY_DAYS);
  const seeded = await seedDemo(db, now, {
    history: {
      from,
      store: async (vehicles) => {
        // the server's own pipeline, on this database, without listeners or jobs
        const server = await startServer({ ...config, logLevel: 'warn' }, { db, listen: false });
        const started = Date.now();
        const records = await storeDemoHistory(server.ingest, vehicles, from, now);
        await server.stop();
        console.log(
          `Demo history: ${records} records of ${vehicles.length} vehicles since ${new Date(from).toISOString()} ` +
            `(${Math.round((Date.now() - started) / 1000)} s)`,
        );
      },
    },
  });
  // the simulator goes on from where the history leaves each vehicle (tools/start.mjs reads it)
  if (seeded) mkdirSync(config.dataDir, { recursive: true });
  if (seeded)
    writeFileSync(join(config.dataDir, DEMO_HISTORY_FILE), JSON.stringify({ from, allDayFrom: now }));
  return seeded;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const config = loadConfig();
  const db = openDatabase(
    config.database.kind === 'sqlite'
      ? { kind: 'sqlite', file: config.database.file }
      : { kind: 'postgres', url: config.database.url },
  );
  const seeded = await seedDemoDatabase(config, db);
  console.log(
    seeded
      ? `Demo fleet created (users gestor@, operador@, consulta@frota.local; password ${DEMO_PASSWORD})`
      : 'Demo fleet already present',
  );
  await db.close();
}
