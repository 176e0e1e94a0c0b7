import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, DEMO_PASSWORD, DEMO_VEHICLES } from './seedDemo';
import { parseOptions } from './simulator/options';
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
    expect(devices).toHaveLength(DEMO_VEHICLES + 1);
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
    expect((await operator.get('/api/devices')).body.length).toBeLessThan(DEMO_VEHICLES);
    expect((await server.client().login('bloqueado@frota.local', DEMO_PASSWORD)).status).toBe(400);
    const ro = server.client();
    await ro.login('consulta@frota.local', DEMO_PASSWORD);
    expect((await ro.post('/api/groups', { name: 'x' })).status).toBe(403);
  });
});
