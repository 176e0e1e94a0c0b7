/**
 * The fleet of the driving reports' tests (Monday 10 March 2025, Africa/Luanda), every figure known in
 * advance (server/test/reports/customReportsDriving.test.ts). All tracks run east along -8.8° from 13.2°.
 *
 * Eco 1 (canbus, eco-driving and RAG flags; limit 80 km/h)
 *   08:00-09:00  driver Ana (DRVA): 70 km/h to 08:06 inside zone "Centro", 100 km/h 08:10-08:13, else
 *                60 km/h: 63 km; hard acceleration 08:05, hard braking 08:20 (two positions), hard cornering
 *                08:40; rpm 3500 08:30:00-08:31:00 (60 s) and at 08:50 alone
 *   09:00-09:10  idling (Ana), then parked
 *   10:00-10:40  driver Bruno (DRVB) at 60 km/h: 40 km, hard braking 10:10; idling 10:40-10:43
 * Eco 2 (phone 213…, no flags, no driver): 11:00-11:10 at 60 km/h (10 km), hard braking at 11:02, 11:04, 11:06
 * Camião X: no flags, no phone (eco_driving and rag refused)
 * Longo (driver Carlos, DRVC): 50 km/h 05:00-10:00, parked 10:00-10:45, 50 km/h 10:45-15:00
 * Avaria: parked with power 12.5 V from 06:00; 08:00-08:20 at 30 km/h with power 0 V and a powerCut alarm
 *   08:05-08:08, invalid fixes 08:10:00-08:15:30, jamming 08:17:00-08:17:30, fault 08:19:00; parked at
 *   08:20, silent until 11:00, reports to 11:50, then silent to the end of the day
 * Recolha: zones "Contentor 1..3" at 2, 5 and 8 km (radius 300 m), "Contentor 4" elsewhere; collects at
 *   07:02-07:10:30, 07:13-07:20:30, 07:23-07:30:30; parked on the 11th 08:00-09:00 (no visit)
 */
import type { Client, TestServer } from '../../../../../test/harness';
import { userClient } from '../../../../../test/harness';
import { kmhToKnots } from '@frota/core';
import { at } from '../../../testing/seedDay';
import { buildTrack, every, insertTrack, metresPerLonDegree, type TrackPoint } from '../../../testing/track';

const MIN = 60_000;
export const ORIGIN = { latitude: -8.8, longitude: 13.2, totalDistance: 0 };
const lonAt = (metres: number) => ORIGIN.longitude + metres / metresPerLonDegree(ORIGIN.latitude);
const circle = (metres: number, radius: number) => `CIRCLE (${ORIGIN.latitude} ${lonAt(metres)}, ${radius})`;

export const DRIVING_PERMISSIONS = [
  'custom_reports.luanda_speeding',
  'custom_reports.vista_waste',
  'custom_reports.eco_driving',
  'custom_reports.rag',
  'custom_reports.driving_limits',
  'custom_reports.malfunction',
];

type Attrs = (t: number) => Record<string, unknown>;
const none: Attrs = () => ({});
const parked = (from: number, to: number, step: number, attrs = none): TrackPoint[] =>
  every(from, to, step, (t) => ({ speed: 0, ignition: false, attrs: attrs(t) }));
const driving = (from: number, to: number, speed: (t: number) => number, attrs = none, step = 30_000) =>
  every(from, to, step, (t) => ({ speed: speed(t), ignition: true, attrs: attrs(t) }));
const idling = (from: number, to: number, attrs = none) =>
  every(from, to, 30_000, (t) => ({ speed: 0, ignition: true, attrs: attrs(t) }));

function eco1(): TrackPoint[] {
  const alarms: Record<number, string> = {
    [at(8, 5)]: 'hardAcceleration',
    [at(8, 20)]: 'hardBraking',
    [at(8, 20, 30)]: 'hardBraking',
    [at(8, 40)]: 'hardCornering',
    [at(10, 10)]: 'hardBraking',
  };
  const revs = new Set([at(8, 30), at(8, 30, 30), at(8, 31), at(8, 50)]);
  const ana: Attrs = (t) => ({
    driverUniqueId: 'DRVA',
    rpm: revs.has(t) ? 3500 : 2000,
    ...(alarms[t] ? { alarm: alarms[t] } : {}),
  });
  const bruno: Attrs = (t) => ({
    driverUniqueId: 'DRVB',
    rpm: 2000,
    ...(alarms[t] ? { alarm: alarms[t] } : {}),
  });
  return [
    ...parked(at(7), at(8), 10 * MIN),
    ...driving(at(8), at(9), (t) => (t < at(8, 6) ? 70 : t >= at(8, 10) && t < at(8, 13) ? 100 : 60), ana),
    ...idling(at(9), at(9, 10), () => ({ driverUniqueId: 'DRVA', rpm: 800 })),
    ...parked(at(9, 10), at(10), 10 * MIN),
    ...driving(at(10), at(10, 40), () => 60, bruno),
    ...idling(at(10, 40), at(10, 43), () => ({ driverUniqueId: 'DRVB', rpm: 800 })),
    ...parked(at(10, 43), at(12), 10 * MIN),
  ];
}

function eco2(): TrackPoint[] {
  const braking = new Set([at(11, 2), at(11, 4), at(11, 6)]);
  return [
    ...parked(at(10, 50), at(11), 10 * MIN),
    ...driving(
      at(11),
      at(11, 10),
      () => 60,
      (t) => (braking.has(t) ? { alarm: 'hardBraking' } : {}),
    ),
    ...parked(at(11, 10), at(11, 30), 10 * MIN),
  ];
}

function longo(): TrackPoint[] {
  const carlos = () => ({ driverUniqueId: 'DRVC' });
  return [
    ...parked(at(4), at(5), 30 * MIN),
    ...driving(at(5), at(10), () => 50, carlos, MIN),
    ...parked(at(10), at(10, 45), 15 * MIN),
    ...driving(at(10, 45), at(15), () => 50, carlos, MIN),
    ...parked(at(15), at(16), 15 * MIN),
  ];
}

function avaria(): TrackPoint[] {
  const power = { power: 12.5 };
  const alarms: Record<number, string> = {
    [at(8, 17)]: 'jamming',
    [at(8, 17, 30)]: 'jamming',
    [at(8, 19)]: 'fault',
  };
  return [
    ...parked(at(6), at(8), 10 * MIN, () => power),
    ...driving(
      at(8),
      at(8, 20),
      () => 30,
      (t) =>
        t >= at(8, 5) && t < at(8, 8)
          ? { power: 0, alarm: 'powerCut' }
          : { ...power, ...(alarms[t] ? { alarm: alarms[t] } : {}) },
    ).map((p) => (p.time >= at(8, 10) && p.time < at(8, 16) ? { ...p, valid: false } : p)),
    ...parked(at(8, 20), at(8, 21), 10 * MIN, () => power),
    ...parked(at(11), at(12), 10 * MIN, () => power),
  ];
}

function recolha(): TrackPoint[] {
  return [
    ...parked(at(6, 50), at(7), 10 * MIN),
    ...driving(at(7), at(7, 2), () => 60),
    ...idling(at(7, 2), at(7, 10)),
    ...driving(at(7, 10), at(7, 13), () => 60),
    ...idling(at(7, 13), at(7, 20)),
    ...driving(at(7, 20), at(7, 23), () => 60),
    ...idling(at(7, 23), at(7, 30)),
    ...driving(at(7, 30), at(7, 32), () => 60),
    ...parked(at(7, 32), at(9), 10 * MIN),
    ...parked(at(8, 0, 0, 11), at(9, 0, 0, 11), 10 * MIN),
  ];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- API answers are loose JSON here
const ok = async (p: Promise<{ status: number; body: any; text: string }>) => {
  const r = await p;
  if (r.status >= 300) throw new Error(`fixture call failed: ${r.status} ${r.text}`);
  return r.body;
};

export async function drivingFleet(server: TestServer) {
  const admin: Client = await server.admin();
  const group = await ok(admin.post('/api/groups', { name: 'Frota' }));
  const device = (name: string, extra: Record<string, unknown> = {}) =>
    ok(admin.post('/api/devices', { name, uniqueId: `DRV-${name}`, groupId: group.id, ...extra }));
  const eco1Device = await device('Eco 1', {
    attributes: { has_canbus: true, has_eco_driving: true, has_rag: true, speedLimit: kmhToKnots(80) },
  });
  const eco2Device = await device('Eco 2', { phone: '+213900000000' });
  const plain = await device('Camião X');
  const longoDevice = await device('Longo');
  const avariaDevice = await device('Avaria');
  const recolhaDevice = await device('Recolha');
  const zone = (name: string, area: string) => ok(admin.post('/api/geofences', { name, area }));
  const centro = await zone('Centro', circle(3500, 3700));
  const containers = [
    await zone('Contentor 1', circle(2000, 300)),
    await zone('Contentor 2', circle(5000, 300)),
    await zone('Contentor 3', circle(8000, 300)),
    await zone('Contentor 4', `CIRCLE (-9.5 13.5, 300)`),
  ];
  const driver = (name: string, uniqueId: string) => ok(admin.post('/api/drivers', { name, uniqueId }));
  const ana = await driver('Ana', 'DRVA');
  const bruno = await driver('Bruno', 'DRVB');
  const carlos = await driver('Carlos', 'DRVC');
  const manager = await userClient(server, admin, {
    email: 'controlador@x.ao',
    attributes: { permissions: DRIVING_PERMISSIONS, timezone: 'Africa/Luanda' },
  });
  const outsider = await userClient(server, admin, {
    email: 'semrelatorios@x.ao',
    attributes: { permissions: ['reports.trips'] },
  });
  await ok(
    admin.post('/api/permissions/bulk', [
      { userId: manager.id, groupId: group.id },
      { userId: outsider.id, groupId: group.id },
      ...[centro, ...containers].map((z) => ({ userId: manager.id, geofenceId: z.id })),
      ...[ana, bruno, carlos].map((d) => ({ groupId: group.id, driverId: d.id })),
    ]),
  );
  const db = server.services.db;
  const tracks: Array<[number, TrackPoint[]]> = [
    [eco1Device.id, eco1()],
    [eco2Device.id, eco2()],
    [longoDevice.id, longo()],
    [avariaDevice.id, avaria()],
    [recolhaDevice.id, recolha()],
  ];
  for (const [id, points] of tracks) await insertTrack(db, id, buildTrack(ORIGIN, points));
  return {
    admin,
    manager,
    outsider,
    eco1: eco1Device,
    eco2: eco2Device,
    plain,
    longo: longoDevice,
    avaria: avariaDevice,
    recolha: recolhaDevice,
    centro,
    containers,
    ana,
    bruno,
    carlos,
  };
}

export type DrivingFleet = Awaited<ReturnType<typeof drivingFleet>>;
