/**
 * The alert central (document 2 §2.8, §3, §4, §5, §7): the events of a period with every filter, the
 * status workflow with its history and live broadcast, and the access policy on every call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toJson } from '../../../src/db/mapping';
import { dialects, startTestServer, userClient, type Client, type TestServer } from '../../harness';
import { insertPosition } from '../../fixtures';
import { openLive } from '../../liveClient';
import { MAIL_NOT_CONFIGURED } from '../../../src/services/mailer';

const API = '/report/api.php';
const JAN = `${API}/events/2024-01-01/2024-01-31`;

describe.each(dialects())('alert central (%s)', (dialect) => {
  let server: TestServer;
  let admin: Client;
  let colega: Client;
  let outro: Client;
  let leitor: Client;
  let semPermissao: Client;
  const ids: Record<string, number> = {};
  let group: number;
  let joao: number;
  let maria: number;

  const addEvent = async (
    deviceId: number,
    type: string,
    iso: string,
    positionId: number | null,
    attributes: Record<string, unknown> = {},
  ) => {
    const row = await server.services.db.kysely
      .insertInto('events')
      .values({
        type,
        eventTime: Date.parse(iso),
        deviceId,
        positionId,
        geofenceId: null,
        attributes: toJson(attributes),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  };
  const listIds = async (client: Client, path: string) => {
    const r = await client.get(path);
    expect(r.status, r.text).toBe(200);
    const rows = Array.isArray(r.body) ? r.body : r.body.data;
    return (rows as Array<{ id: number }>).map((e) => e.id);
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await server.admin();
    group = (await admin.post('/api/groups', { name: 'Luanda' })).body.id;
    const truck = await admin.post('/api/devices', {
      name: 'Camião 1',
      uniqueId: 'alert-truck',
      groupId: group,
      attributes: { license_plate: 'LD-11-22-AA' },
    });
    const van = await admin.post('/api/devices', { name: 'Carrinha', uniqueId: 'alert-van' });
    const far = await admin.post('/api/devices', { name: 'Longe', uniqueId: 'alert-far' });
    ids.truck = truck.body.id;
    ids.van = van.body.id;
    ids.far = far.body.id;
    joao = (
      await admin.post('/api/drivers', {
        name: 'João Silva',
        uniqueId: 'CARD-JOAO',
        attributes: { phone: '+244 923 000 111' },
      })
    ).body.id;
    maria = (await admin.post('/api/drivers', { name: 'Maria Costa', uniqueId: 'CARD-MARIA' })).body.id;
    await admin.post('/api/permissions', { deviceId: ids.van, driverId: maria });

    const k = server.services.db.kysely;
    const p1 = await insertPosition(server, ids.truck, Date.parse('2024-01-10T09:59:00Z'), {
      driverUniqueId: 'CARD-JOAO',
    });
    await k.updateTable('positions').set({ address: 'Rua Direita, Luanda' }).where('id', '=', p1).execute();
    const p2 = await insertPosition(server, ids.van, Date.parse('2024-01-12T08:00:00Z'));
    ids.sos = await addEvent(ids.truck, 'alarm', '2024-01-10T10:00:00Z', p1, { alarm: 'sos' });
    ids.speed = await addEvent(ids.truck, 'deviceOverspeed', '2024-01-11T10:00:00Z', p1, {
      speed: 54,
      speedLimit: 27,
    });
    ids.zone = await addEvent(ids.van, 'geofenceEnter', '2024-01-12T10:00:00Z', p2);
    ids.braking = await addEvent(ids.far, 'alarm', '2024-01-13T10:00:00Z', null, { alarm: 'hardBraking' });
    ids.ignition = await addEvent(ids.truck, 'ignitionOn', '2024-01-14T10:00:00Z', p1);
    // Luanda is UTC+1: 23:30 UTC is already the next day there
    ids.firstDay = await addEvent(ids.van, 'alarm', '2023-12-31T23:30:00Z', p2, { alarm: 'sos' });
    ids.nextMonth = await addEvent(ids.truck, 'deviceOverspeed', '2024-01-31T23:30:00Z', p1);

    const c = await userClient(server, admin, {
      email: 'colega@x.ao',
      attributes: { permissions: ['module.events'] },
    });
    await admin.post('/api/permissions', { userId: c.id, groupId: group });
    await admin.post('/api/permissions', { userId: c.id, deviceId: ids.van });
    colega = c.client;
    const o = await userClient(server, admin, {
      email: 'outro@x.ao',
      attributes: { permissions: ['module.events'] },
    });
    await admin.post('/api/permissions', { userId: o.id, deviceId: ids.far });
    outro = o.client;
    const l = await userClient(server, admin, {
      email: 'leitor@x.ao',
      readonly: true,
      attributes: { permissions: ['module.events'] },
    });
    await admin.post('/api/permissions', { userId: l.id, deviceId: ids.truck });
    leitor = l.client;
    const s = await userClient(server, admin, {
      email: 'semperm@x.ao',
      attributes: { permissions: ['map.online'] },
    });
    await admin.post('/api/permissions', { userId: s.id, deviceId: ids.truck });
    semPermissao = s.client;
  });
  afterAll(async () => server.close());

  it('lists the alert events of the days in the user timezone, newest first', async () => {
    expect(await listIds(admin, JAN)).toEqual([ids.braking, ids.zone, ids.speed, ids.sos, ids.firstDay]);
    expect(await listIds(admin, `${API}/events/2024-02-01/2024-02-01`)).toEqual([ids.nextMonth]);
  });

  it('refuses more than 31 days, inclusive, with the spec message', async () => {
    expect((await admin.get(`${API}/events/2024-01-01/2024-01-31`)).status).toBe(200);
    const long = await admin.get(`${API}/events/2024-01-01/2024-02-01`);
    expect(long.status).toBe(400);
    expect(long.text).toBe('Por favor seleccione um período máximo de 31 dias');
    expect((await admin.get(`${API}/events/2024-01-31/2024-01-01`)).status).toBe(400);
    expect((await admin.get(`${API}/events/2024-02-30/2024-03-01`)).status).toBe(400);
  });

  it('answers every field of an event', async () => {
    const all = (await admin.get(JAN)).body as Array<Record<string, unknown>>;
    const sos = all.find((e) => e.id === ids.sos)!;
    expect(sos).toMatchObject({
      eventTime: '2024-01-10T10:00:00.000Z',
      eventType: 'alarmsos',
      groupId: group,
      deviceId: ids.truck,
      deviceName: 'Camião 1',
      deviceLicensePlate: 'LD-11-22-AA',
      driverId: joao,
      driverName: 'João Silva',
      driverPhone: '+244 923 000 111',
      lastStatusId: 0,
      lastStatusName: 'Por resolver',
      lastStatusUser: null,
      lastStatusDetails: null,
      latitude: -8.83,
      longitude: 13.23,
      fixTime: '2024-01-10T09:59:00.000Z',
      address: 'Rua Direita, Luanda',
      speed: 10,
    });
    const speed = all.find((e) => e.id === ids.speed)!;
    expect(speed.eventType).toBe('deviceOverspeed');
    expect(speed.speed).toBe(54);
    expect(speed.details).toBe('100 km/h (limite 50 km/h)');
    // the van has no card on its position: its own driver
    const zone = all.find((e) => e.id === ids.zone)!;
    expect(zone).toMatchObject({
      driverId: maria,
      driverName: 'Maria Costa',
      groupId: null,
      deviceLicensePlate: null,
    });
    const far = all.find((e) => e.id === ids.braking)!;
    expect(far).toMatchObject({
      eventType: 'alarmhardBraking',
      driverId: null,
      latitude: null,
      fixTime: null,
    });
  });

  it('pages with the total count, and sorts', async () => {
    const first = await admin.get(`${JAN}?limit=2`);
    expect(first.body.total).toBe(5);
    expect(first.body.data.map((e: { id: number }) => e.id)).toEqual([ids.braking, ids.zone]);
    expect(await listIds(admin, `${JAN}?limit=2&offset=2`)).toEqual([ids.speed, ids.sos]);
    expect(await listIds(admin, `${JAN}?limit=2&order=asc`)).toEqual([ids.firstDay, ids.sos]);
    expect(await listIds(admin, `${JAN}?limit=10&sort=deviceName&order=asc`)).toEqual([
      ids.sos,
      ids.speed,
      ids.zone,
      ids.firstDay,
      ids.braking,
    ]);
    expect((await admin.get(`${JAN}?limit=10&sort=nothing`)).status).toBe(400);
    expect((await admin.get(`${JAN}?limit=1001`)).status).toBe(400);
  });

  it('filters by type, group, vehicle and driver, with the others choice', async () => {
    expect(await listIds(admin, `${JAN}?limit=10&type=alarmsos`)).toEqual([ids.sos, ids.firstDay]);
    expect(await listIds(admin, `${JAN}?limit=10&type=alarmsos,deviceOverspeed`)).toEqual([
      ids.speed,
      ids.sos,
      ids.firstDay,
    ]);
    expect(await listIds(admin, `${JAN}?limit=10&type=ignitionOn`)).toEqual([]);
    expect(await listIds(admin, `${JAN}?limit=10&group=${group}`)).toEqual([ids.speed, ids.sos]);
    expect(await listIds(admin, `${JAN}?limit=10&group=0`)).toEqual([ids.braking, ids.zone, ids.firstDay]);
    expect(await listIds(admin, `${JAN}?limit=10&device=${ids.van}`)).toEqual([ids.zone, ids.firstDay]);
    expect(await listIds(admin, `${JAN}?limit=10&driver=${joao}`)).toEqual([ids.speed, ids.sos]);
    expect(await listIds(admin, `${JAN}?limit=10&driver=${maria}`)).toEqual([ids.zone, ids.firstDay]);
    expect(await listIds(admin, `${JAN}?limit=10&driver=0`)).toEqual([ids.braking]);
    expect(await listIds(admin, `${JAN}?limit=10&driver=0,${joao}`)).toEqual([
      ids.braking,
      ids.speed,
      ids.sos,
    ]);
    expect((await admin.get(`${JAN}?limit=10&status=4`)).status).toBe(400);
  });

  it('searches vehicle name, plate, driver name and phone, ignoring case', async () => {
    expect(await listIds(admin, `${JAN}?limit=10&search=CARRINHA`)).toEqual([ids.zone, ids.firstDay]);
    expect(await listIds(admin, `${JAN}?limit=10&search=ld-11-22`)).toEqual([ids.speed, ids.sos]);
    expect(await listIds(admin, `${JAN}?limit=10&search=JOÃO`)).toEqual([ids.speed, ids.sos]);
    // without accents: "joao" finds João
    expect(await listIds(admin, `${JAN}?limit=10&search=joao`)).toEqual([ids.speed, ids.sos]);
    expect(await listIds(admin, `${JAN}?limit=10&search=923%20000`)).toEqual([ids.speed, ids.sos]);
    expect(await listIds(admin, `${JAN}?limit=10&search=costa`)).toEqual([ids.zone, ids.firstDay]);
    expect(await listIds(admin, `${JAN}?limit=10&search=ninguem`)).toEqual([]);
  });

  it('shows each user only the vehicles it sees', async () => {
    expect(await listIds(colega, JAN)).toEqual([ids.zone, ids.speed, ids.sos, ids.firstDay]);
    expect(await listIds(outro, JAN)).toEqual([ids.braking]);
    expect((await colega.get(`${JAN}?limit=10&device=${ids.far}`)).status).toBe(404);
    expect((await outro.get(`${API}/event_details/${ids.sos}`)).status).toBe(404);
    expect((await outro.post(`${API}/event/${ids.sos}`, { status: 1, details: '' })).status).toBe(404);
    expect((await admin.get(`${API}/event_details/99999999`)).status).toBe(404);
  });

  it('needs module.events, and never lets a read-only user write', async () => {
    expect((await semPermissao.get(JAN)).status).toBe(403);
    expect((await semPermissao.get(`${API}/event_details/${ids.sos}`)).status).toBe(403);
    expect((await semPermissao.post(`${API}/event/${ids.sos}`, { status: 1, details: '' })).status).toBe(403);
    expect((await leitor.get(`${API}/event_details/${ids.sos}`)).status).toBe(200);
    expect((await leitor.post(`${API}/event/${ids.sos}`, { status: 1, details: '' })).status).toBe(403);
    expect((await server.client().get(JAN)).status).toBe(401);
    expect(await listIds(admin, `${API}/event_details/${ids.sos}`)).toEqual([]);
  });

  it('says nothing was sent when asked to share by e-mail on a server with no mail server', async () => {
    // this server has no FROTA_SMTP_URL: a send is refused (no screen may say "sent"), after the checks
    // of who sees the event, so another client's event stays a 404
    const r = await admin.post(`${API}/share_event/${ids.sos}`, { emailTo: 'oficina@x.ao' });
    expect(r.status).toBe(503);
    expect(r.text).toBe(MAIL_NOT_CONFIGURED);
    expect((await admin.post(`${API}/share_event/999999`, { emailTo: 'oficina@x.ao' })).status).toBe(404);
    expect((await admin.post(`${API}/share_event/${ids.sos}`, { emailTo: 'nope' })).status).toBe(400);
  });

  it('validates the new status', async () => {
    expect((await admin.post(`${API}/event/${ids.sos}`, { status: 4, details: '' })).status).toBe(400);
    expect((await admin.post(`${API}/event/${ids.sos}`, { status: -1 })).status).toBe(400);
    expect((await admin.post(`${API}/event/${ids.sos}`, { details: 'x' })).status).toBe(400);
    expect(
      (await admin.post(`${API}/event/${ids.sos}`, { status: 1, details: 'x'.repeat(4001) })).status,
    ).toBe(400);
  });

  it('keeps the status history, seen and continued by a colleague, and broadcasts each change', async () => {
    const colegaLive = await openLive(server.base, colega.cookie);
    const outroLive = await openLive(server.base, outro.cookie);
    const statuses = (live: { messages: unknown[] }) =>
      live.messages.flatMap((m) => (m as { eventStatuses?: unknown[] }).eventStatuses ?? []);

    const saved = await admin.post(`${API}/event/${ids.sos}`, { status: 1, details: 'Equipa a caminho' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual({ success: true });
    await colegaLive.until(() => statuses(colegaLive).length >= 1, 'the first status');
    expect(statuses(colegaLive).length).toBe(1);
    expect(statuses(colegaLive)[0]).toMatchObject({
      eventId: ids.sos,
      deviceId: ids.truck,
      status: 1,
      user: 'Administrador',
      details: 'Equipa a caminho',
    });

    const history = await colega.get(`${API}/event_details/${ids.sos}`);
    expect(history.body).toHaveLength(1);
    expect(history.body[0]).toMatchObject({ status: 1, user: 'Administrador', details: 'Equipa a caminho' });

    expect(
      (await colega.post(`${API}/event/${ids.sos}`, { status: 2, details: 'Resolvido no local' })).status,
    ).toBe(200);
    const after = (await admin.get(`${API}/event_details/${ids.sos}`)).body as Array<Record<string, unknown>>;
    expect(after.map((h) => [h.status, h.user, h.details])).toEqual([
      [2, 'colega', 'Resolvido no local'],
      [1, 'Administrador', 'Equipa a caminho'],
    ]);
    expect(Date.parse(after[0].date as string)).toBeGreaterThanOrEqual(Date.parse(after[1].date as string));

    const listed = ((await colega.get(JAN)).body as Array<Record<string, unknown>>).find(
      (e) => e.id === ids.sos,
    );
    expect(listed).toMatchObject({
      lastStatusId: 2,
      lastStatusName: 'Resolvido',
      lastStatusUser: 'colega',
      lastStatusDetails: 'Resolvido no local',
    });
    expect(await listIds(admin, `${JAN}?limit=10&status=2`)).toEqual([ids.sos]);
    expect(await listIds(admin, `${JAN}?limit=10&status=0`)).toEqual([
      ids.braking,
      ids.zone,
      ids.speed,
      ids.firstDay,
    ]);
    expect(await listIds(admin, `${JAN}?limit=10&status=1,2,3`)).toEqual([ids.sos]);

    await colegaLive.until(() => statuses(colegaLive).length >= 2, 'the second status');
    expect(statuses(colegaLive).length).toBe(2);
    // the hub flushed these to every socket at once: what outroLive was sent came before the pong
    await outroLive.roundTrip();
    expect(statuses(outroLive)).toEqual([]);
    colegaLive.close();
    outroLive.close();
  });

  it('documents every call in the OpenAPI document', async () => {
    const doc = (await server.client().get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths[`${API}/events/{from}/{to}`])).toContain('get');
    expect(Object.keys(doc.paths[`${API}/event_details/{id}`])).toContain('get');
    expect(Object.keys(doc.paths[`${API}/event/{id}`])).toContain('post');
    expect(Object.keys(doc.paths[`${API}/share_event/{id}`])).toContain('post');
    expect(Object.keys(doc.paths[`${API}/device_statistics`]).sort()).toEqual(['delete', 'get']);
  });

  it('removes the statuses with their vehicle, in the same delete', async () => {
    const k = server.services.db.kysely;
    const before = await k
      .selectFrom('eventStatuses')
      .select('id')
      .where('deviceId', '=', ids.truck)
      .execute();
    expect(before.length).toBe(2);
    expect((await admin.del(`/api/devices/${ids.truck}`)).status).toBeLessThan(300);
    const left = await k.selectFrom('eventStatuses').select('id').where('deviceId', '=', ids.truck).execute();
    expect(left).toEqual([]);
  });
});
