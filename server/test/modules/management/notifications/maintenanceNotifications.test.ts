/**
 * /report/api.php/maintenance_notification (document 3 §2, §3, §5, §7; issue 19): the user's daily
 * maintenance notifications — create, list, read, change, delete, the §5 messages as 400 text, the empty
 * fields' fallbacks, and the access policy (own notifications only, visible vehicles only, permission
 * management.summary, read-only and temporary users refused).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, type TestServer } from '../../../harness';
import { API, buildManagementFleet, type ManagementFleet } from '../../../managementFleet';

const PATH = `${API}/maintenance_notification`;

describe.each(dialects())('maintenance notifications API (%s)', (dialect) => {
  let server: TestServer;
  let f: ManagementFleet;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    f = await buildManagementFleet(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const form = (over: Record<string, unknown> = {}) => ({
    emails: 'gestor@frota.local\nchefe@x.ao; oficina@x.ao',
    all_devices: 0,
    device_ids: `${f.van},${f.truck}`,
    maintenance: 1,
    maintenance_km: '5000',
    maintenance_hours: '250',
    cost: true,
    cost_days: 30,
    document: false,
    document_days: 30,
    communication: 'on',
    communication_hours: '24',
    ...over,
  });

  it('creates, lists, reads, changes and deletes the user’s notifications', async () => {
    expect((await f.gestor.get(PATH)).body).toEqual([]);
    const created = await f.gestor.post(PATH, form());
    expect(created.status, created.text).toBe(200);
    const id = created.body.id;
    expect(created.body).toEqual({
      id,
      emails: 'gestor@frota.local,chefe@x.ao,oficina@x.ao',
      all_devices: false,
      device_ids: [f.truck, f.van].sort((a, b) => a - b).join(','),
      maintenance: true,
      maintenance_km: 5000,
      maintenance_hours: 250,
      cost: true,
      cost_days: 30,
      document: false,
      document_days: 30,
      communication: true,
      communication_hours: 24,
    });
    expect((await f.gestor.get(PATH)).body).toEqual([created.body]);
    expect((await f.gestor.get(`${PATH}/${id}`)).body).toEqual(created.body);

    const changed = await f.gestor.put(
      `${PATH}/${id}`,
      form({ device_ids: [f.truck], maintenance_km: '1.500,5', document: 1, document_days: '60' }),
    );
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({
      id,
      device_ids: String(f.truck),
      maintenance_km: 1500.5,
      document: true,
      document_days: 60,
    });

    // "save method not shown": a POST with the id updates that notification
    const saved = await f.gestor.post(PATH, form({ id, all_devices: true, emails: 'frota@x.ao' }));
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ id, all_devices: true, device_ids: '', emails: 'frota@x.ao' });
    expect((await f.gestor.get(PATH)).body).toHaveLength(1);

    const removed = await f.gestor.del(`${PATH}/${id}`);
    expect(removed.status).toBe(204);
    expect((await f.gestor.get(`${PATH}/${id}`)).status).toBe(404);
    expect((await f.gestor.get(PATH)).body).toEqual([]);
    const runs = await server.services.db.kysely
      .selectFrom('maintenanceNotificationDevices')
      .selectAll()
      .where('notificationId', '=', id)
      .execute();
    expect(runs).toEqual([]);
  });

  it('deletes by the id in the body or the query', async () => {
    const a = (await f.gestor.post(PATH, form())).body.id;
    const b = (await f.gestor.post(PATH, form())).body.id;
    expect((await f.gestor.del(PATH, { id: a })).status).toBe(204);
    const byQuery = await f.gestor.del(`${PATH}?id=${b}`);
    expect(byQuery.status, byQuery.text).toBe(204);
    expect((await f.gestor.del(PATH, {})).text).toBe('id em falta');
    expect((await f.gestor.get(PATH)).body).toEqual([]);
  });

  it('answers the §5 messages verbatim as 400 text', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ emails: '' }, 'Deve indicar os emails para notificação'],
      [{ emails: ' \n ; ' }, 'Deve indicar os emails para notificação'],
      [{ emails: 'gestor@frota.local\nchefe' }, 'Email inválido'],
      [{ maintenance_km: 'cinco mil' }, 'Km/horas inválidos'],
      [{ maintenance_hours: '-3' }, 'Km/horas inválidos'],
      [{ cost_days: 'trinta' }, 'Dias inválidos'],
      [{ document: 1, document_days: '1,5' }, 'Dias inválidos'],
      [{ communication_hours: 'um dia' }, 'Horas inválidas'],
    ];
    for (const [over, message] of cases) {
      const r = await f.gestor.post(PATH, form(over));
      expect([r.status, r.text], JSON.stringify(over)).toEqual([400, message]);
    }
    expect((await f.gestor.get(PATH)).body).toEqual([]);
  });

  it('falls back to 1000 km, 250 h, 30 days and 24 h when a field is empty', async () => {
    const r = await f.gestor.post(
      PATH,
      form({
        maintenance_km: '',
        maintenance_hours: '',
        cost_days: '',
        document: 1,
        document_days: null,
        communication_hours: '',
      }),
    );
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({
      maintenance_km: 1000,
      maintenance_hours: 250,
      cost_days: 30,
      document_days: 30,
      communication_hours: 24,
    });
    await f.gestor.del(`${PATH}/${r.body.id}`);
  });

  it('fills left-out fields: the new form’s on creation, the stored ones on update', async () => {
    const created = await f.gestor.post(PATH, { emails: 'gestor@frota.local' });
    expect(created.status, created.text).toBe(200);
    expect(created.body).toEqual({
      id: created.body.id,
      emails: 'gestor@frota.local',
      all_devices: true,
      device_ids: '',
      maintenance: true,
      maintenance_km: 5000,
      maintenance_hours: 250,
      cost: true,
      cost_days: 30,
      document: true,
      document_days: 30,
      communication: true,
      communication_hours: 24,
    });
    const changed = await f.gestor.put(`${PATH}/${created.body.id}`, { cost: false, document_days: '12' });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toEqual({ ...created.body, cost: false, document_days: 12 });
    const missing = await f.gestor.post(PATH, { maintenance: 1 });
    expect([missing.status, missing.text]).toEqual([400, 'Deve indicar os emails para notificação']);
    await f.gestor.del(`${PATH}/${created.body.id}`);
  });

  it('keeps each user to their own notifications and the vehicles they see', async () => {
    const mine = (await f.gestor.post(PATH, form())).body;
    // another user: not in the list, not found by id, cannot change or delete it
    expect((await f.outro.get(PATH)).body).toEqual([]);
    expect((await f.outro.get(`${PATH}/${mine.id}`)).status).toBe(404);
    expect((await f.outro.put(`${PATH}/${mine.id}`, form({ device_ids: '' }))).status).toBe(404);
    expect((await f.outro.post(PATH, form({ id: mine.id, device_ids: '' }))).status).toBe(404);
    expect((await f.outro.del(`${PATH}/${mine.id}`)).status).toBe(404);
    // the administrator sees only their own too
    expect((await f.admin.get(PATH)).body).toEqual([]);
    expect((await f.gestor.get(`${PATH}/${mine.id}`)).body).toEqual(mine);

    // a vehicle the user does not see
    const hidden = await f.gestor.post(PATH, form({ device_ids: `${f.truck},${f.far}` }));
    expect(hidden.status).toBe(404);
    expect((await f.gestor.put(`${PATH}/${mine.id}`, form({ device_ids: String(f.far) }))).status).toBe(404);
    expect((await f.outro.post(PATH, form({ device_ids: String(f.far) }))).status).toBe(200);

    // permission, read-only, temporary, anonymous
    expect((await f.semPermissao.get(PATH)).status).toBe(403);
    expect((await f.temporario.get(PATH)).status).toBe(403);
    expect((await f.leitor.get(PATH)).status).toBe(200);
    expect((await f.leitor.post(PATH, form({ device_ids: String(f.truck) }))).status).toBe(403);
    expect((await server.client().get(PATH)).status).toBe(401);
    expect((await f.gestor.get(`${PATH}/${mine.id}`)).body).toEqual(mine);
    await f.gestor.del(`${PATH}/${mine.id}`);
  });

  it('documents the calls in OpenAPI', async () => {
    const doc = await f.admin.get('/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining([PATH, `${PATH}/{id}`]));
    expect(doc.body.paths[PATH].post.description).toContain('Deve indicar os emails para notificação');
    expect(Object.keys(doc.body.paths[`${PATH}/{id}`])).toEqual(
      expect.arrayContaining(['get', 'put', 'delete']),
    );
  });

  it('a deleted vehicle leaves the notification’s vehicles', async () => {
    const n = (await f.gestor.post(PATH, form())).body;
    const gone = await f.admin.del(`/api/devices/${f.van}`);
    expect(gone.status).toBe(204);
    expect((await f.gestor.get(`${PATH}/${n.id}`)).body.device_ids).toBe(String(f.truck));
  });
});
