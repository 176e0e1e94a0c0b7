import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, userClient, type Client, type TestServer } from '../../harness';
import { EDITOR_PERMISSIONS } from '../../fixtures';

const ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'BEGIN:VEVENT',
  'UID:a',
  'DTSTART:20240101T080000Z',
  'DTEND:20240101T170000Z',
  'RRULE:FREQ=DAILY',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

describe.each(dialects())('wired on %s', (dialect) => {
  let server: TestServer;
  let admin: Client;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await server.admin();
  });
  afterAll(async () => server.close());
  it('stores calendarId and links calendars through /api/permissions', async () => {
    const bob = await userClient(server, admin, {
      email: 'bob@x.ao',
      attributes: { permissions: EDITOR_PERMISSIONS },
    });
    const cal = (await admin.post('/api/calendars', { name: 'C', data: Buffer.from(ICS).toString('base64') }))
      .body;
    const n = await admin.post('/api/notifications', {
      type: 'ignitionOn',
      notificators: 'web',
      calendarId: cal.id,
    });
    expect(n.status).toBe(200);
    expect(n.body.calendarId).toBe(cal.id);
    const put = await admin.put(`/api/notifications/${n.body.id}`, { ...n.body, calendarId: 0 });
    expect(put.body.calendarId).toBe(0);
    expect(
      (
        await bob.client.post('/api/notifications', {
          type: 'ignitionOn',
          notificators: 'web',
          calendarId: cal.id,
        })
      ).status,
    ).toBe(404);
    expect((await admin.post('/api/permissions', { userId: bob.id, calendarId: cal.id })).status).toBe(204);
    expect((await bob.client.get(`/api/calendars/${cal.id}`)).status).toBe(200);
    expect((await admin.get(`/api/permissions?userId=${bob.id}&calendarId=0`)).body).toEqual([
      { userId: bob.id, calendarId: cal.id },
    ]);
    const mine = await bob.client.post('/api/notifications', {
      type: 'ignitionOn',
      notificators: 'web',
      calendarId: cal.id,
    });
    expect(mine.body.calendarId).toBe(cal.id);
    expect(
      (await admin.request('DELETE', '/api/permissions/bulk', [{ userId: bob.id, calendarId: cal.id }]))
        .status,
    ).toBe(204);
    expect((await bob.client.get(`/api/calendars/${cal.id}`)).status).toBe(404);
    expect((await admin.del(`/api/calendars/${cal.id}`)).status).toBe(204);
    expect((await admin.get(`/api/notifications/${mine.body.id}`)).body.calendarId).toBe(0);
  });
});
