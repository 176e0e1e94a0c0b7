/**
 * Issue 33, defects 4 and 5, over real HTTP and the real Teltonika port: refill operators are user-like
 * objects (credentials that open the app with their creator's scope), so only their creator, a user who
 * manages it or an administrator may change them; and the natural keys users type (passenger cards, station
 * codes, operator usernames) are unique within one client, so two clients hold the same key side by side,
 * each sees and changes only its own, card reads and app lookups resolve in the reader's scope, and the
 * pickup reports never name another client's passenger or group. Also migration 027 on existing rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  dialects,
  freshDatabase,
  startTestServer,
  userClient,
  type Client,
  type TestServer,
} from '../harness';
import { FakeTeltonika, type RecordSpec } from '../teltonikaDevice';
import { migrateTo, migrateToLatest } from '../../src/db/migrate';
import { toJson } from '../../src/db/mapping';

const API = '/report/api.php';
const APP = `${API}/refill_app`;

/** What the operator's phone does: JSON with its bearer token. */
async function phone(base: string, token: string | null, method: string, path: string, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const json = (res.headers.get('content-type') ?? '').includes('json') && text;
  return { status: res.status, body: json ? JSON.parse(text) : text, text };
}

describe.each(dialects())('refill operators are walls (%s)', (dialect) => {
  let server: TestServer;
  let admin: Client;
  let gestor: Client;
  let subUser: Client;
  const ids: Record<string, number> = {};
  const login = (username: string, password: string) =>
    phone(server.base, null, 'POST', `${APP}/login`, { username, password });

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await server.admin();
    const device = async (name: string, plate: string) =>
      (
        await admin.post('/api/devices', {
          name,
          uniqueId: `t4-${plate}`,
          attributes: { license_plate: plate },
        })
      ).body.id as number;
    ids.managerTruck = await device('Camião do gestor', 'LD-01-01-GG');
    ids.subTruck = await device('Carrinha do subutilizador', 'LD-02-02-SS');
    const g = await userClient(server, admin, {
      email: 'gestor@t4.ao',
      userLimit: 5,
      attributes: { permissions: ['module.refills'] },
    });
    gestor = g.client;
    await admin.post('/api/permissions', { userId: g.id, deviceId: ids.managerTruck });
    const s = await userClient(server, admin, {
      email: 'sub@t4.ao',
      attributes: { permissions: ['module.refills'] },
    });
    subUser = s.client;
    await admin.post('/api/permissions', { userId: s.id, deviceId: ids.subTruck });
    expect((await admin.post('/api/permissions', { userId: g.id, managedUserId: s.id })).status).toBe(204);
    const station = await gestor.post(`${API}/refill_stations`, { name: 'Posto Gestor', code: 'ST-G' });
    expect(station.status, station.text).toBe(200);
    ids.station = station.body.id;
    const op = await gestor.post(`${API}/refill_operators`, {
      username: 'bomba-gestor',
      password: 'segredo-gestor',
      name: 'Operador do gestor',
    });
    expect(op.status, op.text).toBe(200);
    ids.operator = op.body.id;
  });
  afterAll(async () => server?.close());

  it("refuses a managed sub-user's edit or removal of its manager's operator (403), reads allowed", async () => {
    const listed = await subUser.get(`${API}/refill_operators`);
    expect(listed.status).toBe(200);
    expect(listed.body.map((o: { id: number }) => o.id)).toEqual([ids.operator]);
    expect((await subUser.get(`${API}/refill_operators/${ids.operator}`)).status).toBe(200);

    const rewrite = await subUser.put(`${API}/refill_operators/${ids.operator}`, {
      username: 'tomado',
      password: 'nova-senha-1',
      name: 'Operador do gestor',
    });
    expect(rewrite.status, rewrite.text).toBe(403);
    expect(rewrite.text).toBe(
      'Apenas o utilizador que o criou, ou quem gere esse utilizador, o pode alterar',
    );
    expect((await subUser.del(`${API}/refill_operators/${ids.operator}`)).status).toBe(403);

    // the credentials did not change: the new ones are refused, the manager's still open the app
    expect((await login('tomado', 'nova-senha-1')).status).toBe(401);
    const own = await login('bomba-gestor', 'segredo-gestor');
    expect(own.status, own.text).toBe(200);
    expect(own.body.operator.id).toBe(ids.operator);
  });

  it('lets the manager edit its managed user’s operator, and that operator reach only its creator’s vehicles', async () => {
    const created = await subUser.post(`${API}/refill_operators`, {
      username: 'bomba-sub',
      password: 'segredo-sub',
      name: 'Operador do subutilizador',
    });
    expect(created.status, created.text).toBe(200);
    const renamed = await gestor.put(`${API}/refill_operators/${created.body.id}`, {
      username: 'bomba-sub',
      password: '',
      name: 'Operador S',
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.name).toBe('Operador S');

    const session = await login('bomba-sub', 'segredo-sub');
    expect(session.status, session.text).toBe(200);
    const token = session.body.token as string;
    const refill = (vehicle: Record<string, unknown>) =>
      phone(server.base, token, 'POST', `${APP}/refill`, {
        stationCode: 'ST-G',
        litres: 40,
        km: 1000,
        ...vehicle,
      });
    const onManagerTruck = await refill({ deviceId: ids.managerTruck });
    expect(onManagerTruck.status).toBe(404);
    expect(onManagerTruck.text).toBe('Viatura não encontrada');
    expect((await refill({ vehicleCode: 'LD-01-01-GG' })).status).toBe(404);
    const onOwnTruck = await refill({ vehicleCode: 'LD-02-02-SS' });
    expect(onOwnTruck.status, onOwnTruck.text).toBe(200);
    expect(onOwnTruck.body).toMatchObject({ deviceId: ids.subTruck, operatorName: 'Operador S' });
    const stored = await server.services.db.kysely
      .selectFrom('refills')
      .select('deviceId')
      .where('operatorId', '=', created.body.id)
      .execute();
    expect(stored.map((r) => Number(r.deviceId))).toEqual([ids.subTruck]);
    expect((await subUser.del(`${API}/refill_operators/${created.body.id}`)).status).toBe(200);
  });
});

describe.each(dialects())('natural keys are unique per client (%s)', (dialect) => {
  let server: TestServer;
  let admin: Client;
  let clientA: Client;
  let clientB: Client;
  const ids: Record<string, number> = {};
  const login = (username: string, password: string) =>
    phone(server.base, null, 'POST', `${APP}/login`, { username, password });

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await server.admin();
    const permissions = ['module.refills', 'passengers.passenger', 'passengers.vehicle'];
    for (const side of ['A', 'B']) {
      const imei = side === 'A' ? '356307042443301' : '356307042443302';
      ids[`bus${side}`] = (
        await admin.post('/api/devices', {
          name: `Autocarro ${side}`,
          uniqueId: imei,
          attributes: { has_passengers: true, license_plate: `LD-00-00-${side}${side}` },
        })
      ).body.id;
      ids[`group${side}`] = (await admin.post('/api/groups', { name: `Alunos ${side}` })).body.id;
      const u = await userClient(server, admin, {
        email: `gestor${side.toLowerCase()}@t5.ao`,
        userLimit: 3,
        attributes: { permissions },
      });
      ids[`user${side}`] = u.id;
      await admin.post('/api/permissions', { userId: u.id, deviceId: ids[`bus${side}`] });
      await admin.post('/api/permissions', { userId: u.id, groupId: ids[`group${side}`] });
      if (side === 'A') clientA = u.client;
      else clientB = u.client;
    }
  });
  afterAll(async () => server?.close());

  it('holds the same station code in two clients, "Código já existe" only within one', async () => {
    const a = await clientA.post(`${API}/refill_stations`, { name: 'Posto A', code: 'ST-1' });
    expect(a.status, a.text).toBe(200);
    const b = await clientB.post(`${API}/refill_stations`, { name: 'Posto B', code: 'st-1' });
    expect(b.status, b.text).toBe(200);
    expect((await clientB.post(`${API}/refill_stations`, { name: 'Outro', code: 'ST-1' })).text).toBe(
      'Código já existe',
    );
    // renaming a station onto a code of the other client is not a collision either
    const other = await clientB.post(`${API}/refill_stations`, { name: 'Posto B2', code: 'ST-2' });
    expect(other.status, other.text).toBe(200);
    const renamed = await clientA.put(`${API}/refill_stations/${a.body.id}`, {
      name: 'Posto A',
      code: 'ST-2',
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(
      (await clientA.put(`${API}/refill_stations/${a.body.id}`, { name: 'Posto A', code: 'ST-1' })).status,
    ).toBe(200);
    expect((await clientA.get(`${API}/refill_stations`)).body.map((s: { id: number }) => s.id)).toEqual([
      a.body.id,
    ]);
    expect((await clientB.get(`${API}/refill_stations/${a.body.id}`)).status).toBe(404);
    expect((await clientB.put(`${API}/refill_stations/${a.body.id}`, { name: 'x', code: 'x' })).status).toBe(
      404,
    );
    ids.stationA = a.body.id;
    ids.stationB = b.body.id;
  });

  it('holds the same operator username in two clients; the password picks the client at login', async () => {
    const a = await clientA.post(`${API}/refill_operators`, {
      username: 'joao',
      password: 'senha-de-a',
      name: 'João de A',
    });
    expect(a.status, a.text).toBe(200);
    const b = await clientB.post(`${API}/refill_operators`, {
      username: 'Joao',
      password: 'senha-de-b',
      name: 'João de B',
    });
    expect(b.status, b.text).toBe(200);
    const again = await clientB.post(`${API}/refill_operators`, {
      username: 'JOAO',
      password: 'outra-senha',
      name: 'Outro João',
    });
    expect(again.text).toBe('Nome de utilizador já existe');
    expect((await clientA.get(`${API}/refill_operators`)).body.map((o: { id: number }) => o.id)).toEqual([
      a.body.id,
    ]);
    expect(
      (await clientB.put(`${API}/refill_operators/${a.body.id}`, { username: 'x', name: 'x' })).status,
    ).toBe(404);

    const asA = await login('joao', 'senha-de-a');
    expect(asA.status, asA.text).toBe(200);
    expect(asA.body.operator).toMatchObject({ id: a.body.id, name: 'João de A' });
    const asB = await login('JOAO', 'senha-de-b');
    expect(asB.status, asB.text).toBe(200);
    expect(asB.body.operator).toMatchObject({ id: b.body.id, name: 'João de B' });
    // the station code each scans names its own client's station
    const stationOf = async (token: string) =>
      (await phone(server.base, token, 'GET', `${APP}/stations/ST-1`)).body.id as number;
    expect(await stationOf(asA.body.token)).toBe(ids.stationA);
    expect(await stationOf(asB.body.token)).toBe(ids.stationB);
    const refillB = await phone(server.base, asB.body.token, 'POST', `${APP}/refill`, {
      stationCode: 'ST-1',
      vehicleCode: 'LD-00-00-BB',
      litres: 30,
    });
    expect(refillB.status, refillB.text).toBe(200);
    expect(refillB.body).toMatchObject({
      deviceId: ids.busB,
      stationId: ids.stationB,
      operatorName: 'João de B',
    });
    expect(
      (
        await phone(server.base, asB.body.token, 'POST', `${APP}/refill`, {
          stationCode: 'ST-1',
          vehicleCode: 'LD-00-00-AA',
          litres: 30,
        })
      ).status,
    ).toBe(404);

    // the same username and password in two clients cannot say which is meant: refused, never guessed
    for (const client of [clientA, clientB])
      expect(
        (
          await client.post(`${API}/refill_operators`, {
            username: 'maria',
            password: 'igual-123',
            name: 'Maria',
          })
        ).status,
      ).toBe(200);
    const ambiguous = await login('maria', 'igual-123');
    expect(ambiguous.status).toBe(401);
    expect(ambiguous.text).toBe('Utilizador ou password inválidos');
  });

  const T0 = Date.UTC(2025, 4, 12, 7, 0, 0);
  const DAY = { from: '2025-05-12 00:00:00', to: '2025-05-12 23:59:59' };
  const CARD = '00000000000000C1';
  const LEFT = '00000000000000C2';
  const read = (s: number, card: number): RecordSpec => ({
    time: T0 + s * 1000,
    lat: -8.83 + s * 0.0001,
    lon: 13.23,
    speedKmh: 15,
    ignition: true,
    io: [{ id: 78, size: 8, value: BigInt(card) }],
  });
  const pickupsOf = async (deviceId: number) =>
    (
      await server.services.db.kysely
        .selectFrom('passengerPickups')
        .select(['cardId', 'passengerId', 'time'])
        .where('deviceId', '=', deviceId)
        .orderBy('time')
        .execute()
    ).map((p) => [p.cardId, p.passengerId == null ? null : Number(p.passengerId)]);
  const report = async (client: Client, deviceId: number) => {
    const r = await client.post('/report/report_passenger_pickup.php', {
      ReportVersion: 1,
      devices: [deviceId],
      ...DAY,
    });
    expect(r.status, r.text).toBe(200);
    return (r.body as Array<{ data: unknown[][] }>).flatMap((t) => t.data.map((row) => row.slice(1, 4)));
  };

  it('holds the same passenger card in two clients and names, per vehicle, the passenger of its scope', async () => {
    const a = await clientA.post('/api/passengers', {
      name: 'Aluno de A',
      cardId: CARD,
      groupId: ids.groupA,
    });
    expect(a.status, a.text).toBe(200);
    const b = await clientB.post('/api/passengers', {
      name: 'Aluna de B',
      cardId: CARD.toLowerCase(),
      groupId: ids.groupB,
    });
    expect(b.status, b.text).toBe(200);
    const dup = await clientB.post('/api/passengers', { name: 'Outra', cardId: CARD });
    expect(dup.status).toBe(400);
    expect(dup.text).toBe('Já existe um passageiro com este cartão');
    expect((await clientA.get('/api/passengers')).body.map((p: { id: number }) => p.id)).toEqual([a.body.id]);
    expect((await clientA.get(`/api/passengers/${b.body.id}`)).status).toBe(404);
    ids.passengerA = a.body.id;
    ids.passengerB = b.body.id;

    for (const [imei, bus] of [
      ['356307042443301', ids.busA],
      ['356307042443302', ids.busB],
    ] as const) {
      const dev = new FakeTeltonika(server.teltonika!.tcpPort);
      expect(await dev.connect(imei)).toBe(1);
      expect(await dev.send([read(0, 0xc1), read(10, 0xc2)])).toBe(2);
      dev.close();
      // the records went to the pickup recorder before they were acknowledged: wait for it to write them
      await server.modulesIdle();
      expect(await pickupsOf(bus)).toHaveLength(2);
    }
    expect(await pickupsOf(ids.busA)).toEqual([
      [CARD, ids.passengerA],
      [LEFT, null],
    ]);
    expect(await pickupsOf(ids.busB)).toEqual([
      [CARD, ids.passengerB],
      [LEFT, null],
    ]);
    expect(await report(clientA, ids.busA)).toEqual([
      ['Aluno de A', CARD, 'Alunos A'],
      [LEFT, LEFT, ''],
    ]);
    expect(await report(clientB, ids.busB)).toEqual([
      ['Aluna de B', CARD, 'Alunos B'],
      [LEFT, LEFT, ''],
    ]);
  });

  it("leaves B's unknown reads alone when A registers the card, and never names A's passenger to B", async () => {
    // B registered and then deleted the pupil holding LEFT; A now registers that card for its own passenger
    const pupil = await clientB.post('/api/passengers', {
      name: 'Ex-aluno',
      cardId: LEFT,
      groupId: ids.groupB,
    });
    expect(pupil.status, pupil.text).toBe(200);
    expect(await pickupsOf(ids.busB)).toEqual([
      [CARD, ids.passengerB],
      [LEFT, pupil.body.id],
    ]);
    expect((await clientB.del(`/api/passengers/${pupil.body.id}`)).status).toBe(204);
    const a = await clientA.post('/api/passengers', { name: 'Novo de A', cardId: LEFT, groupId: ids.groupA });
    expect(a.status, a.text).toBe(200);
    expect(await pickupsOf(ids.busA)).toEqual([
      [CARD, ids.passengerA],
      [LEFT, a.body.id],
    ]);
    expect(await pickupsOf(ids.busB)).toEqual([
      [CARD, ids.passengerB],
      [LEFT, null],
    ]);
    expect(await report(clientB, ids.busB)).toEqual([
      ['Aluna de B', CARD, 'Alunos B'],
      [LEFT, LEFT, ''],
    ]);

    // a read stored before the fix, linked to A's passenger, is shown to B by its card number only
    await server.services.db.kysely
      .updateTable('passengerPickups')
      .set({ passengerId: a.body.id })
      .where('deviceId', '=', ids.busB)
      .where('cardId', '=', LEFT)
      .execute();
    const rows = await report(clientB, ids.busB);
    expect(rows).toEqual([
      ['Aluna de B', CARD, 'Alunos B'],
      [LEFT, LEFT, ''],
    ]);
    expect(JSON.stringify(rows)).not.toContain('Alunos A');
    const byPassenger = await clientB.post('/report/report_passenger_pickup.php', {
      ReportVersion: 3,
      devices: [ids.busB],
      ...DAY,
    });
    expect(byPassenger.status, byPassenger.text).toBe(200);
    expect(byPassenger.text).not.toContain('Novo de A');
    expect(byPassenger.text).not.toContain('Alunos A');
  });
});

describe.each(dialects())('migration 027 on existing rows (%s)', (dialect) => {
  it('keeps every row and its links, and scopes the keys to their owners', async () => {
    const fresh = await freshDatabase(dialect);
    const k = fresh.db.kysely;
    try {
      await migrateTo(fresh.db, '026_tachoScope');
      const blank = { code: '', phone: '', alertEmails: '' };
      const user = async (email: string) =>
        Number(
          (
            await k
              .insertInto('users')
              .values({ name: email, email, attributes: toJson({}) } as never)
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        );
      const [ana, rui] = [await user('ana@m.ao'), await user('rui@m.ao')];
      const device = Number(
        (
          await k
            .insertInto('devices')
            .values({ name: 'V', uniqueId: 'm27', status: 'offline', attributes: toJson({}) } as never)
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
      const operator = Number(
        (
          await k
            .insertInto('refillOperators')
            .values({ userId: ana, username: 'op', hashedPassword: 'h', salt: 's', ...blank, name: 'Op' })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
      // a removed operator: the ids after the migration must not reuse its id
      const gone = Number(
        (
          await k
            .insertInto('refillOperators')
            .values({ userId: ana, username: 'gone', hashedPassword: 'h', salt: 's', ...blank, name: 'Gone' })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
      await k.deleteFrom('refillOperators').where('id', '=', gone).execute();
      await k
        .insertInto('refillOperatorSessions')
        .values({ id: 'digest', operatorId: operator, createdAt: 1, expiresAt: 2 })
        .execute();
      const station = Number(
        (
          await k
            .insertInto('refillStations')
            .values({ userId: ana, name: 'St', code: 'ST', mainStationId: 0 } as never)
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
      await k
        .insertInto('refills')
        .values({
          deviceId: device,
          costDate: 1,
          operatorId: operator,
          stationId: station,
          createdAt: 1,
        } as never)
        .execute();
      const passenger = Number(
        (
          await k
            .insertInto('passengers')
            .values({ name: 'P', cardId: 'C1', userId: ana, attributes: toJson({}) } as never)
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
      await k
        .insertInto('passengerPickups')
        .values({
          deviceId: device,
          passengerId: passenger,
          cardId: 'C1',
          time: 1,
          latitude: 0,
          longitude: 0,
        })
        .execute();
      // before: a key is unique server-wide
      await expect(
        k
          .insertInto('passengers')
          .values({ name: 'Q', cardId: 'C1', userId: rui, attributes: toJson({}) } as never)
          .execute(),
      ).rejects.toThrow();

      expect(await migrateToLatest(fresh.db)).toContain('027_scopedKeys');
      // down and up again keep the rows too (down restores the server-wide keys while they are unique)
      await migrateTo(fresh.db, '026_tachoScope');
      await expect(
        k
          .insertInto('passengers')
          .values({ name: 'Q', cardId: 'C1', userId: rui, attributes: toJson({}) } as never)
          .execute(),
      ).rejects.toThrow();
      expect(await migrateToLatest(fresh.db)).toContain('027_scopedKeys');
      expect(
        (await k.selectFrom('refillOperatorSessions').select('operatorId').execute()).map((r) =>
          Number(r.operatorId),
        ),
      ).toEqual([operator]);
      const refill = await k
        .selectFrom('refills')
        .select(['operatorId', 'stationId'])
        .executeTakeFirstOrThrow();
      expect([Number(refill.operatorId), Number(refill.stationId)]).toEqual([operator, station]);
      const pickup = await k.selectFrom('passengerPickups').select('passengerId').executeTakeFirstOrThrow();
      expect(Number(pickup.passengerId)).toBe(passenger);

      // after: another owner may hold the same keys, the same owner may not
      await k
        .insertInto('passengers')
        .values({ name: 'Q', cardId: 'C1', userId: rui, attributes: toJson({}) } as never)
        .execute();
      const second = await k
        .insertInto('refillOperators')
        .values({ userId: rui, username: 'op', hashedPassword: 'h', salt: 's', ...blank, name: 'Op' })
        .returning('id')
        .executeTakeFirstOrThrow();
      // ids keep counting from where they were (SQLite's AUTOINCREMENT counter survives the rebuild)
      expect(Number(second.id)).toBeGreaterThan(gone);
      await k
        .insertInto('refillStations')
        .values({ userId: rui, name: 'St', code: 'ST', mainStationId: 0 } as never)
        .execute();
      await expect(
        k
          .insertInto('passengers')
          .values({ name: 'R', cardId: 'C1', userId: ana, attributes: toJson({}) } as never)
          .execute(),
      ).rejects.toThrow();
      await expect(
        k
          .insertInto('refillOperators')
          .values({ userId: ana, username: 'op', hashedPassword: 'h', salt: 's', ...blank, name: 'Op' })
          .execute(),
      ).rejects.toThrow();
      await expect(
        k
          .insertInto('refillStations')
          .values({ userId: ana, name: 'St', code: 'ST', mainStationId: 0 } as never)
          .execute(),
      ).rejects.toThrow();
      if (dialect === 'sqlite') {
        const fk = await sql`pragma foreign_keys`.execute(k);
        expect(fk.rows).toEqual([{ foreignKeys: 1 }]);
      }
    } finally {
      await fresh.db.close();
      await fresh.drop();
    }
  });
});
