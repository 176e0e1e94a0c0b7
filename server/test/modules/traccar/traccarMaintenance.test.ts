/**
 * Traccar's /api/maintenance as Traccar's clients use it (issue 23), over the management module's
 * maintenance entries (issue 17): the five operations in Traccar's shape, Traccar's list parameters
 * (userId, keyword, sorted by name, limit/offset, excludeAttributes) and the access policy (404).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, type TestServer } from '../../harness';
import { buildManagementFleet, type ManagementFleet } from '../../managementFleet';

const HOUR = 3_600_000;

describe.each(dialects())('Traccar maintenance on %s', (dialect) => {
  let server: TestServer;
  let f: ManagementFleet;
  let userIds: Record<string, number>;
  let oil: number;
  let belt: number;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    f = await buildManagementFleet(server);
    userIds = Object.fromEntries(
      (await f.admin.get('/api/users')).body.map((u: { email: string; id: number }) => [u.email, u.id]),
    );
  });
  afterAll(async () => server?.close());

  const names = (body: Array<{ name: string }>) => body.map((m) => m.name);

  it('creates and reads maintenances in Traccar shape', async () => {
    const created = await f.gestor.post('/api/maintenance', {
      id: 0,
      name: 'Óleo',
      type: 'totalDistance',
      start: 10_000_000,
      period: 15_000_000,
      attributes: {},
    });
    expect(created.status, created.text).toBe(200);
    oil = created.body.id;
    expect(Object.keys(created.body).sort()).toEqual(['attributes', 'id', 'name', 'period', 'start', 'type']);
    expect(created.body).toMatchObject({ id: oil, name: 'Óleo', type: 'totalDistance', start: 10_000_000 });
    const hours = await f.gestor.post('/api/maintenance', {
      name: 'Correia',
      type: 'hours',
      start: 500 * HOUR,
      period: 250 * HOUR,
      attributes: { color: 'blue' },
    });
    belt = hours.body.id;
    expect(hours.body).toMatchObject({
      name: 'Correia',
      type: 'hours',
      start: 500 * HOUR,
      period: 250 * HOUR,
      attributes: { color: 'blue' },
    });
    expect((await f.gestor.get(`/api/maintenance/${belt}`)).body).toEqual(hours.body);
  });

  it("applies Traccar's list parameters", async () => {
    expect(names((await f.gestor.get('/api/maintenance')).body)).toEqual(['Correia', 'Óleo']);
    expect(names((await f.gestor.get('/api/maintenance?keyword=ÓL')).body)).toEqual(['Óleo']);
    expect(names((await f.gestor.get('/api/maintenance?keyword=oleo')).body)).toEqual(['Óleo']);
    expect(names((await f.gestor.get('/api/maintenance?limit=1&offset=1')).body)).toEqual(['Óleo']);
    const bare = (await f.gestor.get('/api/maintenance?keyword=corr&excludeAttributes=true')).body;
    expect(bare).toEqual([
      { id: belt, name: 'Correia', type: 'hours', start: 500 * HOUR, period: 250 * HOUR, attributes: {} },
    ]);
    expect(
      names((await f.admin.get(`/api/maintenance?userId=${userIds['gestor@frota.local']}`)).body),
    ).toEqual(['Correia', 'Óleo']);
    expect((await f.admin.get(`/api/maintenance?userId=${userIds['outro@frota.local']}`)).body).toEqual([]);
    // linked to the truck: listed for it
    expect((await f.gestor.post('/api/permissions', { deviceId: f.truck, maintenanceId: oil })).status).toBe(
      204,
    );
    expect(names((await f.gestor.get(`/api/maintenance?deviceId=${f.truck}`)).body)).toEqual(['Óleo']);
  });

  it('updates and deletes; another user gets 404', async () => {
    const updated = await f.gestor.put(`/api/maintenance/${belt}`, {
      id: belt,
      name: 'Correia de distribuição',
      type: 'hours',
      start: 600 * HOUR,
      period: 300 * HOUR,
      attributes: { color: 'blue' },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'Correia de distribuição',
      start: 600 * HOUR,
      period: 300 * HOUR,
    });

    expect((await f.outro.get(`/api/maintenance/${belt}`)).status).toBe(404);
    expect((await f.outro.put(`/api/maintenance/${belt}`, { name: 'x' })).status).toBe(404);
    expect((await f.outro.del(`/api/maintenance/${belt}`)).status).toBe(404);
    expect((await f.outro.get(`/api/maintenance?userId=${userIds['gestor@frota.local']}`)).status).toBe(404);
    expect((await f.outro.get('/api/maintenance')).body).toEqual([]);

    expect((await f.gestor.del(`/api/maintenance/${belt}`)).status).toBe(204);
    expect((await f.gestor.get(`/api/maintenance/${belt}`)).status).toBe(404);
    expect(names((await f.gestor.get('/api/maintenance')).body)).toEqual(['Óleo']);
  });
});
