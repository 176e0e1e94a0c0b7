/**
 * Management calls (document 3 §2–§7, issue 17): maintenance entries and costs of a vehicle with the §5
 * validation messages, the maintenance summary with its states, the maintenance settings saved through the
 * devices endpoint, and the access policy (another user's vehicle 404, read-only 403, no permission 403).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@frota/core';
import { dialects, startTestServer, type TestServer } from '../../harness';
import { insertPosition } from '../../fixtures';
import { API, buildManagementFleet, type ManagementFleet } from '../../managementFleet';

describe.each(dialects())('management: maintenance and costs (%s)', (dialect) => {
  let server: TestServer;
  let f: ManagementFleet;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    f = await buildManagementFleet(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const entry = (over: Record<string, unknown> = {}) => ({
    date_start: addDays(f.today, -10),
    date_end: addDays(f.today, -10),
    complete: 0,
    description: 'Revisão dos 30 000 km',
    km: '30000',
    periodicity_km: '15000',
    location: 'Oficina Central',
    cost: '125.000,50',
    invoice: 'FT 2026/12',
    ...over,
  });

  it('creates, reads, completes, reopens and deletes a maintenance entry', async () => {
    const created = await f.gestor.post(`${API}/maintenance/${f.van}`, entry());
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({
      deviceId: f.van,
      complete: 0,
      date_end: null,
      km: 30000,
      periodicity_km: 15000,
      cost: 125000.5,
      location: 'Oficina Central',
      invoice: 'FT 2026/12',
      days_in_maintenance: 10,
    });
    const id = created.body.id;
    const one = await f.gestor.get(`${API}/maintenance/${f.van}/${id}`);
    expect(one.body).toEqual(created.body);

    const done = await f.gestor.put(
      `${API}/maintenance/${f.van}/${id}`,
      entry({ complete: 1, date_end: addDays(f.today, -7) }),
    );
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ complete: 1, date_end: addDays(f.today, -7), days_in_maintenance: 3 });

    const reopened = await f.gestor.post(`${API}/maintenance/${f.van}`, {
      ...entry({ complete: 0, date_end: addDays(f.today, -7) }),
      id,
    });
    expect(reopened.body).toMatchObject({ id, complete: 0, date_end: null });

    const older = await f.gestor.post(`${API}/maintenance/${f.van}`, entry({ date_start: '2024-01-01' }));
    const list = await f.gestor.get(`${API}/maintenance/${f.van}`);
    expect(list.body.map((e: { id: number }) => e.id)).toEqual([id, older.body.id]);
    const period = await f.gestor.get(`${API}/maintenance/${f.van}?from=2024-01-01&to=2024-01-01`);
    expect(period.body.map((e: { id: number }) => e.id)).toEqual([older.body.id]);

    expect((await f.gestor.del(`${API}/maintenance/${f.van}/${older.body.id}`)).status).toBe(204);
    expect((await f.gestor.del(`${API}/maintenance/${f.van}`, { id })).status).toBe(204);
    expect((await f.gestor.get(`${API}/maintenance/${f.van}/${id}`)).status).toBe(404);
    expect((await f.gestor.get(`${API}/maintenance/${f.van}`)).body).toEqual([]);
  });

  it('answers the maintenance validation messages of §5', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ km: '' }, 'Deve indicar os km'],
      [{ km: 'abc' }, 'Os km devem ser numéricos'],
      [{ description: '' }, 'Deve indicar a descrição'],
      [{ date_start: '' }, 'Deve indicar a data de início'],
      [{ complete: 1, date_end: '' }, 'Deve indicar a data de fim'],
      [{ cost: 'dez' }, 'O custo deve ser numérico'],
      [{ periodicity_km: 'x' }, 'A periodicidade deve ser numérica'],
      [{ periodicity_hours: '-5' }, 'A periodicidade deve ser numérica'],
      [{ hours: 'muitas' }, 'As horas devem ser numéricas'],
    ];
    for (const [over, message] of cases) {
      const r = await f.gestor.post(`${API}/maintenance/${f.van}`, entry(over));
      expect([r.status, r.text]).toEqual([400, message]);
    }
    expect((await f.gestor.get(`${API}/maintenance/${f.van}`)).body).toEqual([]);
  });

  it('keeps costs newest first with expiry states and the §5 messages', async () => {
    const cost = (over: Record<string, unknown>) => ({
      cost_date: f.today,
      cost_type: 'insurance',
      entity: 'ENSA Seguros',
      designation: 'Seguro anual',
      invoice: 'AP-1',
      cost: '350.000,75',
      warning: 0,
      ...over,
    });
    const expired = await f.gestor.post(
      `${API}/cost/${f.van}`,
      cost({ cost_date: addDays(f.today, -400), warning: 1, expiry_date: addDays(f.today, -1) }),
    );
    expect(expired.status, expired.text).toBe(200);
    expect(expired.body).toMatchObject({
      cost: 350000.75,
      warning: 1,
      expiry_days: -1,
      expiry_state: 'expired',
    });
    const soon = await f.gestor.post(
      `${API}/cost/${f.van}`,
      cost({
        cost_date: addDays(f.today, -20),
        cost_type: 'tax',
        warning: '1',
        expiry_date: addDays(f.today, 29),
      }),
    );
    expect(soon.body).toMatchObject({ expiry_days: 29, expiry_state: 'soon' });
    const plain = await f.gestor.post(
      `${API}/cost/${f.van}`,
      cost({ cost_type: 'cleaning', description: 'Lavagem', designation: undefined, expiry_date: f.today }),
    );
    expect(plain.body).toMatchObject({
      designation: 'Lavagem',
      warning: 0,
      expiry_date: null,
      expiry_days: null,
      expiry_state: null,
    });
    const list = await f.gestor.get(`${API}/cost/${f.van}`);
    expect(list.body.map((c: { id: number }) => c.id)).toEqual([
      plain.body.id,
      soon.body.id,
      expired.body.id,
    ]);
    const period = await f.gestor.get(`${API}/cost/${f.van}?from=${addDays(f.today, -20)}&to=${f.today}`);
    expect(period.body.map((c: { id: number }) => c.id)).toEqual([plain.body.id, soon.body.id]);

    const edited = await f.gestor.put(
      `${API}/cost/${f.van}/${expired.body.id}`,
      cost({ warning: 1, expiry_date: addDays(f.today, 365), cost: 400000 }),
    );
    expect(edited.body).toMatchObject({ id: expired.body.id, cost: 400000, expiry_state: 'ok' });

    const cases: Array<[Record<string, unknown>, string]> = [
      [{ cost: '' }, 'Deve indicar o custo'],
      [{ cost: '12x' }, 'O custo deve ser numérico'],
      [{ designation: ' ' }, 'Deve indicar a descrição'],
      [{ cost_date: '31/12/2026' }, 'Deve indicar a data'],
      [{ cost_type: '' }, 'Deve indicar o tipo de custo'],
      [{ warning: 1, expiry_date: '' }, 'Deve indicar a data de validade'],
    ];
    for (const [over, message] of cases) {
      const r = await f.gestor.post(`${API}/cost/${f.van}`, cost(over));
      expect([r.status, r.text]).toEqual([400, message]);
    }
    expect((await f.gestor.del(`${API}/cost/${f.van}/${plain.body.id}`)).status).toBe(204);
    expect((await f.gestor.get(`${API}/cost/${f.van}`)).body).toHaveLength(2);
  });

  it('applies the access policy to every call', async () => {
    const mine = await f.gestor.post(`${API}/maintenance/${f.truck}`, entry({ complete: 1 }));
    expect(mine.status, mine.text).toBe(200);
    const costRow = await f.gestor.post(`${API}/cost/${f.truck}`, {
      cost_date: f.today,
      cost_type: 'other',
      designation: 'Pneus',
      cost: 10,
    });
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `${API}/maintenance/${f.truck}`],
      ['GET', `${API}/maintenance/${f.truck}/${mine.body.id}`],
      ['POST', `${API}/maintenance/${f.truck}`, entry()],
      ['PUT', `${API}/maintenance/${f.truck}/${mine.body.id}`, entry()],
      ['DELETE', `${API}/maintenance/${f.truck}/${mine.body.id}`],
      ['GET', `${API}/cost/${f.truck}`],
      ['PUT', `${API}/cost/${f.truck}/${costRow.body.id}`, { cost: 1 }],
      ['DELETE', `${API}/cost/${f.truck}/${costRow.body.id}`],
      ['GET', `${API}/document/${f.truck}`],
    ];
    for (const [method, path, body] of calls) {
      expect((await f.outro.request(method, path, body)).status, `outro ${method} ${path}`).toBe(404);
      expect((await f.semPermissao.request(method, path, body)).status, `no permission ${path}`).toBe(403);
      expect((await server.client().request(method, path, body)).status).toBe(401);
      expect((await f.temporario.request(method, path, body)).status, `temporary ${path}`).toBe(403);
      const read = await f.leitor.request(method, path, body);
      expect(read.status, `read-only ${method} ${path}`).toBe(method === 'GET' ? 200 : 403);
    }
    // a row of a visible vehicle is not reachable through another vehicle's path
    expect((await f.outro.get(`${API}/maintenance/${f.far}/${mine.body.id}`)).status).toBe(404);
    expect((await f.gestor.del(`${API}/maintenance/${f.van}/${mine.body.id}`)).status).toBe(404);
    expect(
      (await f.outro.get(`${API}/maintenance_summary`)).body.data.map((r: { id: number }) => r.id),
    ).toEqual([f.far]);
    expect((await f.semPermissao.get(`${API}/maintenance_summary`)).status).toBe(403);
    expect((await f.temporario.get(`${API}/maintenance_summary`)).status).toBe(403);
    // still there
    expect((await f.gestor.get(`${API}/maintenance/${f.truck}/${mine.body.id}`)).status).toBe(200);
    await f.gestor.del(`${API}/maintenance/${f.truck}/${mine.body.id}`);
    await f.gestor.del(`${API}/cost/${f.truck}/${costRow.body.id}`);
  });

  it('saves the maintenance settings through the devices endpoint with management.summary only', async () => {
    const device = (await f.gestor.get(`/api/devices/${f.truck}`)).body;
    const saved = await f.gestor.put(`/api/devices/${f.truck}`, {
      ...device,
      name: 'Renamed by a manager',
      attributes: {
        ...device.attributes,
        automaticMaintenance: 'automatic',
        automaticMaintenancePeriodicity: '10000',
      },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.name).toBe('Camião 1');
    expect(saved.body.attributes).toMatchObject({
      license_plate: 'LD-11-22-AA',
      automaticMaintenance: 'automatic',
      automaticMaintenancePeriodicity: 10000,
    });
    const bad = await f.gestor.put(`/api/devices/${f.truck}`, {
      ...device,
      attributes: { automaticMaintenance: 'sometimes' },
    });
    expect([bad.status, bad.text]).toEqual([400, 'Tipo de manutenção inválido']);
    expect((await f.leitor.put(`/api/devices/${f.truck}`, device)).status).toBe(403);
    expect((await f.semPermissao.put(`/api/devices/${f.truck}`, device)).status).toBe(403);
    expect((await f.outro.put(`/api/devices/${f.truck}`, device)).status).toBe(404);

    const manual = await f.gestor.put(`/api/devices/${f.truck}`, {
      ...saved.body,
      attributes: { ...saved.body.attributes, automaticMaintenance: 'manual' },
    });
    expect(manual.body.attributes.automaticMaintenance).toBe('manual');
    expect(manual.body.attributes).not.toHaveProperty('automaticMaintenancePeriodicity');
    // an administrator's full save keeps working, with the same rules
    const admin = await f.admin.put(`/api/devices/${f.truck}`, {
      ...manual.body,
      attributes: {
        ...manual.body.attributes,
        automaticMaintenance: 1,
        automaticMaintenancePeriodicity: 8000,
      },
    });
    expect(admin.body.attributes).toMatchObject({
      automaticMaintenance: 'automatic',
      automaticMaintenancePeriodicity: 8000,
    });
  });

  it('documents the calls in OpenAPI', async () => {
    const doc = await f.admin.get('/api/openapi.json');
    expect(doc.status).toBe(200);
    const paths = Object.keys(doc.body.paths);
    for (const path of [
      `${API}/maintenance_summary`,
      `${API}/maintenance/{vehicleId}`,
      `${API}/maintenance/{vehicleId}/{id}`,
      `${API}/cost/{vehicleId}`,
      `${API}/document/{vehicleId}`,
      `${API}/file/{documentId}`,
      `${API}/file/{documentId}/{licensePlate}`,
      '/api/maintenance',
      '/api/maintenance/{id}',
    ])
      expect(paths, path).toContain(path);
    expect(doc.body.paths[`${API}/document/{vehicleId}`].post.description).toContain('document_files');
  });

  it('summarises every vehicle with its state', async () => {
    const t = Date.now();
    // truck: automatic every 8000 km, last service at 30 000 km, now 37 500 km → 500 km left: soon
    await insertPosition(server, f.truck, t - 60_000, { totalDistance: 37_500_000, hours: 3_600_000 * 1200 });
    await f.gestor.post(
      `${API}/maintenance/${f.truck}`,
      entry({ complete: 1, km: 30000, periodicity_km: '' }),
    );
    // van: manual, 15 000 km periodicity from 30 000 → 45 000; now 46 000: overdue
    await insertPosition(server, f.van, t - 60_000, { totalDistance: 46_000_000 });
    await f.gestor.post(
      `${API}/maintenance/${f.van}`,
      entry({ complete: 1, date_end: addDays(f.today, -9) }),
    );
    const summary = await f.gestor.get(`${API}/maintenance_summary`);
    expect(summary.status, summary.text).toBe(200);
    const rows = Object.fromEntries(summary.body.data.map((r: { id: number }) => [r.id, r]));
    expect(Object.keys(rows).map(Number).sort()).toEqual([f.truck, f.van].sort());
    expect(rows[f.truck]).toMatchObject({
      name: 'Camião 1',
      license_plate: 'LD-11-22-AA',
      group: 'Luanda',
      total_distance: 37500,
      total_hours: 1200,
      maintenance_type: 'automatic',
      maintenance_km_next: 38000,
      maintenance_km_left: 500,
      maintenance_in_progress: 0,
      state: 'soon',
    });
    expect(rows[f.van]).toMatchObject({
      maintenance_type: 'manual',
      maintenance_km_next: 45000,
      maintenance_km_left: -1000,
      cost_next: addDays(f.today, 29),
      cost_next_type: 'tax',
      cost_days_left: 29,
      state: 'overdue',
    });

    // an entry in progress turns the row grey and counts its days
    const open = await f.gestor.post(
      `${API}/maintenance/${f.van}`,
      entry({ date_start: addDays(f.today, -4), km: 46000, periodicity_km: '' }),
    );
    const again = await f.gestor.get(`${API}/maintenance_summary`);
    const van = again.body.data.find((r: { id: number }) => r.id === f.van);
    expect(van).toMatchObject({
      state: 'progress',
      maintenance_in_progress: 1,
      maintenance_days_in_maintenance: 4,
      maintenance_km_days_in_maintenance: 46000,
    });
    await f.gestor.del(`${API}/maintenance/${f.van}/${open.body.id}`);
  });
});
