/**
 * The passenger entity (issue 22 item 2): GET/POST /api/passengers, GET/PUT/DELETE /api/passengers/:id with
 * core's Passenger shape, Portuguese validation messages, and the access policy of ARCHITECTURE §6 with the
 * permission passengers.passenger or passengers.vehicle.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, userClient, type Client, type TestServer } from '../../harness';

describe.each(dialects())('passengers API on %s', (dialect) => {
  let server: TestServer;
  let admin: Client;
  let school: number;
  let depot: number;
  let ana: { client: Client; id: number };
  let bruno: { client: Client; id: number };
  let viewer: { client: Client; id: number };
  let none: { client: Client; id: number };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await server.admin();
    school = (await admin.post('/api/groups', { name: 'Escola' })).body.id;
    depot = (await admin.post('/api/groups', { name: 'Depósito' })).body.id;
    ana = await userClient(server, admin, {
      email: 'ana@x.ao',
      attributes: { permissions: ['passengers.passenger'] },
    });
    bruno = await userClient(server, admin, {
      email: 'bruno@x.ao',
      attributes: { permissions: ['passengers.vehicle'] },
    });
    await admin.post('/api/permissions', { userId: bruno.id, groupId: school });
    viewer = await userClient(server, admin, {
      email: 'leitor@x.ao',
      readonly: true,
      attributes: { permissions: ['passengers'] },
    });
    none = await userClient(server, admin, { email: 'nada@x.ao', attributes: { permissions: ['reports'] } });
  });
  afterAll(async () => server.close());

  it('creates, reads, updates and deletes a passenger in the core shape', async () => {
    const created = await ana.client.post('/api/passengers', {
      name: '  Maria Silva ',
      cardId: ' 00000000abc12345 ',
      phone: '+244 923 000 111',
      attributes: { school: 'Escola 1' },
      unknownKey: 'dropped',
    });
    expect(created.status).toBe(200);
    const id = created.body.id;
    expect(created.body).toEqual({
      id,
      name: 'Maria Silva',
      cardId: '00000000ABC12345',
      groupId: null,
      phone: '+244 923 000 111',
      notes: '',
      attributes: { school: 'Escola 1' },
    });
    expect(await ana.client.get(`/api/passengers/${id}`)).toMatchObject({ status: 200, body: created.body });
    const updated = await ana.client.put(`/api/passengers/${id}`, {
      id,
      name: 'Maria S. Silva',
      cardId: '00000000ABC12345',
      notes: 'Sai na paragem 3',
    });
    expect(updated.body).toEqual({
      id,
      name: 'Maria S. Silva',
      cardId: '00000000ABC12345',
      groupId: null,
      phone: '',
      notes: 'Sai na paragem 3',
      attributes: {},
    });
    expect((await ana.client.get('/api/passengers')).body).toEqual([updated.body]);
    expect((await ana.client.del(`/api/passengers/${id}`)).status).toBe(204);
    expect((await ana.client.get(`/api/passengers/${id}`)).status).toBe(404);
    expect((await ana.client.get('/api/passengers')).body).toEqual([]);
  });

  it('answers bad input with a Portuguese message', async () => {
    const first = await admin.post('/api/passengers', { name: 'João', cardId: '00000000000000F1' });
    expect(first.status).toBe(200);
    const cases: Array<[unknown, string]> = [
      [{ cardId: '00000000000000F2' }, 'Por favor indique o nome do passageiro'],
      [{ name: '   ', cardId: '00000000000000F2' }, 'Por favor indique o nome do passageiro'],
      [{ name: 'Rui' }, 'Por favor indique o número do cartão do passageiro'],
      [{ name: 'Rui', cardId: '  ' }, 'Por favor indique o número do cartão do passageiro'],
      [{ name: 'Rui', cardId: '00000000000000f1' }, 'Já existe um passageiro com este cartão'],
    ];
    for (const [body, text] of cases)
      expect(await admin.post('/api/passengers', body)).toMatchObject({ status: 400, text });
    const other = await admin.post('/api/passengers', { name: 'Rui', cardId: '00000000000000F2' });
    expect(
      await admin.put(`/api/passengers/${other.body.id}`, { name: 'Rui', cardId: '00000000000000F1' }),
    ).toMatchObject({ status: 400, text: 'Já existe um passageiro com este cartão' });
    expect((await admin.get(`/api/passengers/${other.body.id}`)).body.cardId).toBe('00000000000000F2');
    for (const id of [first.body.id, other.body.id])
      expect((await admin.del(`/api/passengers/${id}`)).status).toBe(204);
  });

  it("shows a user his own passengers and his groups', not another user's (404)", async () => {
    const own = (await ana.client.post('/api/passengers', { name: 'Da Ana', cardId: 'A0000001' })).body;
    const inSchool = (
      await admin.post('/api/passengers', { name: 'Aluno', cardId: 'A0000002', groupId: school })
    ).body;
    const inDepot = (
      await admin.post('/api/passengers', { name: 'Operário', cardId: 'A0000003', groupId: depot })
    ).body;
    const names = async (c: Client) =>
      ((await c.get('/api/passengers')).body as Array<{ name: string }>).map((p) => p.name);
    expect(await names(admin)).toEqual(['Aluno', 'Da Ana', 'Operário']);
    expect(await names(ana.client)).toEqual(['Da Ana']);
    expect(await names(bruno.client)).toEqual(['Aluno']);
    expect((await bruno.client.get(`/api/passengers?groupId=${school}`)).body).toEqual([inSchool]);
    for (const id of [own.id, inDepot.id]) {
      expect((await bruno.client.get(`/api/passengers/${id}`)).status).toBe(404);
      expect((await bruno.client.put(`/api/passengers/${id}`, { name: 'X', cardId: 'B1' })).status).toBe(404);
      expect((await bruno.client.del(`/api/passengers/${id}`)).status).toBe(404);
    }
    expect((await ana.client.get(`/api/passengers/${inSchool.id}`)).status).toBe(404);
    // a group the user does not see cannot be given
    expect(
      (await bruno.client.post('/api/passengers', { name: 'Y', cardId: 'A0000004', groupId: depot })).status,
    ).toBe(404);
    const moved = await bruno.client.put(`/api/passengers/${inSchool.id}`, {
      name: 'Aluno',
      cardId: 'A0000002',
      groupId: school,
      phone: '923',
    });
    expect(moved.body).toMatchObject({ id: inSchool.id, groupId: school, phone: '923' });
    expect(await names(admin)).toEqual(['Aluno', 'Da Ana', 'Operário']);
  });

  it('refuses users without either permission (403), read-only users for writes, temporary users', async () => {
    expect((await none.client.get('/api/passengers')).status).toBe(403);
    expect((await none.client.post('/api/passengers', { name: 'Z', cardId: 'Z1' })).status).toBe(403);
    expect((await none.client.get('/api/passengers/1')).status).toBe(403);
    expect((await viewer.client.get('/api/passengers')).status).toBe(200);
    expect((await viewer.client.post('/api/passengers', { name: 'Z', cardId: 'Z1' })).status).toBe(403);
    expect((await server.client().get('/api/passengers')).status).toBe(401);
    const temp = await userClient(server, admin, {
      email: 'temp_link@x.ao',
      attributes: { permissions: ['passengers'] },
    });
    expect((await temp.client.get('/api/passengers')).status).toBe(403);
  });

  it('lists the passenger calls in the OpenAPI document', async () => {
    const doc = (await admin.get('/api/openapi.json')).body;
    expect(doc.paths['/api/passengers'].get.tags).toEqual(['passengers']);
    expect(Object.keys(doc.paths['/api/passengers/{id}']).sort()).toEqual(['delete', 'get', 'put']);
    expect(doc.paths['/report/report_passenger_pickup.php'].post.tags).toContain('passengers');
  });
});
