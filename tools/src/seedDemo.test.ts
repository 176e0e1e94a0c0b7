import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, seedDemoExtras, DEMO_PASSWORD, DEMO_VEHICLES } from './seedDemo';
import { parseOptions } from './simulator/options';
import { DEMO_PROTOCOL_VEHICLES } from './demoProtocols';
import { DEMO_PASSENGER_COUNT, DEMO_SCHOOL_BUS_INDEXES, demoPassengerCard } from './simulator/demoFleet';
import { deviceOffersReport } from '../../core/src/reportGates';
import { DEMO_CAMERA_INDEXES } from './simulator/camera/demoCameras';
import { dialects, startTestServer, type TestServer } from '../../server/test/harness';

describe.each(dialects())('demo seed on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => server.close());

  it('creates the demo fleet once, visible through the API with the right profiles', async () => {
    expect(await seedDemo(server.services.db)).toBe(true);
    expect(await seedDemo(server.services.db)).toBe(false);
    const admin = await server.admin();
    const devices = (await admin.get('/api/devices')).body;
    // the Teltonika fleet, the inactive vehicle, and one vehicle of each other protocol
    expect(devices).toHaveLength(DEMO_VEHICLES + 1 + DEMO_PROTOCOL_VEHICLES.length);
    const also = parseOptions(['--also', 'demo'], {}).extra;
    expect(also.map((v) => v.protocol)).toEqual(['gt06', 'h02', 'gl200', 'gps103', 'wialon', 'traccar']);
    expect(also.every((v) => devices.some((d: { uniqueId: string }) => d.uniqueId === v.uniqueId))).toBe(
      true,
    );
    // they start from an odometer of their own, not from 0 km
    type Attributed = { uniqueId: string; attributes: { totalDistance?: number } };
    const odometers = also.map(
      (v) => devices.find((d: Attributed) => d.uniqueId === v.uniqueId).attributes.totalDistance,
    );
    expect(odometers.every((m: number | undefined) => (m ?? 0) > 10_000_000)).toBe(true);
    // every vehicle the simulator drives by default is active; one more is inactive
    const simulated = parseOptions([], {}).ids;
    expect(simulated).toHaveLength(DEMO_VEHICLES);
    type Device = { uniqueId: string; disabled: boolean };
    const byUniqueId = new Map<string, Device>(devices.map((d: Device) => [d.uniqueId, d]));
    expect(simulated.every((id) => byUniqueId.get(id)?.disabled === false)).toBe(true);
    const inactive = devices.filter((d: { disabled: boolean }) => d.disabled);
    expect(inactive.map((d: { status: string }) => d.status)).toEqual(['offline']);
    expect(new Set(devices.map((d: { category: string }) => d.category)).size).toBeGreaterThanOrEqual(5);
    expect(devices.every((d: { attributes: { license_plate?: string } }) => d.attributes.license_plate)).toBe(
      true,
    );
    // the vehicles whose simulated DualCam answers camera requests
    const withCamera = devices.filter(
      (d: { attributes: { has_camera?: number } }) => d.attributes.has_camera === 1,
    );
    expect(withCamera.map((d: { uniqueId: string }) => d.uniqueId)).toEqual(
      DEMO_CAMERA_INDEXES.map((i) => String(356307042440000n + BigInt(i))),
    );
    const zones = (await admin.get('/api/geofences')).body.map((z: { area: string }) => z.area.split(' ')[0]);
    expect(new Set(zones)).toEqual(new Set(['CIRCLE', 'POLYGON', 'LINESTRING']));
    expect((await admin.get('/api/drivers')).body.length).toBeGreaterThan(5);
    expect((await admin.get('/api/positions')).body).toHaveLength(DEMO_VEHICLES + 1);
    // the tachograph: four drivers in the trucks, their card files and two vehicle units, one of each stale
    expect((await admin.get('/report/api.php/tacho_drivers')).body).toHaveLength(4);
    type TachoFile = { file_type: string; stale: boolean; days: number };
    const files: TachoFile[] = (await admin.get('/report/api.php/tacho_files')).body;
    expect(files.map((f) => f.file_type).sort()).toEqual(['D', 'D', 'D', 'D', 'V', 'V']);
    expect(
      files
        .filter((f) => f.stale)
        .map((f) => f.file_type)
        .sort(),
    ).toEqual(['D', 'V']);
    expect(files.every((f) => f.days > 0)).toBe(true);

    const manager = server.client();
    expect((await manager.login('gestor@frota.local', DEMO_PASSWORD)).status).toBe(200);
    expect((await manager.get('/api/users')).body.length).toBe(5);
    const operator = server.client();
    await operator.login('operador@frota.local', DEMO_PASSWORD);
    // the operator's three groups, not the machines and boats
    expect((await operator.get('/api/devices')).body.length).toBeLessThan(devices.length - 3);
    expect((await server.client().login('bloqueado@frota.local', DEMO_PASSWORD)).status).toBe(400);
    const ro = server.client();
    await ro.login('consulta@frota.local', DEMO_PASSWORD);
    expect((await ro.post('/api/groups', { name: 'x' })).status).toBe(403);
  });

  type Device = {
    id: number;
    uniqueId: string;
    name: string;
    category: string;
    phone: string;
    attributes: Record<string, unknown>;
  };
  const byIndex = (devices: Device[], i: number) =>
    devices.find((d) => d.uniqueId === String(356307042440000 + i))!;
  const localDay = (time: number) => new Date(time + 3_600_000).toISOString().slice(0, 10);

  it('gives the specific reports and passenger control vehicles, passengers and their pickups', async () => {
    const admin = await server.admin();
    const devices: Device[] = (await admin.get('/api/devices')).body;
    // eco_driving and rag: the canbus cars and trucks, not the canbus machine, nor any other vehicle
    const offering = (report: 'eco_driving' | 'rag') =>
      devices.filter((d) => deviceOffersReport(d, report)).map((d) => Number(d.uniqueId) - 356307042440000);
    expect(offering('eco_driving')).toEqual([0, 5, 10, 15]);
    expect(offering('rag')).toEqual([0, 5, 10, 15]);
    // emissions: g CO2/km on the road vehicles without a canbus fuel reading
    expect(byIndex(devices, 1).attributes.emissions).toBe(235);
    expect(devices.filter((d) => typeof d.attributes.emissions === 'number')).toHaveLength(16);
    // machines (vehicle_type 3), one of them the crane whose lift is digital input 2
    const machines = devices.filter((d) => d.attributes.vehicle_type === 3);
    expect(machines.map((d) => [d.name, d.category])).toEqual([
      ['Máquina 1', 'truck'],
      ['Máquina 2', 'truck'],
      ['Grua 1', 'crane'],
    ]);
    expect(byIndex(devices, 22).attributes.pto_port).toBe(2);
    // the school buses with their card readers
    const buses = devices.filter((d) => d.attributes.has_passengers === 1);
    expect(buses.map((d) => [d.category, d.name.split(' (')[0]])).toEqual([
      ['bus', 'Escolar 1'],
      ['bus', 'Escolar 2'],
    ]);
    expect(buses.map((d) => d.id)).toEqual(DEMO_SCHOOL_BUS_INDEXES.map((i) => byIndex(devices, i).id));

    // manager and operator hold every specific report and passenger control, and see the 15 passengers
    for (const email of ['gestor@frota.local', 'operador@frota.local']) {
      const user = server.client();
      expect((await user.login(email, DEMO_PASSWORD)).status).toBe(200);
      const session = (await user.get('/api/session')).body;
      expect(session.attributes.permissions).toEqual(
        expect.arrayContaining(['custom_reports', 'passengers']),
      );
      type Row = { cardId: string; groupId: number };
      const passengers: Row[] = (await user.get('/api/passengers')).body;
      expect(passengers).toHaveLength(DEMO_PASSENGER_COUNT);
      expect(new Set(passengers.map((p) => p.cardId))).toEqual(
        new Set(Array.from({ length: DEMO_PASSENGER_COUNT }, (_, i) => demoPassengerCard(i))),
      );
      expect(new Set(passengers.map((p) => p.groupId)).size).toBe(2);
    }
    const groups = (await admin.get('/api/groups')).body.map((g: { name: string }) => g.name);
    expect(groups.filter((g: string) => g.startsWith('Alunos - Escolar'))).toHaveLength(2);

    // the last five working days' morning rounds: the first bus's 8 pupils, once a day each
    const manager = server.client();
    await manager.login('gestor@frota.local', DEMO_PASSWORD);
    const now = Date.now();
    const period = { from: `${localDay(now - 8 * 86_400_000)} 00:00:00`, to: `${localDay(now)} 23:59:59` };
    const byVehicle = await manager.post('/report/report_passenger_vehicle.php', {
      ...period,
      devices: [buses[0].id],
    });
    expect(byVehicle.status).toBe(200);
    expect(byVehicle.body).toHaveLength(1);
    expect(byVehicle.body[0].data).toHaveLength(5 * 8);
    const perDay = new Map<string, number>();
    for (const row of byVehicle.body[0].data as string[][]) {
      const day = row[0].slice(0, 10);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
      expect(row[0].slice(11, 13)).toBe('06');
    }
    expect([...perDay.values()]).toEqual([8, 8, 8, 8, 8]);
  });

  it('gives the Traccar API a calendar, saved commands, a computed attribute and a scheduled report', async () => {
    const manager = server.client();
    await manager.login('gestor@frota.local', DEMO_PASSWORD);
    const calendars = (await manager.get('/api/calendars')).body;
    expect(calendars.map((c: { name: string }) => c.name)).toEqual(['Dias úteis']);
    expect(Buffer.from(calendars[0].data, 'base64').toString('utf8')).toContain('BYDAY=MO,TU,WE,TH,FR');
    const commands = (await manager.get('/api/commands')).body;
    expect(commands.map((c: { type: string }) => c.type).sort()).toEqual(['engineResume', 'engineStop']);
    const computed = (await manager.get('/api/attributes/computed')).body;
    expect(computed).toMatchObject([
      { attribute: 'engineOn', expression: 'ignition && power != null && power > 12', type: 'boolean' },
    ]);
    const groupId = (await manager.get('/api/groups')).body.find(
      (g: { name: string }) => g.name === 'Luanda Centro',
    ).id;
    expect((await manager.get(`/api/attributes/computed?groupId=${groupId}`)).body).toHaveLength(1);
    const scheduled = (await manager.get('/api/reports')).body;
    expect(scheduled).toMatchObject([{ type: 'summary', calendarId: calendars[0].id }]);
    // the scheduled reports screen: the group's trips every Monday, the fleet's alerts every morning
    const schedules = (await manager.get('/report/api.php/report_scheduler')).body;
    expect(schedules).toMatchObject([
      { report_name: 'Alertas do dia - frota', report_type: 'alerts', report_periodicity: 'D' },
      { report_name: 'Viagens da semana - Luanda Centro', report_type: 'trips', report_periodicity: 'W' },
    ]);
    expect(schedules[0].report_ids.split(',')).toHaveLength(DEMO_VEHICLES);
    expect(
      schedules.every((s: { report_destination: string }) => s.report_destination === 'gestor@frota.local'),
    ).toBe(true);
    // alerts: zone entries on the live screen, speeding by e-mail only (no notice on the live screen)
    const notifications = (await manager.get('/api/notifications')).body as Array<{
      type: string;
      notificators: string;
    }>;
    expect(notifications.map((n) => [n.type, n.notificators]).sort()).toEqual([
      ['deviceOverspeed', 'mail'],
      ['geofenceEnter', 'web'],
    ]);
    // the operator holds none of the manager's objects
    const operator = server.client();
    await operator.login('operador@frota.local', DEMO_PASSWORD);
    expect((await operator.get('/api/calendars')).body).toEqual([]);
  });

  it('adds nothing twice, also when the extras run again on a seeded demo', async () => {
    const admin = await server.admin();
    const count = async () => ({
      passengers: (await admin.get('/api/passengers')).body.length,
      groups: (await admin.get('/api/groups')).body.length,
      calendars: (await admin.get('/api/calendars')).body.length,
      commands: (await admin.get('/api/commands')).body.length,
      computed: (await admin.get('/api/attributes/computed')).body.length,
      schedules: (await admin.get('/report/api.php/report_scheduler')).body.length,
      session: (await admin.get('/api/users')).body.find(
        (u: { email: string }) => u.email === 'gestor@frota.local',
      ).attributes.permissions.length,
    });
    const before = await count();
    expect(await seedDemo(server.services.db)).toBe(false);
    await seedDemoExtras(server.services.db);
    expect(await count()).toEqual(before);
    expect(before).toMatchObject({
      passengers: DEMO_PASSENGER_COUNT,
      calendars: 1,
      commands: 2,
      computed: 1,
    });
  });
});
