/** /api/calendars in Traccar's shape, on both databases, with the access policy and the user links. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, userClient, type Client, type TestServer } from '../../harness';
import { EDITOR_PERMISSIONS } from '../../fixtures';
import { scopeFor } from '../../../src/auth/policy';
import { userJson } from '../../../src/db/rows';
import { CALENDAR_LINKS, listCalendarLinks } from '../../../src/modules/traccar/calendars/calendarLinks';
import { applyObjectLinks, parseObjectLinks, type ObjectLink } from '../../../src/modules/traccar/objectLinks';

const calendarLinks = (body: unknown) => parseObjectLinks(CALENDAR_LINKS, body);
const applyCalendarLinks = (
  services: TestServer['services'],
  scope: Awaited<ReturnType<typeof scopeFor>>,
  links: ObjectLink[],
  add: boolean,
) => applyObjectLinks(services, scope, CALENDAR_LINKS, links, add);

const ics = (summary: string, rule: string) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Traccar//NONSGML Traccar//EN',
    'BEGIN:VEVENT',
    'UID:00000000-0000-0000-0000-000000000000',
    'DTSTART;TZID=Africa/Luanda:20240101T080000',
    'DTEND;TZID=Africa/Luanda:20240101T170000',
    rule,
    `SUMMARY:${summary}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe.each(dialects())('calendars API on %s', (dialect) => {
  let server: TestServer;
  let admin: Client;
  let alice: { client: Client; id: number };
  let bob: { client: Client; id: number };
  let manager: { client: Client; id: number };
  let reader: { client: Client; id: number };
  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await server.admin();
    const editor = { attributes: { permissions: EDITOR_PERMISSIONS } };
    alice = await userClient(server, admin, { email: 'alice@x.ao', ...editor });
    bob = await userClient(server, admin, { email: 'bob@x.ao', ...editor });
    manager = await userClient(server, admin, {
      email: 'gestor@x.ao',
      userLimit: 5,
      attributes: { permissions: [...EDITOR_PERMISSIONS, 'settings.users'] },
    });
    reader = await userClient(server, admin, { email: 'leitor@x.ao', readonly: true, ...editor });
    expect(
      (await admin.post('/api/permissions', { userId: manager.id, managedUserId: alice.id })).status,
    ).toBe(204);
  });
  afterAll(async () => server.close());

  it('creates, reads, updates and deletes a calendar with its iCalendar text in base64', async () => {
    const text = ics('Horário de trabalho', 'RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR');
    const created = await admin.post('/api/calendars', {
      name: 'Horário de trabalho',
      data: base64(text),
      attributes: { cor: 'azul' },
    });
    expect(created.status).toBe(200);
    expect(Object.keys(created.body).sort()).toEqual(['attributes', 'data', 'id', 'name']);
    expect(created.body).toMatchObject({ name: 'Horário de trabalho', attributes: { cor: 'azul' } });
    expect(Buffer.from(created.body.data, 'base64').toString('utf8')).toBe(text);
    const id = created.body.id as number;

    expect((await admin.get(`/api/calendars/${id}`)).body).toEqual(created.body);
    const list = await admin.get('/api/calendars');
    expect(list.body.map((c: { id: number }) => c.id)).toEqual([id]);
    expect((await admin.get('/api/calendars?excludeAttributes=true')).body[0].attributes).toEqual({});

    const weekend = ics('Fim de semana', 'RRULE:FREQ=WEEKLY;BYDAY=SA,SU');
    const updated = await admin.put(`/api/calendars/${id}`, {
      id,
      name: 'Fim de semana',
      data: base64(weekend),
      attributes: {},
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ id, name: 'Fim de semana', data: base64(weekend), attributes: {} });
    expect((await admin.get(`/api/calendars/${id}`)).body.name).toBe('Fim de semana');

    // a notification limited by the calendar loses the limit with it
    const notification = await admin.post('/api/notifications', { type: 'ignitionOn', notificators: 'web' });
    await server.services.db.kysely
      .updateTable('notifications')
      .set({ calendarId: id } as never)
      .where('id', '=', notification.body.id)
      .execute();
    expect((await admin.del(`/api/calendars/${id}`)).status).toBe(204);
    expect((await admin.get(`/api/calendars/${id}`)).status).toBe(404);
    const row = await server.services.db.kysely
      .selectFrom('notifications')
      .selectAll()
      .where('id', '=', notification.body.id)
      .executeTakeFirstOrThrow();
    expect((row as Record<string, unknown>).calendarId).toBeNull();
  });

  it('refuses what is not an iCalendar, a mismatched id and users who may not write', async () => {
    const bad = await admin.post('/api/calendars', { name: 'Mau', data: base64('not a calendar') });
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/Calendário inválido/);
    expect((await admin.post('/api/calendars', { name: '', data: base64(ics('x', '')) })).status).toBe(400);
    // the plain text is accepted too
    const plain = await admin.post('/api/calendars', {
      name: 'Texto',
      data: ics('Texto', 'RRULE:FREQ=DAILY'),
    });
    expect(plain.status).toBe(200);
    expect(Buffer.from(plain.body.data, 'base64').toString('utf8')).toBe(ics('Texto', 'RRULE:FREQ=DAILY'));
    const mismatch = await admin.put(`/api/calendars/${plain.body.id}`, {
      id: plain.body.id + 1,
      name: 'Texto',
      data: plain.body.data,
    });
    expect(mismatch.status).toBe(400);
    expect((await reader.client.post('/api/calendars', { name: 'R', data: plain.body.data })).status).toBe(
      403,
    );
    expect((await server.client().get('/api/calendars')).status).toBe(401);
    expect((await admin.del(`/api/calendars/${plain.body.id}`)).status).toBe(204);
  });

  it("answers 404 for another user's calendar; its owner and the owner's manager see it", async () => {
    const mine = await alice.client.post('/api/calendars', {
      name: 'Turno da Alice',
      data: base64(ics('Turno', 'RRULE:FREQ=DAILY')),
    });
    expect(mine.status).toBe(200);
    const id = mine.body.id as number;
    expect((await alice.client.get('/api/calendars')).body.map((c: { id: number }) => c.id)).toEqual([id]);
    expect((await manager.client.get(`/api/calendars/${id}`)).body.name).toBe('Turno da Alice');

    expect((await bob.client.get(`/api/calendars/${id}`)).status).toBe(404);
    expect((await bob.client.put(`/api/calendars/${id}`, { name: 'X', data: mine.body.data })).status).toBe(
      404,
    );
    expect((await bob.client.del(`/api/calendars/${id}`)).status).toBe(404);
    expect((await bob.client.get('/api/calendars')).body).toEqual([]);
    expect(
      (await admin.get(`/api/calendars?userId=${alice.id}`)).body.map((c: { id: number }) => c.id),
    ).toEqual([id]);
    expect((await bob.client.get(`/api/calendars?userId=${alice.id}`)).status).toBe(404);
    expect((await alice.client.get(`/api/calendars/${id}`)).status).toBe(200);
  });

  it('shares a calendar with a user through {userId, calendarId} links', async () => {
    const created = await admin.post('/api/calendars', {
      name: 'Partilhado',
      data: base64(ics('Partilhado', 'RRULE:FREQ=WEEKLY;BYDAY=MO')),
    });
    const calendarId = created.body.id as number;
    expect((await bob.client.get(`/api/calendars/${calendarId}`)).status).toBe(404);

    const { db } = server.services;
    const adminUser = await db.kysely
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'admin@frota.local')
      .executeTakeFirstOrThrow();
    const adminScope = await scopeFor(db, userJson(adminUser));
    expect(calendarLinks({ userId: 1, deviceId: 2 })).toBeNull();
    expect(() => calendarLinks({ calendarId: 3 })).toThrow(/userId, calendarId/);
    const links = calendarLinks({ userId: bob.id, calendarId })!;
    await applyCalendarLinks(server.services, adminScope, links, true);
    expect((await bob.client.get(`/api/calendars/${calendarId}`)).body.name).toBe('Partilhado');
    expect(
      (await admin.get(`/api/calendars?userId=${bob.id}`)).body.map((c: { id: number }) => c.id),
    ).toEqual([calendarId]);
    expect(
      await listCalendarLinks(server.services, adminScope, { userId: '0', calendarId: String(calendarId) }),
    ).toEqual([
      { userId: Number(adminUser.id), calendarId },
      { userId: bob.id, calendarId },
    ]);
    expect(await listCalendarLinks(server.services, adminScope, { deviceId: '1', geofenceId: '0' })).toBe(
      undefined,
    );
    await applyCalendarLinks(server.services, adminScope, links, false);
    expect(
      await listCalendarLinks(server.services, adminScope, { userId: String(bob.id), calendarId: '0' }),
    ).toEqual([]);
    expect((await bob.client.get(`/api/calendars/${calendarId}`)).status).toBe(404);

    // a manager cannot share a calendar it does not see
    const managerUser = await db.kysely
      .selectFrom('users')
      .selectAll()
      .where('id', '=', manager.id)
      .executeTakeFirstOrThrow();
    const managerScope = await scopeFor(db, userJson(managerUser));
    await expect(
      applyCalendarLinks(
        server.services,
        managerScope,
        [{ owner: 'userId', ownerId: alice.id, objectId: calendarId }],
        true,
      ),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      listCalendarLinks(server.services, managerScope, { userId: '0', calendarId: String(calendarId) }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});
