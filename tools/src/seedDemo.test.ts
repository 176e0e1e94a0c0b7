import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, DEMO_PASSWORD } from './seedDemo';
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
    expect(devices).toHaveLength(25);
    expect(new Set(devices.map((d: { category: string }) => d.category)).size).toBeGreaterThanOrEqual(5);
    expect(devices.every((d: { attributes: { license_plate?: string } }) => d.attributes.license_plate)).toBe(true);
    const zones = (await admin.get('/api/geofences')).body.map((z: { area: string }) => z.area.split(' ')[0]);
    expect(new Set(zones)).toEqual(new Set(['CIRCLE', 'POLYGON', 'LINESTRING']));
    expect((await admin.get('/api/drivers')).body.length).toBeGreaterThan(5);
    expect((await admin.get('/api/positions')).body).toHaveLength(25);

    const manager = server.client();
    expect((await manager.login('gestor@frota.local', DEMO_PASSWORD)).status).toBe(200);
    expect((await manager.get('/api/users')).body.length).toBe(5);
    const operator = server.client();
    await operator.login('operador@frota.local', DEMO_PASSWORD);
    expect((await operator.get('/api/devices')).body.length).toBeLessThan(25);
    expect((await server.client().login('bloqueado@frota.local', DEMO_PASSWORD)).status).toBe(400);
    const ro = server.client();
    await ro.login('consulta@frota.local', DEMO_PASSWORD);
    expect((await ro.post('/api/groups', { name: 'x' })).status).toBe(403);
  });
});
