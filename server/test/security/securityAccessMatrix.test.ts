/**
 * The access matrix (issue 24): two tenants, A and B, each with its own vehicle and one of every entity.
 * A tries B's ids everywhere (read, update, delete, the file and list calls, every report on B's vehicle,
 * the live socket) and must be refused (403/404) or get nothing of B's. Table-driven: a new entity is one
 * row of ENTITIES, and every report the OpenAPI document lists is tried on its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, userClient, type Answer, type Client, type TestServer } from '../harness';
import { openLive } from '../liveClient';
import { saveCameraMedia } from '../../src/modules/cameras/media/mediaStore';
import { toJson } from '../../src/db/mapping';
import { samplePdf } from '../../src/modules/management/sampleFiles';
import { cardFile, cardNumberOf, uploadRaw } from '../tachoFilesFleet';

const API = '/report/api.php';
const PERMISSIONS = [
  'map',
  'settings',
  'reports',
  'management',
  'module',
  'passengers',
  'tacho',
  'global',
  'alerts',
  'dashboard',
  'custom_reports',
];
const REFUSED = [403, 404];
const ICAL = Buffer.from(
  'BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//frota//test//PT\nBEGIN:VEVENT\nUID:1@frota\nDTSTART:20260101T080000Z\nDTEND:20260101T170000Z\nRRULE:FREQ=DAILY\nEND:VEVENT\nEND:VCALENDAR\n',
).toString('base64');

/** What a row needs of the tenant it builds for. */
interface Tenant {
  server: TestServer;
  admin: Client;
  client: Client;
  userId: number;
  device: number;
  otherDevice: number;
  calendar: number;
  suffix: string;
}

type Call = [method: 'GET' | 'PUT' | 'DELETE' | 'POST', path: string, body?: unknown];

interface Entity {
  name: string;
  /** builds one for the tenant; its id */
  create(t: Tenant): Promise<number>;
  /** the calls A makes on B's item; `own` is A's vehicle (a B row under A's vehicle must not open) */
  attempts(id: number, b: Tenant, own: number): Call[];
  /** a call by which B still reads its item afterwards */
  check(id: number, b: Tenant): Call;
  /** list calls whose answer must not name B's item */
  lists?: (a: Tenant) => string[];
}

const ok = (what: string, r: Answer): any => {
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${r.text}`);
  return r.body;
};

/** A Traccar-style entity at `/api/<base>`: created by the tenant (or by the admin and linked). */
const traccar = (
  name: string,
  base: string,
  body: (t: Tenant) => Record<string, unknown>,
  link?: string,
): Entity => ({
  name,
  create: async (t) => {
    if (!link) return ok(name, await t.client.post(base, body(t))).id;
    const id = ok(name, await t.admin.post(base, body(t))).id;
    ok(`${name} link`, await t.admin.post('/api/permissions', { userId: t.userId, [link]: id }));
    return id;
  },
  attempts: (id, b) => [
    ['GET', `${base}/${id}`],
    ['PUT', `${base}/${id}`, { id, ...body(b), name: 'invadido', description: 'invadido' }],
    ['DELETE', `${base}/${id}`],
  ],
  check: (id) => ['GET', `${base}/${id}`],
  lists: () => [base],
});

/** A management row kept per vehicle at `/report/api.php/<kind>/{vehicleId}/{id}`. */
const perVehicle = (name: string, kind: string, body: (t: Tenant) => Record<string, unknown>): Entity => ({
  name,
  create: async (t) => ok(name, await t.client.post(`${API}/${kind}/${t.device}`, body(t))).id,
  attempts: (id, b, own) => [
    ['GET', `${API}/${kind}/${b.device}/${id}`],
    ['GET', `${API}/${kind}/${own}/${id}`],
    ['PUT', `${API}/${kind}/${b.device}/${id}`, body(b)],
    ['PUT', `${API}/${kind}/${own}/${id}`, body(b)],
    ['POST', `${API}/${kind}/${own}`, { ...body(b), id }],
    ['DELETE', `${API}/${kind}/${b.device}/${id}`],
    ['DELETE', `${API}/${kind}/${own}/${id}`],
    ['DELETE', `${API}/${kind}/${own}`, { id }],
    ['GET', `${API}/${kind}/${b.device}`],
  ],
  check: (id, b) => ['GET', `${API}/${kind}/${b.device}/${id}`],
  lists: (a) => [`${API}/${kind}/${a.device}`],
});

const today = new Date().toISOString().slice(0, 10);
const nextWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();
const scheduleBody = (t: Tenant) => ({
  report_name: `Viagens ${t.suffix}`,
  report_type: 'trips',
  report_ids: `${t.device}`,
  report_ids_type: 'V',
  report_periodicity: 'D',
  report_day: 1,
  report_format: 'csv',
  report_destination: `relatorios-${t.suffix}@mx.ao`,
});
const maintenanceNoticeBody = (t: Tenant) => ({
  emails: `oficina-${t.suffix}@mx.ao`,
  all_devices: 0,
  device_ids: `${t.device}`,
  maintenance: 1,
  maintenance_km: '5000',
  maintenance_hours: '250',
  cost: true,
  cost_days: 30,
  document: false,
  document_days: 30,
  communication: 'on',
  communication_hours: '24',
});
const LINKS = '/api/settings/temporary_links';
/** The calls A makes on B's temporary link (made in settings or as a Traccar share link). */
const linkAttempts = (id: number, b: Tenant): Call[] => [
  ['GET', `${LINKS}/${id}`],
  ['PUT', `${LINKS}/${id}`, { name: 'invadido', deviceIds: [b.device] }],
  ['DELETE', `${LINKS}/${id}`],
  // and sharing B's vehicle through a new link of A's
  ['POST', '/api/share/device', { deviceId: b.device, expiration: nextWeek() }],
  ['POST', LINKS, { name: 'invadido', deviceIds: [b.device] }],
];
const documentBody = () => ({
  designation: 'Seguro',
  document_type: 'insurance',
  warning: 0,
  expiry_date: '2099-01-01',
  file: {
    name: 'seguro.pdf',
    size: samplePdf('x').length,
    type: 'application/pdf',
    content: `data:application/pdf;base64,${samplePdf('x').toString('base64')}`,
  },
});

const ENTITIES: Entity[] = [
  traccar(
    'device',
    '/api/devices',
    (t) => ({ name: `Carro ${t.suffix}`, uniqueId: `mx-${t.suffix}-9` }),
    'deviceId',
  ),
  traccar('group', '/api/groups', (t) => ({ name: `Grupo ${t.suffix}` })),
  traccar('driver', '/api/drivers', (t) => ({ name: `Motorista ${t.suffix}`, uniqueId: `RF-${t.suffix}` })),
  traccar('geofence', '/api/geofences', (t) => ({
    name: `Zona ${t.suffix}`,
    area: 'CIRCLE (-8.8 13.2, 300)',
  })),
  traccar('notification', '/api/notifications', () => ({ type: 'sos', notificators: 'web', always: true })),
  traccar('user', '/api/users', (t) => ({
    name: `Sub ${t.suffix}`,
    email: `sub-${t.suffix}@mx.ao`,
    password: 'sub-secret-1',
  })),
  traccar('calendar', '/api/calendars', (t) => ({ name: `Horário ${t.suffix}`, data: ICAL })),
  traccar(
    'saved command',
    '/api/commands',
    (t) => ({
      description: `Versão ${t.suffix}`,
      type: 'custom',
      textChannel: false,
      attributes: { data: 'getver' },
    }),
    'commandId',
  ),
  traccar(
    'computed attribute',
    '/api/attributes/computed',
    (t) => ({ description: `Calc ${t.suffix}`, attribute: 'fuel', expression: 'speed * 2', type: 'number' }),
    'attributeId',
  ),
  traccar('maintenance (Traccar)', '/api/maintenance', (t) => ({
    name: `Óleo ${t.suffix}`,
    type: 'totalDistance',
    start: 10_000_000,
    period: 15_000_000,
  })),
  traccar('passenger', '/api/passengers', (t) => ({
    name: `Passageiro ${t.suffix}`,
    cardId: `00000000000000${t.suffix}${t.suffix}`,
  })),
  traccar('scheduled report', '/api/reports', (t) => ({
    type: 'summary',
    description: `Resumo ${t.suffix}`,
    calendarId: t.calendar,
    attributes: { daily: true },
  })),
  perVehicle('maintenance entry', 'maintenance', () => ({
    date_start: today,
    date_end: today,
    complete: 1,
    description: 'Revisão',
    km: '30000',
    cost: '100',
  })),
  perVehicle('cost', 'cost', () => ({
    cost_date: today,
    cost_type: 'other',
    designation: 'Pneus',
    cost: 10,
  })),
  {
    ...perVehicle('document', 'document', documentBody),
    name: 'document and its file',
    attempts(id, b, own) {
      return [
        ...perVehicle('document', 'document', documentBody).attempts(id, b, own),
        ['GET', `${API}/file/${id}`],
        ['GET', `${API}/file/${id}/placa`],
      ];
    },
  },
  {
    name: 'refill',
    create: async (t) =>
      ok(
        'refill',
        await t.client.post(`${API}/refill/${t.device}`, {
          cost_date: `${today} 08:00:00`,
          cost: 100,
          litres: 50,
        }),
      ).id,
    attempts: (id, b, own) => [
      ['GET', `${API}/refill/${b.device}/${id}`],
      ['GET', `${API}/refill/${own}/${id}`],
      ['PUT', `${API}/refill/${id}`, { cost_date: `${today} 09:00:00`, cost: 1 }],
      ['DELETE', `${API}/refill/${b.device}/${id}`],
      ['DELETE', `${API}/refill/${own}/${id}`],
      ['POST', `${API}/share_refill/${id}`, { emailTo: 'x@y.ao' }],
      ['GET', `${API}/refill/${b.device}`],
    ],
    check: (id, b) => ['GET', `${API}/refill/${b.device}/${id}`],
    lists: (a) => [`${API}/refill/${a.device}`],
  },
  {
    name: 'refill station',
    create: async (t) =>
      ok(
        'station',
        await t.client.post(`${API}/refill_stations`, { name: `Posto ${t.suffix}`, code: `ST-${t.suffix}` }),
      ).id,
    attempts: (id) => [
      ['GET', `${API}/refill_stations/${id}`],
      ['GET', `${API}/refill_station/${id}`],
      ['PUT', `${API}/refill_stations/${id}`, { name: 'invadido', code: 'ST-X' }],
      ['DELETE', `${API}/refill_stations/${id}`],
    ],
    check: (id) => ['GET', `${API}/refill_stations/${id}`],
    lists: () => [`${API}/refill_stations`],
  },
  {
    name: 'refill operator',
    create: async (t) =>
      ok(
        'operator',
        await t.client.post(`${API}/refill_operators`, {
          username: `op-${t.suffix}`,
          password: 'op-secret-1',
          name: `Operador ${t.suffix}`,
          code: `OP-${t.suffix}`,
        }),
      ).id,
    attempts: (id) => [
      ['GET', `${API}/refill_operators/${id}`],
      ['PUT', `${API}/refill_operators/${id}`, { username: 'invadido', name: 'x', code: 'OP-X' }],
      ['DELETE', `${API}/refill_operators/${id}`],
    ],
    check: (id) => ['GET', `${API}/refill_operators/${id}`],
    lists: () => [`${API}/refill_operators`],
  },
  {
    name: 'report schedule',
    create: async (t) => ok('schedule', await t.client.post(`${API}/report_scheduler`, scheduleBody(t))).id,
    attempts: (id, b, own) => [
      ['GET', `${API}/report_scheduler/${id}`],
      ['PUT', `${API}/report_scheduler/${id}`, { ...scheduleBody(b), report_name: 'invadido' }],
      ['PUT', `${API}/report_scheduler/${id}`, { ...scheduleBody(b), report_ids: `${own}` }],
      ['DELETE', `${API}/report_scheduler/${id}`],
      // a schedule of A's own on B's vehicle
      ['POST', `${API}/report_scheduler`, scheduleBody(b)],
    ],
    check: (id) => ['GET', `${API}/report_scheduler/${id}`],
    lists: () => [`${API}/report_scheduler`],
  },
  {
    name: 'maintenance notification',
    create: async (t) =>
      ok('notice', await t.client.post(`${API}/maintenance_notification`, maintenanceNoticeBody(t))).id,
    attempts: (id, b, own) => [
      ['GET', `${API}/maintenance_notification/${id}`],
      ['PUT', `${API}/maintenance_notification/${id}`, { ...maintenanceNoticeBody(b), device_ids: `${own}` }],
      ['POST', `${API}/maintenance_notification`, { ...maintenanceNoticeBody(b), device_ids: `${own}`, id }],
      ['DELETE', `${API}/maintenance_notification/${id}`],
      ['DELETE', `${API}/maintenance_notification`, { id }],
      ['DELETE', `${API}/maintenance_notification?id=${id}`],
      // a notification of A's own on B's vehicle
      ['POST', `${API}/maintenance_notification`, maintenanceNoticeBody(b)],
    ],
    check: (id) => ['GET', `${API}/maintenance_notification/${id}`],
    lists: () => [`${API}/maintenance_notification`],
  },
  {
    name: 'temporary link',
    create: async (t) =>
      ok('link', await t.client.post(LINKS, { name: `Visita ${t.suffix}`, deviceIds: [t.device] })).id,
    attempts: linkAttempts,
    check: (id) => ['GET', `${LINKS}/${id}`],
    lists: () => [LINKS],
  },
  {
    name: 'share link (Traccar)',
    create: async (t) => {
      const token = await t.client.post('/api/share/device', { deviceId: t.device, expiration: nextWeek() });
      ok('share', token);
      const links = ok('links', await t.client.get(LINKS)) as Array<{ id: number }>;
      return Math.max(...links.map((l) => l.id));
    },
    attempts: linkAttempts,
    check: (id) => ['GET', `${LINKS}/${id}`],
    lists: () => [LINKS],
  },
  {
    name: 'event',
    create: async (t) => {
      const row = await t.server.services.db.kysely
        .insertInto('events')
        .values({
          type: 'alarm',
          eventTime: Date.now(),
          deviceId: t.device,
          positionId: null,
          geofenceId: null,
          attributes: toJson({ alarm: 'sos' }),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },
    attempts: (id) => [
      ['GET', `/api/events/${id}`],
      ['GET', `${API}/event_details/${id}`],
      ['POST', `${API}/event/${id}`, { status: 2, details: 'invadido' }],
      ['POST', `${API}/share_event/${id}`, { emailTo: 'x@y.ao' }],
    ],
    check: (id) => ['GET', `/api/events/${id}`],
    lists: () => [
      '/api/events',
      `${API}/events/${today}/${today}`,
      `${API}/events/${today}/${today}?limit=50`,
    ],
  },
  {
    name: 'camera media',
    create: (t) =>
      saveCameraMedia(t.server.services.db, {
        deviceId: t.device,
        type: 'P',
        camera: 'F',
        time: Date.now(),
        content: Buffer.from([0xff, 0xd8, 0xff, 0xd9]),
      }),
    attempts: (id) => [
      ['GET', `${API}/media/${id}`],
      ['GET', `${API}/media/${id}/nome`],
      ['DELETE', `${API}/media/${id}`],
      ['DELETE', `${API}/media`, { id }],
    ],
    check: (id) => ['GET', `${API}/media/${id}`],
  },
  {
    name: 'tacho file',
    create: async (t) => {
      const card = cardFile();
      const driver = ok(
        'driver',
        await t.admin.post('/api/drivers', { name: 'Cartão', uniqueId: cardNumberOf(card) }),
      ).id;
      ok('driver link', await t.admin.post('/api/permissions', { userId: t.userId, driverId: driver }));
      const up = await uploadRaw(t.server, t.client, 'C_20260101_0000_J_GONCALVES.ddd', card);
      const body = ok('tacho upload', up as Answer);
      const files = (body.files ?? body.data ?? body) as Array<{ id: number }>;
      return Array.isArray(files) ? files[0].id : (body.id as number);
    },
    attempts: (id) => [
      ['GET', `${API}/tacho_file/${id}`],
      ['PUT', `${API}/tacho_files/${id}/periodicity`, { periodicity: 'Weekly' }],
      ['POST', `${API}/tacho_files`, { fileIds: [id] }],
    ],
    check: (id) => ['GET', `${API}/tacho_file/${id}`],
  },
];

const listed = (body: unknown, id: number): boolean =>
  JSON.stringify(body ?? null).match(new RegExp(`"id":${id}[,}]`)) !== null;

describe.each(dialects())('access matrix: user A on user B (%s)', (dialect) => {
  let server: TestServer;
  let admin: Client;
  let a: Tenant;
  let b: Tenant;
  const ids = new Map<string, number>();

  async function tenant(suffix: string): Promise<Tenant> {
    const u = await userClient(server, admin, {
      email: `tenant-${suffix}@mx.ao`,
      userLimit: 5,
      deviceLimit: 5,
      attributes: { permissions: PERMISSIONS },
    });
    const device = ok(
      'device',
      await admin.post('/api/devices', {
        name: `Veículo ${suffix}`,
        uniqueId: `mx-${suffix}`,
        attributes: { license_plate: `LD-${suffix}` },
      }),
    ).id;
    const otherDevice = ok(
      'device 2',
      await admin.post('/api/devices', { name: `Veículo ${suffix}2`, uniqueId: `mx-${suffix}2` }),
    ).id;
    for (const d of [device, otherDevice])
      ok('link', await admin.post('/api/permissions', { userId: u.id, deviceId: d }));
    const calendar = ok(
      'calendar',
      await u.client.post('/api/calendars', { name: `Cal ${suffix}`, data: ICAL }),
    ).id;
    return { server, admin, client: u.client, userId: u.id, device, otherDevice, calendar, suffix };
  }

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await server.admin();
    a = await tenant('1');
    b = await tenant('2');
    for (const entity of ENTITIES) ids.set(entity.name, await entity.create(b));
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it.each(ENTITIES.map((e) => [e.name, e] as const))(
    '%s: refused by id, absent from lists, intact',
    async (_n, entity) => {
      const id = ids.get(entity.name)!;
      const leaks: string[] = [];
      for (const [method, path, body] of entity.attempts(id, b, a.device)) {
        const r = await a.client.request(method, path, body);
        if (!REFUSED.includes(r.status))
          leaks.push(`${method} ${path} -> ${r.status} ${r.text.slice(0, 120)}`);
      }
      for (const path of entity.lists?.(a) ?? []) {
        const r = await a.client.get(path);
        if (r.status === 200 && listed(r.body, id)) leaks.push(`list ${path} names ${id}`);
      }
      expect(leaks).toEqual([]);
      const [method, path] = entity.check(id, b);
      const still = await b.client.request(method, path);
      expect(still.status, `${entity.name} still readable by B`).toBe(200);
    },
  );
});

const FROM = '2026-01-01 00:00:00';
const TO = '2026-01-02 23:59:59';
const ISO = { from: '2026-01-01T00:00:00Z', to: '2026-01-02T23:59:59Z' };

describe.each(dialects())('access matrix: reports, positions and the socket (%s)', (dialect) => {
  let server: TestServer;
  let a: { client: Client; device: number };
  let b: { client: Client; device: number };

  const report = async (uniqueId: string, lat: number) => {
    const at = Math.floor(Date.now() / 1000);
    const r = await fetch(
      `http://127.0.0.1:${server.osmand!.port}/?id=${uniqueId}&lat=${lat}&lon=13.23&timestamp=${at}&speed=12`,
    );
    expect(r.status).toBe(200);
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const admin = await server.admin();
    const make = async (suffix: string) => {
      const u = await userClient(server, admin, {
        email: `rep-${suffix}@mx.ao`,
        attributes: { permissions: PERMISSIONS },
      });
      const device = ok(
        'device',
        await admin.post('/api/devices', {
          name: `Rep ${suffix}`,
          uniqueId: `rep-${suffix}`,
          attributes: { has_camera: true, has_passengers: true },
        }),
      ).id;
      ok('link', await admin.post('/api/permissions', { userId: u.id, deviceId: device }));
      return { client: u.client, device };
    };
    a = await make('a');
    b = await make('b');
    // an event of B's in the period, so the event lists and reports have something to leak
    await server.services.db.kysely
      .insertInto('events')
      .values({
        type: 'alarm',
        eventTime: Date.parse('2026-01-01T12:00:00Z'),
        deviceId: b.device,
        positionId: null,
        geofenceId: null,
        attributes: toJson({ alarm: 'sos' }),
      })
      .execute();
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it("refuses every report the server lists on B's vehicle", async () => {
    const doc = (await a.client.get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const reports = Object.keys(doc.paths).filter(
      (p) => /^\/report\/report_.+\.php$/.test(p) && doc.paths[p].post,
    );
    expect(reports.length).toBeGreaterThan(30);
    const leaks: string[] = [];
    for (const path of reports) {
      const body = {
        devices: [b.device],
        deviceId: b.device,
        from: FROM,
        to: TO,
        ReportVersion: 1,
      };
      // B runs it on its own vehicle and gets past the access check (200, or 400 when the report does not
      // apply to that kind of vehicle): A's refusal below is about access, not a malformed call
      const own = await b.client.post(path, body);
      if (own.status !== 200 && own.status !== 400)
        leaks.push(`B's own ${path} -> ${own.status} ${own.text.slice(0, 100)}`);
      const r = await a.client.post(path, body);
      if (!REFUSED.includes(r.status)) leaks.push(`${path} -> ${r.status} ${r.text.slice(0, 100)}`);
    }
    const q = `deviceId=${b.device}&from=${ISO.from}&to=${ISO.to}`;
    for (const path of [
      ...['route', 'events', 'trips', 'stops', 'summary', 'combined'].map((t) => `/api/reports/${t}?${q}`),
      `/api/reports/trips/xlsx?${q}`,
      `/api/positions?${q}`,
      `/api/events?${q}`,
      `/api/positions/kml?${q}`,
      `/api/positions/csv?${q}`,
      `/api/positions/gpx?${q}`,
      `${API}/block_details/${b.device}/1`,
      `${API}/cameras/${b.device}`,
      `${API}/camera/${b.device}/2026-01-01/2026-01-02`,
    ]) {
      const own = await b.client.get(path);
      if (own.status !== 200) leaks.push(`B's own GET ${path} -> ${own.status} ${own.text.slice(0, 100)}`);
      const r = await a.client.get(path);
      if (!REFUSED.includes(r.status) && !(r.status === 200 && (r.text === '[]' || r.text === '')))
        leaks.push(`GET ${path} -> ${r.status} ${r.text.slice(0, 100)}`);
    }
    expect(leaks).toEqual([]);
  });

  it("never sends A's socket anything of B's vehicle, and refuses B's positions by id", async () => {
    const liveA = await openLive(server.base, a.client.cookie);
    const liveB = await openLive(server.base, b.client.cookie);
    try {
      await report('rep-a', -8.81);
      await report('rep-b', -8.82);
      const seen = (live: typeof liveA, device: number) =>
        live.positions().some((p) => p.deviceId === device);
      await liveA.until(() => seen(liveA, a.device), 'A’s position on A’s socket');
      await liveB.until(() => seen(liveB, b.device), 'B’s position on B’s socket');
      // the hub flushed B's position to every socket at once: what A's socket was sent came before the pong
      await liveA.roundTrip();
      expect(liveB.positions().some((p) => p.deviceId === b.device)).toBe(true);
      expect(liveA.positions().some((p) => p.deviceId === a.device)).toBe(true);
      const aboutB = liveA.messages.filter(
        (m) =>
          JSON.stringify(m).includes(`"deviceId":${b.device}`) ||
          (m.devices ?? []).some((d: { id: number }) => d.id === b.device),
      );
      expect(aboutB).toEqual([]);
    } finally {
      liveA.close();
      liveB.close();
    }
    const window = `from=${new Date(Date.now() - 3_600_000).toISOString()}&to=${new Date(Date.now() + 60_000).toISOString()}`;
    const history = `/api/positions?deviceId=${b.device}&${window}`;
    const positionB = (await b.client.get(history)).body[0];
    expect(positionB?.deviceId).toBe(b.device);
    const byId = await a.client.get(`/api/positions?id=${positionB.id}`);
    expect(byId.status === 200 ? byId.body : byId.status).not.toEqual([
      expect.objectContaining({ id: positionB.id }),
    ]);
    expect(REFUSED).toContain((await a.client.del(`/api/positions/${positionB.id}`)).status);
    expect((await b.client.get(history)).body[0]?.id).toBe(positionB.id);
  });
});
