/**
 * The fleet of the management report tests (Africa/Luanda, UTC+1), every total known in advance:
 *
 *   Camião 1 (fuel level reported, tank 100 L), 10 March 2025:
 *     07:00-08:00 parked, fuel 80 %; 08:00-09:00 60 km/h (60 km), fuel 80 -> 74 %;
 *     09:00-12:00 parked, refilled to 94 % at 11:00; 12:00-12:30 60 km/h (30 km), fuel 94 -> 91 %; parked
 *     => 90 km, 1.5 h of engine, 9 L consumed (80 - 91 + 20), 10 L/100km
 *     maintenance 05/03/2025 1000.50 (and one of 31/12/2024 999, out of 2025; one without a cost)
 *     refills 10/03/2025 11:00 20 L 6000; 31/12/2025 23:30 30 L 9000; 01/01/2026 00:30 10 L 3000 (2026 locally)
 *     costs insurance 15/01/2025 350000, tax 20/03/2025 18500, cleaning 25/03/2025 7500
 *     => 2025: 392000.50
 *   Camião 2 (no fuel level), 10 March 2025 08:00-10:00 at 50 km/h (100 km, 2 h)
 *     refill 10/03/2025 18:00 12 L 3600; costs other 01/07/2025 2000.50, license 02/07/2025 1000
 *     => 2025: 6600.50
 *   Outro (not visible to the manager): insurance 01/02/2025 5000
 */
import type { Insertable } from 'kysely';
import type { Client, TestServer } from '../../../test/harness';
import { userClient } from '../../../test/harness';
import type { Db } from '../../db/database';
import type { RefillsTable } from '../../db/refillTables';
import { fromBool, toJson } from '../../db/mapping';
import { zoneFor } from '../../track/timezone';
import { buildTrack, every, insertTrack, type TrackPoint } from './track';

export const MANAGEMENT_PERMISSIONS = [
  'management.analysis',
  'management.cost_list',
  'management.monthly_liters',
];

const TZ = zoneFor('Africa/Luanda');
/** A local time of 2025 (month 1-12). */
export const local = (month: number, day: number, h = 0, m = 0, year = 2025) =>
  TZ.toUtc(year, month, day, h, m);
const MIN = 60_000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- API answers are loose JSON here
const ok = async (p: Promise<{ status: number; body: any; text: string }>) => {
  const r = await p;
  if (r.status >= 300) throw new Error(`fixture call failed: ${r.status} ${r.text}`);
  return r.body;
};

function truckOneDay(): TrackPoint[] {
  const at = (h: number, m = 0) => local(3, 10, h, m);
  const parked = (from: number, to: number, step: number, fuel: (t: number) => number) =>
    every(from, to, step, (t) => ({ speed: 0, ignition: false, attrs: { fuel: fuel(t) } }));
  const driving = (from: number, to: number, fuel: (t: number) => number) =>
    every(from, to, 30_000, (t) => ({ speed: 60, ignition: true, attrs: { fuel: fuel(t) } }));
  const falling = (from: number, to: number, a: number, b: number) => (t: number) =>
    Math.round((a + ((b - a) * (t - from)) / (to - from)) * 100) / 100;
  return [
    ...parked(at(7), at(8), 5 * MIN, () => 80),
    ...driving(at(8), at(9), falling(at(8), at(9), 80, 74)),
    ...parked(at(9), at(12), MIN, (t) => (t < at(11) ? 74 : 94)),
    ...driving(at(12), at(12, 30), falling(at(12), at(12, 30), 94, 91)),
    ...parked(at(12, 30), at(14), MIN, () => 91),
  ];
}

function truckTwoDay(): TrackPoint[] {
  const at = (h: number) => local(3, 10, h);
  return [
    ...every(at(7), at(8), 10 * MIN, () => ({ speed: 0, ignition: false })),
    ...every(at(8), at(10), 30_000, () => ({ speed: 50, ignition: true })),
    ...every(at(10), at(12), 10 * MIN, () => ({ speed: 0, ignition: false })),
  ];
}

const refill = (deviceId: number, costDate: number, litres: number, cost: number, km: number) =>
  ({
    deviceId,
    type: 'M',
    costDate,
    sequence: 0,
    fuelType: 'diesel',
    litres,
    cost,
    invoice: `FT ${costDate}`,
    driverId: null,
    operatorId: null,
    operatorName: null,
    operatorCode: null,
    stationId: null,
    siteName: 'Posto Viana',
    latitude: null,
    longitude: null,
    km,
    hours: null,
    details: '',
    deltaKm: null,
    deltaHours: null,
    consumptionL100km: null,
    consumptionLkm: null,
    consumptionLh: null,
    consumptionL100kmYellow: null,
    consumptionL100kmRed: null,
    consumptionLkmYellow: null,
    consumptionLkmRed: null,
    consumptionLhYellow: null,
    consumptionLhRed: null,
    userId: null,
    createdAt: costDate,
  }) satisfies Insertable<RefillsTable>;

async function seedCosts(db: Db, a: number, b: number, hidden: number): Promise<void> {
  const k = db.kysely;
  const maintenance = (deviceId: number, dateStart: string, cost: number | null, description: string) => ({
    deviceId,
    userId: null,
    templateId: null,
    dateStart,
    dateEnd: dateStart,
    complete: fromBool(db.dialect, true),
    description,
    km: 10000,
    periodicityKm: 10000,
    hours: null,
    periodicityHours: null,
    location: 'Oficina Central',
    cost,
    invoice: `FT ${dateStart}`,
    type: 'totalDistance',
    attributes: toJson({}),
  });
  await k
    .insertInto('maintenances')
    .values([
      maintenance(a, '2025-03-05', 1000.5, 'Revisão geral'),
      maintenance(a, '2024-12-31', 999, 'Revisão de 2024'),
      maintenance(a, '2025-06-01', null, 'Inspecção sem custo'),
    ])
    .execute();
  await k
    .insertInto('refills')
    .values([
      refill(a, local(3, 10, 11), 20, 6000, 10060),
      refill(a, local(12, 31, 23, 30), 30, 9000, 10400),
      refill(a, local(1, 1, 0, 30, 2026), 10, 3000, 10500),
      refill(b, local(3, 10, 18), 12, 3600, 20100),
    ])
    .execute();
  const cost = (
    deviceId: number,
    costDate: string,
    costType: string,
    value: number,
    designation: string,
  ) => ({
    deviceId,
    costDate,
    costType,
    entity: 'Entidade',
    designation,
    invoice: `C ${costDate}`,
    cost: value,
    warning: fromBool(db.dialect, false),
    expiryDate: null,
  });
  await k
    .insertInto('costs')
    .values([
      cost(a, '2025-01-15', 'insurance', 350000, 'Seguro anual'),
      cost(a, '2025-03-20', 'tax', 18500, 'Taxa de circulação'),
      cost(a, '2025-03-25', 'cleaning', 7500, 'Lavagem'),
      cost(b, '2025-07-01', 'other', 2000.5, 'Portagens'),
      cost(b, '2025-07-02', 'license', 1000, 'Licença de transporte'),
      cost(hidden, '2025-02-01', 'insurance', 5000, 'Seguro de outro'),
    ])
    .execute();
}

export async function managementFleet(server: TestServer) {
  const admin: Client = await server.admin();
  const group = await ok(admin.post('/api/groups', { name: 'Frota Luanda' }));
  const a = await ok(
    admin.post('/api/devices', {
      name: 'Camião 1',
      uniqueId: 'MGT0001',
      groupId: group.id,
      attributes: { license_plate: 'LD-11-00-AA', fuel_tank_capacity: 100, has_canbus: true },
    }),
  );
  const b = await ok(
    admin.post('/api/devices', {
      name: 'Camião 2',
      uniqueId: 'MGT0002',
      groupId: group.id,
      attributes: { license_plate: 'LD-22-00-BB' },
    }),
  );
  const hidden = await ok(admin.post('/api/devices', { name: 'Outro', uniqueId: 'MGT0003' }));
  const manager = await userClient(server, admin, {
    email: 'gestor.custos@x.ao',
    name: 'Gestor',
    attributes: { permissions: MANAGEMENT_PERMISSIONS, timezone: 'Africa/Luanda' },
  });
  const reportsOnly = await userClient(server, admin, {
    email: 'relatorios@x.ao',
    attributes: { permissions: ['reports.km'], timezone: 'Africa/Luanda' },
  });
  await ok(
    admin.post('/api/permissions/bulk', [
      { userId: manager.id, groupId: group.id },
      { userId: reportsOnly.id, groupId: group.id },
    ]),
  );
  const db = server.services.db;
  await insertTrack(
    db,
    a.id,
    buildTrack({ latitude: -8.8, longitude: 13.2, totalDistance: 10_000_000 }, truckOneDay()),
  );
  await insertTrack(
    db,
    b.id,
    buildTrack({ latitude: -8.9, longitude: 13.3, totalDistance: 20_000_000 }, truckTwoDay()),
  );
  await seedCosts(db, a.id, b.id, hidden.id);
  return { admin, group, a, b, hidden, manager, reportsOnly };
}

export type ManagementFleet = Awaited<ReturnType<typeof managementFleet>>;
