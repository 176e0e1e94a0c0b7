/**
 * /api/reports (Traccar's scheduled reports) in Traccar's shape, on both databases: CRUD as traccar-web's
 * Scheduled page and report pages use it, the access policy (another user's report: 404), and the
 * {deviceId|groupId|userId, reportId} links through /api/permissions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, userClient, type Client, type TestServer } from '../../harness';
import { acquireLease } from '../../../src/jobs/lease';
import { SCHEDULED_REPORTS_LEASE } from '../../../src/modules/traccar/scheduled/reportJob';

const DAILY = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Traccar//NONSGML Traccar//EN',
  'BEGIN:VEVENT',
  'UID:00000000-0000-0000-0000-000000000001',
  'DTSTART;TZID=Africa/Luanda:20250301T000000',
  'DTEND;TZID=Africa/Luanda:20250302T000000',
  'RRULE:FREQ=DAILY',
  'SUMMARY:Diário',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const SCHEDULER = ['reports.trips', 'reports.schedules', 'settings.notifications', 'settings.devices'];

describe.each(dialects())('scheduled reports API /api/reports on %s', (dialect) => {
  let server: TestServer;
  let admin: Client;
  let alice: { client: Client; id: number };
  let bob: { client: Client; id: number };
  let manager: { client: Client; id: number };
  let viewer: { client: Client; id: number };
  let calendarId: number;
  let bobCalendarId: number;
  let device: number;
  let hiddenDevice: number;
  let group: number;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    // the server's own job stays out of these tests
    await acquireLease(server.services.db, SCHEDULED_REPORTS_LEASE, 'test', 3_600_000);
    admin = await server.admin();
    const permissions = { attributes: { permissions: SCHEDULER } };
    alice = await userClient(server, admin, { email: 'alice@x.ao', ...permissions });
    bob = await userClient(server, admin, { email: 'bob@x.ao', ...permissions });
    manager = await userClient(server, admin, {
      email: 'gestor@x.ao',
      userLimit: 5,
      attributes: { permissions: [...SCHEDULER, 'settings.users'] },
    });
    viewer = await userClient(server, admin, {
      email: 'leitor@x.ao',
      attributes: { permissions: ['reports.trips', 'settings.notifications'] },
    });
    expect(
      (await admin.post('/api/permissions', { userId: manager.id, managedUserId: alice.id })).status,
    ).toBe(204);
    group = (await admin.post('/api/groups', { name: 'Frota' })).body.id;
    device = (await admin.post('/api/devices', { name: 'Camião', uniqueId: 'SCH0001', groupId: group })).body
      .id;
    hiddenDevice = (await admin.post('/api/devices', { name: 'Outro', uniqueId: 'SCH0002' })).body.id;
    expect(
      (
        await admin.post('/api/permissions/bulk', [
          { userId: alice.id, groupId: group },
          { userId: viewer.id, groupId: group },
        ])
      ).status,
    ).toBe(204);
    calendarId = (await alice.client.post('/api/calendars', { name: 'Diário', data: base64(DAILY) })).body.id;
    bobCalendarId = (await bob.client.post('/api/calendars', { name: 'Do Bob', data: base64(DAILY) })).body
      .id;
    expect(calendarId).toBeGreaterThan(0);
    expect(bobCalendarId).toBeGreaterThan(0);
  });
  afterAll(async () => server.close());

  it('lists nothing at first (traccar-web Scheduled page) and refuses anonymous calls', async () => {
    const list = await alice.client.get('/api/reports');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
    expect((await server.client().get('/api/reports')).status).toBe(401);
  });

  it('creates as traccar-web does, reads, updates and deletes a report with its links', async () => {
    const created = await alice.client.post('/api/reports', {
      type: 'summary',
      description: 'Resumo diário',
      calendarId,
      attributes: { daily: true },
    });
    expect(created.status).toBe(200);
    const id = created.body.id as number;
    expect(created.body).toEqual({
      id,
      type: 'summary',
      description: 'Resumo diário',
      calendarId,
      attributes: { daily: true },
    });
    // traccar-web's scheduleReport: the vehicles and groups chosen on the report page
    expect(
      (await alice.client.post('/api/permissions/bulk', [{ deviceId: device, reportId: id }])).status,
    ).toBe(204);
    expect(
      (await alice.client.post('/api/permissions/bulk', [{ groupId: group, reportId: id }])).status,
    ).toBe(204);
    const links = await server.services.db.kysely
      .selectFrom('deviceTraccarReport')
      .select(['deviceId', 'reportId'])
      .where('reportId', '=', id)
      .execute();
    expect(links.map((l) => [Number(l.deviceId), Number(l.reportId)])).toEqual([[device, id]]);
    expect(
      (await alice.client.get(`/api/reports?deviceId=${device}`)).body.map((r: { id: number }) => r.id),
    ).toEqual([id]);
    expect(
      (await alice.client.get(`/api/reports?groupId=${group}`)).body.map((r: { id: number }) => r.id),
    ).toEqual([id]);
    expect((await alice.client.get(`/api/reports?deviceId=${hiddenDevice}`)).status).toBe(404);

    expect((await alice.client.get(`/api/reports/${id}`)).body).toEqual(created.body);
    expect((await alice.client.get('/api/reports?excludeAttributes=true')).body).toEqual([
      { ...created.body, attributes: {} },
    ]);

    const updated = await alice.client.put(`/api/reports/${id}`, {
      id,
      type: 'events',
      description: 'Alarmes',
      calendarId,
      attributes: { types: 'alarm' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({
      id,
      type: 'events',
      description: 'Alarmes',
      calendarId,
      attributes: { types: 'alarm' },
    });

    // unlinking, then deleting: no link rows left behind
    expect((await alice.client.del('/api/permissions', { groupId: group, reportId: id })).status).toBe(204);
    expect((await alice.client.get(`/api/reports?groupId=${group}`)).body).toEqual([]);
    expect((await alice.client.del(`/api/reports/${id}`)).status).toBe(204);
    expect((await alice.client.get(`/api/reports/${id}`)).status).toBe(404);
    for (const table of ['userTraccarReport', 'deviceTraccarReport', 'groupTraccarReport'] as const) {
      const left = await server.services.db.kysely
        .selectFrom(table)
        .select('reportId')
        .where('reportId', '=', id)
        .execute();
      expect(left).toEqual([]);
    }
  });

  it('refuses a bad type, a missing or foreign calendar, a mismatched id and users who may not write', async () => {
    const bad = await alice.client.post('/api/reports', { type: 'chart', description: 'x', calendarId });
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/Tipo de relatório inválido/);
    expect((await alice.client.post('/api/reports', { type: 'trips', description: 'x' })).status).toBe(400);
    const foreign = await alice.client.post('/api/reports', { type: 'trips', calendarId: bobCalendarId });
    expect(foreign.status).toBe(404);
    expect((await viewer.client.post('/api/reports', { type: 'trips', calendarId })).status).toBe(403);
    const mine = await alice.client.post('/api/reports', { type: 'trips', calendarId });
    expect(mine.body).toMatchObject({ type: 'trips', description: '', attributes: {} });
    const mismatch = await alice.client.put(`/api/reports/${mine.body.id}`, {
      id: mine.body.id + 1,
      type: 'trips',
      calendarId,
    });
    expect(mismatch.status).toBe(400);
    expect((await alice.client.del(`/api/reports/${mine.body.id}`)).status).toBe(204);
  });

  it("answers 404 for another user's report; its owner, the owner's manager and administrators see it", async () => {
    const mine = await alice.client.post('/api/reports', {
      type: 'trips',
      description: 'Viagens',
      calendarId,
    });
    const id = mine.body.id as number;
    expect((await manager.client.get(`/api/reports/${id}`)).body.description).toBe('Viagens');
    expect((await manager.client.get('/api/reports')).body.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await admin.get('/api/reports')).body.map((r: { id: number }) => r.id)).toContain(id);
    expect(
      (await admin.get(`/api/reports?userId=${alice.id}`)).body.map((r: { id: number }) => r.id),
    ).toEqual([id]);

    expect((await bob.client.get('/api/reports')).body).toEqual([]);
    expect((await bob.client.get(`/api/reports/${id}`)).status).toBe(404);
    expect(
      (await bob.client.put(`/api/reports/${id}`, { type: 'trips', calendarId: bobCalendarId })).status,
    ).toBe(404);
    expect((await bob.client.del(`/api/reports/${id}`)).status).toBe(404);
    expect((await bob.client.get(`/api/reports?userId=${alice.id}`)).status).toBe(404);
    // links: another user's report, a vehicle one does not see
    expect((await bob.client.post('/api/permissions', { deviceId: device, reportId: id })).status).toBe(404);
    expect(
      (await alice.client.post('/api/permissions', { deviceId: hiddenDevice, reportId: id })).status,
    ).toBe(404);
    expect(
      (await alice.client.post('/api/permissions', { deviceId: device, reportId: id, x: 1 })).status,
    ).toBe(400);
    // sharing it with a user one does not manage: 404; an administrator may
    expect((await manager.client.post('/api/permissions', { userId: bob.id, reportId: id })).status).toBe(
      404,
    );
    expect((await admin.post('/api/permissions', { userId: bob.id, reportId: id })).status).toBe(204);
    expect((await bob.client.get(`/api/reports/${id}`)).body.id).toBe(id);
    // deleting the calendar deletes its reports (a report without a calendar is never sent)
    expect((await alice.client.del(`/api/calendars/${calendarId}`)).status).toBe(204);
    expect((await admin.get(`/api/reports/${id}`)).status).toBe(404);
  });
});
