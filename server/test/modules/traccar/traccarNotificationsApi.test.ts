/**
 * Traccar's notification helpers (types, notificators, test, send) and a calendar limiting a notification,
 * with a real SMTP server and a real HTTP SMS gateway, on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, userClient, type Client, type TestServer } from '../../harness';
import { startSmtpCapture } from '../../smtpCapture';
import { readMail, startSmsGateway } from '../../../src/events/notify/testSupport';
import type { EventContext } from '../../../src/processing/types';

const TYPES = [
  'commandResult',
  'deviceOnline',
  'deviceOffline',
  'deviceMoving',
  'deviceStopped',
  'deviceOverspeed',
  'deviceFuelDrop',
  'geofenceEnter',
  'geofenceExit',
  'alarm',
  'ignitionOn',
  'ignitionOff',
  'maintenance',
  'driverChanged',
];

/** Weekdays 08:00–17:00 in Luanda (UTC+1), as Traccar's web client writes a calendar. */
const WORK_HOURS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Traccar//NONSGML Traccar//EN',
  'BEGIN:VEVENT',
  'UID:work-hours',
  'DTSTART;TZID=Africa/Luanda:20240101T080000',
  'DTEND;TZID=Africa/Luanda:20240101T170000',
  'RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

describe.each(dialects())('notification helpers on %s', (dialect) => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
  let admin: Client;
  let ana: { client: Client; id: number };
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    gateway = await startSmsGateway();
    server = await startTestServer(dialect, { FROTA_SMTP_URL: smtp.url, FROTA_SMS_URL: gateway.url });
    admin = await server.admin();
    ana = await userClient(server, admin, { email: 'ana@x.ao', phone: '+244923000001' });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
    await gateway.close();
  });

  it('lists the notification types and the configured notificators, not routed to /:id', async () => {
    const types = await ana.client.get('/api/notifications/types');
    expect(types.status).toBe(200);
    expect(types.body).toEqual(TYPES.map((type) => ({ type })));
    expect((await ana.client.get('/api/notifications/notificators')).body).toEqual([
      { type: 'web' },
      { type: 'mail' },
      { type: 'sms' },
    ]);
    expect((await ana.client.get('/api/notifications/notificators?announcement=true')).body).toEqual([
      { type: 'mail' },
      { type: 'sms' },
    ]);
    expect((await server.client().get('/api/notifications/types')).status).toBe(401);
  });

  it('sends the test message through every notificator, or one', async () => {
    const mailsBefore = smtp.mails.length;
    expect((await ana.client.post('/api/notifications/test', {})).status).toBe(204);
    const mails = smtp.mails.slice(mailsBefore);
    expect(mails.map((m) => m.to)).toEqual([['ana@x.ao']]);
    const mail = readMail(mails[0].raw);
    expect(mail.subject).toBe('Mensagem de teste');
    expect(mail.text).toMatch(/notificação de teste da Frota/);
    expect(gateway.received.map((r) => r.body.to)).toEqual(['+244923000001']);
    expect(gateway.received[0].body.message).toMatch(/^Mensagem de teste: /);

    // the administrator has no phone: the test goes by mail only; by SMS alone it fails with the reason
    expect((await admin.post('/api/notifications/test', {})).status).toBe(204);
    expect(smtp.mails.at(-1)!.to).toEqual(['admin@frota.local']);
    expect(gateway.received).toHaveLength(1);
    const noPhone = await admin.post('/api/notifications/test/sms', {});
    expect(noPhone.status).toBe(400);
    expect(noPhone.text).toMatch(/telefone/);

    expect((await ana.client.post('/api/notifications/test/mail', {})).status).toBe(204);
    expect(smtp.mails.at(-1)!.to).toEqual(['ana@x.ao']);
    expect((await ana.client.post('/api/notifications/test/web', {})).status).toBe(204);
    expect((await ana.client.post('/api/notifications/test/fax', {})).status).toBe(400);
    expect(smtp.mails.length - mailsBefore).toBe(3);
  });

  it('sends an announcement to the users a manager names; others are refused', async () => {
    const before = smtp.mails.length;
    const sent = await admin.post(`/api/notifications/send/mail?userId=${ana.id}`, {
      subject: 'Aviso',
      body: 'Manutenção do servidor às 22h',
    });
    expect(sent.status).toBe(204);
    expect(smtp.mails.slice(before).map((m) => m.to)).toEqual([['ana@x.ao']]);
    const mail = readMail(smtp.mails.at(-1)!.raw);
    expect(mail.subject).toBe('Aviso');
    expect(mail.text).toMatch(/Manutenção do servidor às 22h/);
    expect((await ana.client.post('/api/notifications/send/mail', { body: 'x' })).status).toBe(403);
    expect((await admin.post('/api/notifications/send/mail?userId=99999', { body: 'x' })).status).toBe(404);
    expect((await admin.post('/api/notifications/send/mail', {})).status).toBe(400);
  });

  it('fires a notification limited by a calendar only for events inside its periods', async () => {
    const { db } = server.services;
    const device = async (name: string, uniqueId: string) =>
      (await admin.post('/api/devices', { name, uniqueId })).body as {
        id: number;
        name: string;
        uniqueId: string;
        attributes: Record<string, unknown>;
      };
    const weekday = await device('Camião Semana', '350000000000101');
    const saturday = await device('Camião Sábado', '350000000000102');
    const calendar = await admin.post('/api/calendars', {
      name: 'Horário de trabalho',
      data: Buffer.from(WORK_HOURS).toString('base64'),
    });
    expect(calendar.status).toBe(200);
    const notification = await admin.post('/api/notifications', {
      type: 'ignitionOn',
      always: true,
      notificators: 'mail',
    });
    expect(notification.status).toBe(200);
    await db.kysely
      .updateTable('notifications')
      .set({ calendarId: calendar.body.id } as never)
      .where('id', '=', notification.body.id)
      .execute();
    server.notifier.invalidate();

    const context = (d: typeof weekday, id: number, time: string): EventContext => ({
      event: {
        id,
        type: 'ignitionOn',
        eventTime: Date.parse(time),
        deviceId: d.id,
        positionId: null,
        geofenceId: null,
        attributes: {},
      },
      device: { id: d.id, name: d.name, uniqueId: d.uniqueId, attributes: d.attributes },
      position: null,
    });
    const before = smtp.mails.length;
    server.notifier.handle([
      // Monday 15 January 2024, 10:00 in Luanda: inside
      context(weekday, 900001, '2024-01-15T09:00:00Z'),
      // Saturday 13 January 2024, 10:00 in Luanda: outside
      context(saturday, 900002, '2024-01-13T09:00:00Z'),
    ]);
    await server.notifier.idle();
    const mails = smtp.mails.slice(before).map((m) => readMail(m.raw));
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe('admin@frota.local');
    expect(mails[0].text).toMatch(/Camião Semana/);
    expect(mails[0].text).not.toMatch(/Sábado/);

    // without the calendar both fire
    await admin.del(`/api/calendars/${calendar.body.id}`);
    server.notifier.invalidate();
    server.notifier.handle([context(saturday, 900003, '2024-01-13T09:00:00Z')]);
    await server.notifier.idle();
    expect(smtp.mails.length - before).toBe(2);
    expect(readMail(smtp.mails.at(-1)!.raw).text).toMatch(/Camião Sábado/);
  });
});

describe('notificators without a mail server or an SMS gateway', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => server.close());

  it('offers only web, and refuses a test by mail', async () => {
    const admin = await server.admin();
    expect((await admin.get('/api/notifications/notificators')).body).toEqual([{ type: 'web' }]);
    expect((await admin.get('/api/notifications/notificators?announcement=true')).body).toEqual([]);
    const refused = await admin.post('/api/notifications/test/mail', {});
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(/não configurado/);
    expect((await admin.post('/api/notifications/test', {})).status).toBe(204);
  });
});
