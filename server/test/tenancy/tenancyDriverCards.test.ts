/**
 * Issue 33 "Tenancy as a rule" for drivers' cards, over real HTTP and the real OsmAnd port: a driver's card
 * number (RFID, iButton, tachograph card) is unique within what one client sees, not the server. Two
 * managers register the same card side by side; a second one within a client is refused; a card read on a
 * vehicle names that vehicle's client's driver, never another client's; and the reports and the alert
 * centre never name another client's driver. Also migration 029 on an existing database.
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
import { migrateTo, migrateToLatest } from '../../src/db/migrate';
import { toJson } from '../../src/db/mapping';

const API = '/report/api.php';
const PERMISSIONS = ['map', 'settings', 'reports', 'module', 'alerts'];
const CARD = 'CARD-33-X';
const ONLY_B = 'CARD-33-ONLY-B';
const DUPLICATE = 'Já existe um motorista com este identificador';
const DAY = { from: '2025-03-10 00:00:00', to: '2025-03-10 23:59:59' };
const T0 = Date.parse('2025-03-10T09:00:00Z') / 1000;

describe.each(dialects())('drivers’ cards are unique per client (%s)', (dialect) => {
  let server: TestServer;
  let admin: Client;
  let a: Client;
  let b: Client;
  const ids: Record<string, number> = {};
  let second = 0;

  /** One OsmAnd fix of `uniqueId` reading `card` with an SOS alarm; 200 once stored. */
  const report = async (uniqueId: string, card: string) => {
    const at = T0 + ++second * 60;
    const r = await fetch(
      `http://127.0.0.1:${server.osmand!.port}/?id=${uniqueId}&lat=-8.83&lon=13.23&timestamp=${at}` +
        `&speed=0&alarm=sos&driverUniqueId=${encodeURIComponent(card)}`,
    );
    expect(r.status).toBe(200);
  };
  const latest = async (client: Client, deviceId: number) => {
    const r = await client.get('/api/positions');
    expect(r.status, r.text).toBe(200);
    const position = (r.body as Array<{ deviceId: number }>).find((p) => p.deviceId === deviceId);
    return (position as unknown as { attributes: Record<string, unknown> }).attributes;
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await server.admin();
    const manager = async (name: string) => {
      const u = await userClient(server, admin, {
        email: `gestor-${name}@cartoes.ao`,
        userLimit: 5,
        attributes: { permissions: PERMISSIONS },
      });
      return u;
    };
    const ua = await manager('a');
    const ub = await manager('b');
    a = ua.client;
    b = ub.client;
    const vehicle = async (user: number, uniqueId: string) => {
      const d = await admin.post('/api/devices', { name: `Viatura ${uniqueId}`, uniqueId });
      expect(d.status, d.text).toBe(200);
      expect((await admin.post('/api/permissions', { userId: user, deviceId: d.body.id })).status).toBe(204);
      return d.body.id as number;
    };
    ids.va = await vehicle(ua.id, 'cards-a1');
    ids.va2 = await vehicle(ua.id, 'cards-a2');
    ids.vb = await vehicle(ub.id, 'cards-b1');
  });
  afterAll(async () => server?.close());

  it('lets two clients register the same card, each seeing only its own', async () => {
    const mine = await a.post('/api/drivers', { name: 'Motorista de A', uniqueId: CARD });
    expect(mine.status, mine.text).toBe(200);
    ids.driverA = mine.body.id;
    const theirs = await b.post('/api/drivers', { name: 'Motorista de B', uniqueId: CARD });
    expect(theirs.status, theirs.text).toBe(200);
    ids.driverB = theirs.body.id;
    const onlyB = await b.post('/api/settings/drivers', { name: 'Só de B', uniqueId: ONLY_B, links: {} });
    expect(onlyB.status, onlyB.text).toBe(200);
    ids.onlyB = onlyB.body.id;

    expect((await a.get('/api/drivers')).body.map((d: { id: number }) => d.id)).toEqual([ids.driverA]);
    expect((await b.get('/api/drivers')).body.map((d: { id: number }) => d.id)).toEqual([
      ids.driverB,
      ids.onlyB,
    ]);
  });

  it('refuses a second driver with a card the caller already sees, on every save path', async () => {
    const again = await a.post('/api/drivers', { name: 'Outro de A', uniqueId: ` ${CARD} ` });
    expect(again.status).toBe(400);
    expect(again.text).toBe(DUPLICATE);
    const form = await a.post('/api/settings/drivers', { name: 'Outro de A', uniqueId: CARD, links: {} });
    expect(form.status).toBe(400);
    expect(form.text).toBe(DUPLICATE);

    const other = await a.post('/api/drivers', { name: 'Segundo de A', uniqueId: 'CARD-33-Y' });
    expect(other.status, other.text).toBe(200);
    const put = await a.put(`/api/drivers/${other.body.id}`, { ...other.body, uniqueId: CARD });
    expect(put.status).toBe(400);
    expect(put.text).toBe(DUPLICATE);
    const patch = await a.request('PATCH', `/api/drivers/${other.body.id}`, { uniqueId: CARD });
    expect(patch.status).toBe(400);
    // an edit that keeps the card is no new claim, and a card only another client holds is free
    const rename = await a.put(`/api/drivers/${ids.driverA}`, {
      id: ids.driverA,
      name: 'Motorista de A',
      uniqueId: CARD,
      attributes: {},
    });
    expect(rename.status, rename.text).toBe(200);
    const free = await a.put(`/api/drivers/${other.body.id}`, { ...other.body, uniqueId: ONLY_B });
    expect(free.status, free.text).toBe(200);
    expect((await a.del(`/api/drivers/${other.body.id}`)).status).toBe(204);
  });

  it('lets an administrator register a client’s card, refused only against its own drivers', async () => {
    const first = await admin.post('/api/drivers', { name: 'Motorista da casa', uniqueId: CARD });
    expect(first.status, first.text).toBe(200);
    const again = await admin.post('/api/drivers', { name: 'Outro da casa', uniqueId: CARD });
    expect(again.status).toBe(400);
    expect(again.text).toBe(DUPLICATE);
    expect((await admin.del(`/api/drivers/${first.body.id}`)).status).toBe(204);
  });

  it("names a card read on a vehicle by that vehicle's client's driver, never another client's", async () => {
    await report('cards-a1', CARD);
    await report('cards-b1', CARD);
    await report('cards-a2', ONLY_B);
    expect(await latest(a, ids.va)).toMatchObject({
      driverUniqueId: CARD,
      driver: 'Motorista de A',
      driverId: ids.driverA,
    });
    expect(await latest(b, ids.vb)).toMatchObject({
      driverUniqueId: CARD,
      driver: 'Motorista de B',
      driverId: ids.driverB,
    });
    const unnamed = await latest(a, ids.va2);
    expect(unnamed.driverUniqueId).toBe(ONLY_B);
    expect(unnamed.driver).toBeUndefined();
    expect(unnamed.driverId).toBeUndefined();
  });

  it("keeps another client's driver names out of the reports", async () => {
    const r = await a.post('/report/report_positions.php', { devices: [ids.va, ids.va2], ...DAY });
    expect(r.status, r.text).toBe(200);
    expect(r.text).toContain('Motorista de A');
    expect(r.text).toContain(ONLY_B);
    expect(r.text).not.toContain('Motorista de B');
    expect(r.text).not.toContain('Só de B');
    const theirs = await b.post('/report/report_positions.php', { devices: [ids.vb], ...DAY });
    expect(theirs.status, theirs.text).toBe(200);
    expect(theirs.text).toContain('Motorista de B');
    expect(theirs.text).not.toContain('Motorista de A');
  });

  it("keeps another client's driver names out of the alert centre", async () => {
    const r = await a.get(`${API}/events/2025-03-10/2025-03-10`);
    expect(r.status, r.text).toBe(200);
    const events = r.body as Array<Record<string, unknown>>;
    const sos = (deviceId: number) =>
      events.find((e) => e.deviceId === deviceId && e.eventType === 'alarmsos');
    expect(sos(ids.va)).toMatchObject({ driverId: ids.driverA, driverName: 'Motorista de A' });
    expect(sos(ids.va2)).toMatchObject({ driverId: null, driverName: ONLY_B });
    expect(r.text).not.toContain('Motorista de B');
    expect(r.text).not.toContain('Só de B');
    // searching by B's driver's name finds nothing of A's
    const search = await a.get(`${API}/events/2025-03-10/2025-03-10?search=${encodeURIComponent('Só de B')}`);
    expect(search.status, search.text).toBe(200);
    expect(search.body).toEqual([]);
  });

  it("forgets a deleted driver: the card then names nobody, not the other client's driver", async () => {
    expect((await a.del(`/api/drivers/${ids.driverA}`)).status).toBe(204);
    await report('cards-a1', CARD);
    const after = await latest(a, ids.va);
    expect(after.driverUniqueId).toBe(CARD);
    expect(after.driver).toBeUndefined();
    // an administrator's own driver (seen by no client) names a card no client driver of the vehicle holds
    const house = await admin.post('/api/drivers', { name: 'Motorista da casa', uniqueId: CARD });
    expect(house.status, house.text).toBe(200);
    await report('cards-a1', CARD);
    expect(await latest(a, ids.va)).toMatchObject({ driver: 'Motorista da casa', driverId: house.body.id });
    await report('cards-b1', CARD);
    expect(await latest(b, ids.vb)).toMatchObject({ driver: 'Motorista de B', driverId: ids.driverB });
  });
});

describe.each(dialects())('migration 029 on an existing database (%s)', (dialect) => {
  it('keeps the drivers and their links, and lets two drivers share a card afterwards', async () => {
    const fresh = await freshDatabase(dialect);
    const k = fresh.db.kysely;
    try {
      await migrateTo(fresh.db, '028_credentials');
      const driver = await k
        .insertInto('drivers')
        .values({ name: 'Antigo', uniqueId: 'OLD-1', attributes: toJson({}) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const user = await k
        .insertInto('users')
        .values({
          name: 'u',
          email: 'u@x.ao',
          hashedPassword: 'x',
          salt: 'x',
          attributes: toJson({}),
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      await k
        .insertInto('userDriver')
        .values({ userId: Number(user.id), driverId: Number(driver.id) })
        .execute();
      await expect(
        k
          .insertInto('drivers')
          .values({ name: 'Dup', uniqueId: 'OLD-1', attributes: toJson({}) })
          .execute(),
      ).rejects.toThrow();

      expect(await migrateToLatest(fresh.db)).toContain('029_driverKeys');
      const rows = await k.selectFrom('drivers').select(['id', 'name', 'uniqueId']).execute();
      expect(rows.map((r) => [Number(r.id), r.name, r.uniqueId])).toEqual([
        [Number(driver.id), 'Antigo', 'OLD-1'],
      ]);
      const links = await k.selectFrom('userDriver').select(['userId', 'driverId']).execute();
      expect(links.map((l) => [Number(l.userId), Number(l.driverId)])).toEqual([
        [Number(user.id), Number(driver.id)],
      ]);
      await k
        .insertInto('drivers')
        .values({ name: 'Outro', uniqueId: 'OLD-1', attributes: toJson({}) })
        .execute();
      // new ids continue after the old ones, and the card lookups stay indexed
      const next = await k.selectFrom('drivers').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(Number(next.id)).toBeGreaterThan(Number(driver.id));
      const indexes =
        dialect === 'sqlite'
          ? await sql<{
              name: string;
            }>`select name from sqlite_master where type = 'index' and tbl_name = 'drivers'`.execute(k)
          : await sql<{
              name: string;
            }>`select indexname as name from pg_indexes where tablename = 'drivers' and schemaname = current_schema()`.execute(
              k,
            );
      expect(indexes.rows.map((r) => r.name)).toContain('drivers_unique_id');
    } finally {
      await fresh.db.close();
      await fresh.drop();
    }
  });
});
