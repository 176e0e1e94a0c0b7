/**
 * `npm run seed:demo`: a demo fleet around Luanda on the configured database (idempotent: runs once).
 * Groups, 25 vehicles of several categories (the simulator's) and an inactive 26th, with plates and a last
 * position each, drivers, zones of the
 * three kinds, tags, client details, and users with the four profiles of document 1 §6 plus a temporary link.
 */
import pino from 'pino';
import { loadConfig } from '../../server/src/config';
import { openDatabase, type Db } from '../../server/src/db/database';
import { migrateToLatest } from '../../server/src/db/migrate';
import { fromBool, toJson } from '../../server/src/db/mapping';
import { ensureAdministrator } from '../../server/src/services/bootstrap';
import { hashPassword, randomToken } from '../../server/src/auth/password';
import { readSetting, writeSetting, DEFAULT_CLIENT_DETAILS } from '../../server/src/services/serverSettings';
import type { LinkTable } from '../../server/src/db/schema';
import { DEMO_DRIVER_COUNT, demoDriverKey } from './demoDrivers';
import { DEMO_CAMERA_INDEXES } from './simulator/camera/demoCameras';
import { seedManagementDemo } from '../../server/src/modules/management/demoSeed';
import { seedRefillsDemo } from '../../server/src/modules/refills/demoSeed';
import { seedMaintenanceNotifications } from '../../server/src/modules/maintenanceNotifications/demoSeed';
import { seedTachoDriversDemo } from '../../server/src/modules/tacho/live/demoSeed';
import { seedTachoFilesDemo } from '../../server/src/modules/tacho/files/demoSeed';

export const DEMO_PASSWORD = 'demo1234';
/** Vehicles the simulator drives: uniqueIds 356307042440000 + 0..24 (simulator/profile.ts). */
export const DEMO_VEHICLES = 25;

const GROUPS = ['Luanda Centro', 'Viana', 'Talatona', 'Máquinas', 'Barcos'];
const CATEGORIES = ['car', 'jeep', 'truck', 'van', 'bus', 'pickup', 'bike'];
const FIRST = ['João', 'Maria', 'Pedro', 'Ana', 'Carlos', 'Isabel', 'Manuel', 'Teresa', 'António', 'Luísa'];
const LAST = ['Santos', 'Ferreira', 'Costa', 'Neto', 'Domingos', 'Fernandes', 'Silva', 'Cassoma'];

/** Where the simulator's odometer of vehicle `i` starts (tools/src/simulator/vehicle.ts), in metres. */
const odometerMetres = (i: number): number => 10_000_000 + i * 1_234_567;

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

export async function seedDemo(db: Db, now = Date.now()): Promise<boolean> {
  const done = await readSetting(db, 'demoSeeded', { at: 0 });
  if (done.at) return false;
  const rnd = prng(20261122);
  const b = (v: boolean) => fromBool(db.dialect, v);

  const groupIds: number[] = [];
  for (const name of GROUPS)
    groupIds.push(await insert(db, 'groups', { name, groupId: null, attributes: toJson({}) }));

  const driverIds: number[] = [];
  for (let i = 0; i < DEMO_DRIVER_COUNT; i++) {
    const name = `${FIRST[i % FIRST.length]} ${LAST[(i * 3) % LAST.length]}`;
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
      device_type: 1,
      has_immobilization: i % 4 === 0 ? 1 : 0,
      has_canbus: i % 5 === 0 ? 1 : 0,
      has_rfid: i % 3 === 0 ? 1 : 0,
      fuel_tank_capacity: category === 'truck' ? 400 : 60,
      tags: i % 6 === 0 ? 'frio' : undefined,
      ...(machine ? { vehicle_type: 3, engine_voltage: 13, show_hours: 1 } : {}),
      ...(i === 7 ? { privacy: 1 } : {}),
      ...(i === 11 ? { in_maintenance: 1 } : {}),
      // the simulator's DualCams answer camera requests for these
      ...(DEMO_CAMERA_INDEXES.includes(i) ? { has_camera: 1 } : {}),
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

  // One last position per vehicle: driving, idle, parked, and a few offline for days.
  for (let i = 0; i < deviceIds.length; i++) {
    const state = i % 5;
    const ignition = state === 0 || state === 1 || state === 4;
    const speed = state === 0 || state === 4 ? 15 + rnd() * 25 : 0;
    // the inactive vehicle last reported weeks ago
    const fixTime =
      i === DEMO_VEHICLES
        ? now - 21 * 86400_000
        : i % 9 === 8
          ? now - 3 * 86400_000
          : now - Math.round(rnd() * 600_000);
    const lat = i >= 23 ? -8.79 + rnd() * 0.02 : -8.84 - rnd() * 0.12;
    const lon = i >= 23 ? 13.22 + rnd() * 0.02 : 13.2 + rnd() * 0.15;
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
          fuel: Math.round(10 + rnd() * 90),
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

  // maintenance, costs and documents: after the positions, so the summary reads the odometers
  await seedManagementDemo(db, deviceIds, now);

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
      'POLYGON ((-8.9000 13.3600, -8.9000 13.3800, -8.9150 13.3800, -8.9150 13.3600, -8.9000 13.3600))',
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

  const notification = await insert(db, 'notifications', {
    type: 'geofenceEnter',
    always: b(true),
    notificators: 'web',
    attributes: toJson({ description: 'Entrada em zona' }),
  });
  await link(db, 'userNotification', { userId: manager, notificationId: notification });

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
  await seedTachoDriversDemo(db, trucks.length ? trucks.map((t) => Number(t.id)) : deviceIds, now);
  await seedTachoFilesDemo(db, now);
  await writeSetting(db, 'demoSeeded', { at: now });
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const db = openDatabase(
    config.database.kind === 'sqlite'
      ? { kind: 'sqlite', file: config.database.file }
      : { kind: 'postgres', url: config.database.url },
  );
  await migrateToLatest(db);
  await ensureAdministrator(db, config.adminEmail, config.adminPassword, log);
  const seeded = await seedDemo(db);
  console.log(
    seeded
      ? `Demo fleet created (users gestor@, operador@, consulta@frota.local; password ${DEMO_PASSWORD})`
      : 'Demo fleet already present',
  );
  await db.close();
}
