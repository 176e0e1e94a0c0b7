/**
 * The tenancy matrix (issue 33): two clients, A and B, each holding the same natural keys — the same driver
 * card, the same plate (and a tachograph unit file bearing it), the same tachograph card file, the same
 * refill station code, the same refill operator username and the same passenger card. Each client creates
 * its own without hearing of the other's, sees only its own in every list, changes only its own, is refused
 * (as "not found") on the other's id, and is refused a second key of its own. Table-driven: a new natural
 * key is one row of KEYS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, userClient, type Answer, type Client, type TestServer } from '../harness';
import { cardFile, cardNumberOf, uploadRaw, vuFile } from '../tachoFilesFleet';

const API = '/report/api.php';
const PLATE = 'LD-33-33-AA';
const PASSENGER_CARD = '000000000033333';
const STATION_CODE = 'POSTO-33';
const OPERATOR = 'carlos33';
const CARD = cardFile();
const DRIVER_CARD = cardNumberOf(CARD);
const PERMISSIONS = ['map', 'settings', 'reports', 'management', 'module', 'passengers', 'tacho'];

interface Tenant {
  name: 'A' | 'B';
  client: Client;
  userId: number;
  device: number;
}

type Call = [method: 'GET' | 'PUT' | 'DELETE' | 'POST', path: string, body?: unknown];

interface NaturalKey {
  name: string;
  /** creates the tenant's row bearing the shared key; its id */
  create(t: Tenant, server: TestServer): Promise<number>;
  /** the list that must name the tenant's own row and never the other's */
  list: string;
  /** reads one row: 200 for its owner */
  read(id: number): Call;
  /** an edit its owner may make (and the other may not) */
  edit?(id: number, t: Tenant): Call;
  /** a second row with the same key in the same client: refused */
  duplicate?(t: Tenant): Call;
}

const ok = (what: string, r: Answer) => {
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${r.text}`);
  return r.body;
};
const firstFileId = (body: any): number => {
  const files = body.files ?? body.data ?? body;
  return Array.isArray(files) ? Number(files[0].id) : Number(body.id);
};

const KEYS: NaturalKey[] = [
  {
    name: 'driver card',
    create: async (t) =>
      ok(
        'driver',
        await t.client.post('/api/drivers', { name: `Motorista ${t.name}`, uniqueId: DRIVER_CARD }),
      ).id,
    list: '/api/drivers',
    read: (id) => ['GET', `/api/drivers/${id}`],
    edit: (id, t) => [
      'PUT',
      `/api/drivers/${id}`,
      { id, name: `Motorista ${t.name} (editado)`, uniqueId: DRIVER_CARD },
    ],
    duplicate: (t) => ['POST', '/api/drivers', { name: `Outro ${t.name}`, uniqueId: DRIVER_CARD }],
  },
  {
    name: 'passenger card',
    create: async (t) =>
      ok(
        'passenger',
        await t.client.post('/api/passengers', { name: `Aluno ${t.name}`, cardId: PASSENGER_CARD }),
      ).id,
    list: '/api/passengers',
    read: (id) => ['GET', `/api/passengers/${id}`],
    edit: (id, t) => [
      'PUT',
      `/api/passengers/${id}`,
      { id, name: `Aluno ${t.name} (editado)`, cardId: PASSENGER_CARD },
    ],
    duplicate: (t) => ['POST', '/api/passengers', { name: `Outro ${t.name}`, cardId: PASSENGER_CARD }],
  },
  {
    name: 'refill station code',
    create: async (t) =>
      ok(
        'station',
        await t.client.post(`${API}/refill_stations`, { name: `Posto ${t.name}`, code: STATION_CODE }),
      ).id,
    list: `${API}/refill_stations`,
    read: (id) => ['GET', `${API}/refill_stations/${id}`],
    edit: (id, t) => [
      'PUT',
      `${API}/refill_stations/${id}`,
      { name: `Posto ${t.name} (editado)`, code: STATION_CODE },
    ],
    duplicate: (t) => ['POST', `${API}/refill_stations`, { name: `Outro ${t.name}`, code: STATION_CODE }],
  },
  {
    name: 'refill operator username',
    create: async (t) =>
      ok(
        'operator',
        await t.client.post(`${API}/refill_operators`, {
          username: OPERATOR,
          password: `senha-${t.name}-33`,
          name: `Operador ${t.name}`,
          code: `OP-${t.name}`,
        }),
      ).id,
    list: `${API}/refill_operators`,
    read: (id) => ['GET', `${API}/refill_operators/${id}`],
    edit: (id, t) => [
      'PUT',
      `${API}/refill_operators/${id}`,
      { username: OPERATOR, name: `Operador ${t.name} (editado)`, code: `OP-${t.name}` },
    ],
    duplicate: (t) => [
      'POST',
      `${API}/refill_operators`,
      { username: OPERATOR, password: 'outra-senha-33', name: `Outro ${t.name}`, code: `OP2-${t.name}` },
    ],
  },
  {
    name: 'tachograph card file',
    create: async (t, server) =>
      firstFileId(
        ok('card file', (await uploadRaw(server, t.client, `C_${t.name}_CARTAO.ddd`, CARD)) as Answer),
      ),
    list: `${API}/tacho_files`,
    read: (id) => ['GET', `${API}/tacho_file/${id}`],
    edit: (id) => ['PUT', `${API}/tacho_files/${id}/periodicity`, { periodicity: 'Weekly' }],
  },
  {
    name: 'tachograph unit file (plate)',
    create: async (t, server) =>
      firstFileId(
        ok(
          'unit file',
          (await uploadRaw(server, t.client, `V_${t.name}_UNIDADE.ddd`, vuFile({ vrn: PLATE }))) as Answer,
        ),
      ),
    list: `${API}/tacho_files`,
    read: (id) => ['GET', `${API}/tacho_file/${id}`],
    edit: (id) => ['PUT', `${API}/tacho_files/${id}/periodicity`, { periodicity: 'Monthly' }],
  },
];

const names = (body: unknown, id: number): boolean =>
  JSON.stringify(body ?? null).match(new RegExp(`"id":${id}[,}]`)) !== null;

describe.each(dialects())('tenancy matrix: the same natural keys in two clients (%s)', (dialect) => {
  let server: TestServer;
  let a: Tenant;
  let b: Tenant;
  const ids = new Map<string, { A: number; B: number }>();

  async function tenant(name: 'A' | 'B'): Promise<Tenant> {
    const admin = await server.admin();
    const u = await userClient(server, admin, {
      email: `cliente-${name.toLowerCase()}@matriz.ao`,
      userLimit: 5,
      deviceLimit: 5,
      attributes: { permissions: PERMISSIONS },
    });
    // the same plate in both clients: the unit file's plate matches each client's own truck
    const device = ok(
      'device',
      await admin.post('/api/devices', {
        name: `Camião ${name}`,
        uniqueId: `matriz-${name}`,
        attributes: { license_plate: PLATE },
      }),
    ).id;
    ok('link', await admin.post('/api/permissions', { userId: u.id, deviceId: device }));
    return { name, client: u.client, userId: u.id, device };
  }

  beforeAll(async () => {
    server = await startTestServer(dialect);
    a = await tenant('A');
    b = await tenant('B');
    // B first, then A with the very same keys: A's creation must not hear of B's row
    for (const key of KEYS) {
      const B = await key.create(b, server);
      const A = await key.create(a, server);
      ids.set(key.name, { A, B });
    }
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it.each(KEYS.map((k) => [k.name, k] as const))(
    '%s: each client lists, reads and changes only its own',
    async (_n, key) => {
      const { A, B } = ids.get(key.name)!;
      expect(A).not.toBe(B);
      for (const [me, mine, theirs] of [
        [a, A, B],
        [b, B, A],
      ] as const) {
        const list = await me.client.get(key.list);
        expect(list.status, `${me.name} ${key.list}`).toBe(200);
        expect(names(list.body, mine), `${me.name} lists its own ${key.name}`).toBe(true);
        expect(names(list.body, theirs), `${me.name} lists the other's ${key.name}`).toBe(false);
        const [rm, rp] = key.read(mine);
        expect((await me.client.request(rm, rp)).status, `${me.name} reads its own`).toBe(200);
        const [om, op] = key.read(theirs);
        expect([403, 404], `${me.name} reads the other's`).toContain(
          (await me.client.request(om, op)).status,
        );
      }
      if (key.edit) {
        const before = await b.client.request(...key.read(B));
        const [m, p, body] = key.edit(B, a);
        expect([403, 404], `A edits B's ${key.name}`).toContain((await a.client.request(m, p, body)).status);
        expect((await b.client.request(...key.read(B))).text, `B's ${key.name} is intact`).toBe(before.text);
        const [om, op, ob] = key.edit(A, a);
        const own = await a.client.request(om, op, ob);
        expect(own.status, `A edits its own ${key.name}: ${own.text}`).toBeLessThan(300);
        expect((await b.client.request(...key.read(B))).text, `B's ${key.name} after A's edit`).toBe(
          before.text,
        );
      }
      if (key.duplicate) {
        const [m, p, body] = key.duplicate(a);
        const dup = await a.client.request(m, p, body);
        expect(dup.status, `a second ${key.name} in A: ${dup.text}`).toBe(400);
        expect(dup.text).not.toMatch(/cliente-b|Camião B|Motorista B|Aluno B|Posto B|Operador B/);
      }
    },
  );

  it("opens each client's refill operator on its own client only", async () => {
    const login = async (password: string) => {
      const r = await fetch(`${server.base}${API}/refill_app/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: OPERATOR, password }),
      });
      expect(r.status).toBe(200);
      return ((await r.json()) as { token: string }).token;
    };
    for (const t of [a, b]) {
      const token = await login(`senha-${t.name}-33`);
      const stations = await fetch(`${server.base}${API}/refill_app/stations`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const text = await stations.text();
      expect(stations.status).toBe(200);
      expect(text).toContain(`Posto ${t.name}`);
      expect(text).not.toContain(`Posto ${t === a ? 'B' : 'A'}`);
    }
  });

  it("names each client's own driver for the same card read on its own truck", async () => {
    for (const t of [a, b]) {
      const at = Math.floor(Date.now() / 1000);
      const r = await fetch(
        `http://127.0.0.1:${server.osmand!.port}/?id=matriz-${t.name}&lat=-8.8&lon=13.2&timestamp=${at}&driverUniqueId=${DRIVER_CARD}`,
      );
      expect(r.status).toBe(200);
    }
    for (const t of [a, b]) {
      // without a period: each visible vehicle's latest position
      const positions = (
        ok('positions', await t.client.get('/api/positions')) as Array<{
          deviceId: number;
          attributes: Record<string, unknown>;
        }>
      ).filter((p) => p.deviceId === t.device);
      expect(positions.length).toBe(1);
      expect(positions[0].attributes.driverUniqueId).toBe(DRIVER_CARD);
      expect(String(positions[0].attributes.driver)).toMatch(new RegExp(`^Motorista ${t.name}`));
      expect(positions[0].attributes.driverId).toBe(ids.get('driver card')![t.name]);
    }
  });
});
