/**
 * Traccar's /api/maintenance over the maintenance entries (issue 17 point 7): list, create, update, delete
 * in Traccar's JSON shape, linked to vehicles and groups through /api/permissions {deviceId|groupId,
 * maintenanceId}; what is linked shows in the vehicle's maintenance list, and the access policy holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, type TestServer } from '../../harness';
import { API, buildManagementFleet, type ManagementFleet } from '../../managementFleet';

describe.each(dialects())('management: Traccar maintenance (%s)', (dialect) => {
  let server: TestServer;
  let f: ManagementFleet;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    f = await buildManagementFleet(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('creates, links, lists, updates, unlinks and deletes maintenances', async () => {
    expect((await f.gestor.get('/api/maintenance')).body).toEqual([]);
    const created = await f.gestor.post('/api/maintenance', {
      name: 'Óleo',
      type: 'totalDistance',
      start: 10_000_000,
      period: 15_000_000,
      attributes: { color: 'red' },
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({
      name: 'Óleo',
      type: 'totalDistance',
      start: 10_000_000,
      period: 15_000_000,
      attributes: { color: 'red', deviceId: null, complete: 0 },
    });
    const id = created.body.id;
    // not linked yet: the creator sees it, another user does not
    expect((await f.gestor.get('/api/maintenance')).body.map((m: { id: number }) => m.id)).toEqual([id]);
    expect((await f.outro.get('/api/maintenance')).body).toEqual([]);
    expect((await f.outro.get(`/api/maintenance/${id}`)).status).toBe(404);

    expect((await f.gestor.post('/api/permissions', { deviceId: f.truck, maintenanceId: id })).status).toBe(
      204,
    );
    const entries = await f.gestor.get(`${API}/maintenance/${f.truck}`);
    expect(entries.body).toHaveLength(1);
    expect(entries.body[0]).toMatchObject({ id, description: 'Óleo', km: 10000, periodicity_km: 15000 });
    expect(
      (await f.gestor.get(`/api/maintenance?deviceId=${f.truck}`)).body.map((m: { id: number }) => m.id),
    ).toEqual([id]);

    // a second vehicle gets its own copy; unlinking removes the copy only
    expect((await f.gestor.post('/api/permissions', { deviceId: f.van, maintenanceId: id })).status).toBe(
      204,
    );
    const vanEntries = (await f.gestor.get(`${API}/maintenance/${f.van}`)).body;
    expect(vanEntries).toHaveLength(1);
    expect(vanEntries[0]).toMatchObject({ description: 'Óleo', km: 10000 });
    expect(vanEntries[0].id).not.toBe(id);
    expect((await f.gestor.get('/api/maintenance')).body).toHaveLength(1);

    const updated = await f.gestor.put(`/api/maintenance/${id}`, {
      id,
      name: 'Óleo e filtros',
      type: 'totalDistance',
      start: 12_000_000,
      period: 10_000_000,
      attributes: {},
    });
    expect(updated.body).toMatchObject({ name: 'Óleo e filtros', start: 12_000_000, period: 10_000_000 });
    expect((await f.gestor.get(`${API}/maintenance/${f.van}`)).body[0]).toMatchObject({
      description: 'Óleo e filtros',
      periodicity_km: 10000,
    });

    expect((await f.gestor.del('/api/permissions', { deviceId: f.van, maintenanceId: id })).status).toBe(204);
    expect((await f.gestor.get(`${API}/maintenance/${f.van}`)).body).toEqual([]);
    expect((await f.gestor.get(`${API}/maintenance/${f.truck}`)).body).toHaveLength(1);

    // groups: each vehicle of the group the user sees
    const hours = await f.admin.post('/api/maintenance', {
      name: 'Horas',
      type: 'hours',
      start: 0,
      period: 3_600_000 * 250,
    });
    expect(
      (await f.admin.post('/api/permissions', { groupId: f.group, maintenanceId: hours.body.id })).status,
    ).toBe(204);
    expect(
      (await f.gestor.get(`${API}/maintenance/${f.truck}`)).body
        .map((e: { description: string }) => e.description)
        .sort(),
    ).toEqual(['Horas', 'Óleo e filtros']);
    const hourEntry = (await f.gestor.get(`/api/maintenance?deviceId=${f.truck}`)).body.find(
      (m: { name: string }) => m.name === 'Horas',
    );
    expect(hourEntry).toMatchObject({ type: 'hours', period: 3_600_000 * 250 });
    expect(
      (await f.admin.del('/api/permissions', { groupId: f.group, maintenanceId: hours.body.id })).status,
    ).toBe(204);
    expect((await f.gestor.get(`${API}/maintenance/${f.truck}`)).body).toHaveLength(1);

    // access
    expect((await f.outro.post('/api/permissions', { deviceId: f.far, maintenanceId: id })).status).toBe(404);
    expect((await f.gestor.post('/api/permissions', { deviceId: f.far, maintenanceId: id })).status).toBe(
      404,
    );
    expect((await f.leitor.post('/api/maintenance', { name: 'x' })).status).toBe(403);
    expect((await f.leitor.put(`/api/maintenance/${id}`, { name: 'x' })).status).toBe(403);
    expect((await f.semPermissao.post('/api/maintenance', { name: 'x' })).status).toBe(403);
    expect((await f.outro.del(`/api/maintenance/${id}`)).status).toBe(404);
    expect((await f.gestor.post('/api/maintenance', { name: '' })).text).toBe('Deve indicar a descrição');
    expect((await f.gestor.post('/api/maintenance', { name: 'x', period: 'y' })).text).toBe(
      'A periodicidade deve ser numérica',
    );

    expect((await f.gestor.del(`/api/maintenance/${id}`)).status).toBe(204);
    expect((await f.gestor.get(`${API}/maintenance/${f.truck}`)).body).toEqual([]);
    expect((await f.gestor.get('/api/maintenance')).body).toEqual([]);
    // the ordinary links still work
    expect((await f.admin.post('/api/permissions', { userId: 999999, deviceId: f.truck })).status).toBe(404);
  });
});
