import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { dialects, startTestServer, type Answer, type Client, type TestServer } from '../../../test/harness';
import { startSmtpCapture } from '../../../test/smtpCapture';
import { insertPosition } from '../../../test/fixtures';
import { toJson } from '../../db/mapping';
import { createMailer, type Mailer } from '../../services/mailer';
import type { Db } from '../../db/database';
import type { EventContext } from '../../processing/types';
import { createNotifier, type NotifierOptions } from './notifier';
import { createSmsSender } from './sms';
import { memoryLogger, readMail, startSmsGateway } from './testSupport';

const silent = pino({ level: 'silent' });
const TIME = Date.parse('2024-01-15T23:30:05Z');

async function ok(p: Promise<Answer>) {
  const r = await p;
  if (r.status >= 300) throw new Error(`call failed: ${r.status} ${r.text}`);
  return r.body;
}

describe.each(dialects())('alert notifier on %s', (dialect) => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
  let admin: Client;
  let mailer: Mailer;
  const ids: Record<string, number> = {};
  let zone: { id: number; name: string };
  const devices: Record<
    string,
    { id: number; name: string; uniqueId: string; attributes: Record<string, unknown> }
  > = {};

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    gateway = await startSmsGateway();
    server = await startTestServer(dialect);
    admin = await server.admin();
    mailer = createMailer(smtp.url, 'alertas@frota.local', silent);

    const group = await ok(admin.post('/api/groups', { name: 'Luanda' }));
    zone = await ok(
      admin.post('/api/geofences', { name: 'Porto de Luanda', area: 'CIRCLE (-8.80 13.23, 300)' }),
    );
    devices.truck = await ok(
      admin.post('/api/devices', {
        name: 'Camião 12',
        uniqueId: '350000000000012',
        groupId: group.id,
        attributes: { license_plate: 'LD-12-34-AB' },
      }),
    );
    devices.van = await ok(admin.post('/api/devices', { name: 'Carrinha 7', uniqueId: '350000000000007' }));
    devices.bus = await ok(
      admin.post('/api/devices', {
        name: 'Autocarro 3',
        uniqueId: '350000000000003',
        attributes: { license_plate: 'LD-03-03-AC' },
      }),
    );

    const user = async (email: string, extra: Record<string, unknown> = {}) =>
      (
        await ok(
          admin.post('/api/users', { name: email.split('@')[0], email, password: 'secret-123', ...extra }),
        )
      ).id as number;
    ids.ana = await user('ana@x.ao', { phone: '+244923000001', attributes: { timezone: 'Europe/Lisbon' } });
    ids.rui = await user('rui@x.ao', { phone: 'sem telefone' });
    ids.eva = await user('eva@x.ao', { phone: '923000003' });
    ids.mia = await user('mia@x.ao', { attributes: { permissions: ['settings.users'] } });
    ids.off = await user('off@x.ao', { phone: '923000004', disabled: true });
    ids.temp = await user('temp_abcdef@x.ao', { phone: '923000005' });
    // readers of another language, who see only the bus
    ids.leo = await user('leo@x.ao', { phone: '+244923000011', attributes: { language: 'en' } });
    ids.ali = await user('ali@x.ao', {
      phone: '+244923000012',
      attributes: { language: 'ar', timezone: 'Asia/Riyadh' },
    });

    // The creating administrator is linked as a recipient; these cases are about the linked users only.
    const notification = async (body: Record<string, unknown>) => {
      const id = (await ok(admin.post('/api/notifications', body))).id as number;
      await server.services.db.kysely
        .deleteFrom('userNotification')
        .where('notificationId', '=', id)
        .execute();
      return id;
    };
    ids.overspeed = await notification({
      type: 'deviceOverspeed',
      notificators: 'web,mail,sms',
      attributes: { emailTo: 'chefe@x.ao; frota@x.ao', emailCc: 'copia@x.ao', description: 'Limite urbano' },
    });
    ids.sos = await notification({
      type: 'alarm',
      always: true,
      notificators: 'mail',
      attributes: { alarms: 'sos,lowBattery' },
    });
    ids.plainSos = await notification({
      type: 'sos',
      always: true,
      notificators: 'mail',
      attributes: { emailTo: 'chefe@x.ao' },
    });
    ids.enter = await notification({ type: 'geofenceEnter', always: true, notificators: 'web' });
    ids.busOverspeed = await notification({ type: 'deviceOverspeed', notificators: 'mail,sms' });

    await ok(
      admin.post('/api/permissions/bulk', [
        { userId: ids.ana, groupId: group.id },
        { userId: ids.rui, deviceId: devices.truck.id },
        { userId: ids.eva, deviceId: devices.van.id },
        { userId: ids.mia, managedUserId: ids.ana },
        { userId: ids.off, deviceId: devices.truck.id },
        { userId: ids.temp, deviceId: devices.truck.id },
        { deviceId: devices.truck.id, notificationId: ids.overspeed },
        ...['ana', 'rui', 'eva', 'mia', 'off', 'temp'].map((u) => ({
          userId: ids[u],
          notificationId: ids.overspeed,
        })),
        { userId: ids.ana, notificationId: ids.sos },
        { userId: ids.eva, notificationId: ids.sos },
        { userId: ids.ana, notificationId: ids.plainSos },
        { userId: ids.ana, notificationId: ids.enter },
        { userId: ids.leo, deviceId: devices.bus.id },
        { userId: ids.ali, deviceId: devices.bus.id },
        { deviceId: devices.bus.id, notificationId: ids.busOverspeed },
        { userId: ids.leo, notificationId: ids.busOverspeed },
        { userId: ids.ali, notificationId: ids.busOverspeed },
      ]),
    );
  });

  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    await gateway?.close();
  });

  beforeEach(() => {
    smtp.mails.length = 0;
    gateway.received.length = 0;
  });

  const notifier = (extra: Partial<NotifierOptions> = {}) =>
    createNotifier({
      db: server.services.db,
      mailer,
      sms: createSmsSender(gateway.url, silent),
      log: silent,
      retry: { attempts: 3, delayMs: 5 },
      ...extra,
    });

  /** stores a position and an event as the pipeline would, and builds the context it hands over */
  async function storedEvent(
    device: keyof typeof devices,
    type: string,
    attributes: Record<string, unknown> = {},
    geofence: { id: number; name: string } | null = null,
  ): Promise<EventContext> {
    const d = devices[device];
    const db = server.services.db;
    const positionId = await insertPosition(server, d.id, TIME);
    const row = await db.kysely
      .insertInto('events')
      .values({
        type,
        eventTime: TIME,
        deviceId: d.id,
        positionId,
        geofenceId: geofence?.id ?? null,
        attributes: toJson(attributes),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      event: {
        id: Number(row.id),
        type,
        eventTime: TIME,
        deviceId: d.id,
        positionId,
        geofenceId: geofence?.id ?? null,
        attributes,
      },
      device: { id: d.id, name: d.name, uniqueId: d.uniqueId, attributes: d.attributes },
      position: {
        latitude: -8.83,
        longitude: 13.23,
        speed: 10,
        fixTime: TIME,
        address: 'Avenida 4 de Fevereiro, Luanda',
        attributes: {},
      },
      geofence,
    };
  }

  const mailTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address));

  it('mails every user who sees the vehicle, with emailTo and emailCc once, and texts numeric phones', async () => {
    const n = notifier();
    const ctx = await storedEvent('truck', 'deviceOverspeed', { speed: 50, speedLimit: 43.2 });
    n.handle([ctx]);
    expect(smtp.mails).toHaveLength(0); // handle only queues
    await n.idle();

    // ana (group), rui (direct) and mia (manages ana); not eva (other vehicle), not disabled, not temp_
    expect(smtp.mails).toHaveLength(3);
    expect(smtp.mails.map((m) => m.from)).toEqual([
      'alertas@frota.local',
      'alertas@frota.local',
      'alertas@frota.local',
    ]);
    const envelopes = smtp.mails.map((m) => [...m.to].sort().join(' ')).sort();
    expect(envelopes).toEqual(['ana@x.ao chefe@x.ao copia@x.ao frota@x.ao', 'mia@x.ao', 'rui@x.ao']);

    const ana = readMail(mailTo('ana@x.ao')[0].raw);
    expect(ana.to).toBe('ana@x.ao, chefe@x.ao, frota@x.ao');
    expect(ana.cc).toBe('copia@x.ao');
    expect(ana.subject).toBe('Excesso de velocidade - Camião 12 (LD-12-34-AB)');
    expect(ana.text).toContain('Descrição: Limite urbano');
    expect(ana.text).toContain('Matrícula: LD-12-34-AB');
    expect(ana.text).toContain('Data/hora: 15/01/2024 23:30:05 (Europe/Lisbon)');
    expect(ana.text).toContain('Velocidade: 93 km/h');
    expect(ana.text).toContain('Limite de velocidade: 80 km/h');
    expect(ana.text).toContain('Morada: Avenida 4 de Fevereiro, Luanda');
    expect(ana.text).toContain(
      'Ver no mapa: https://www.openstreetmap.org/?mlat=-8.830000&mlon=13.230000#map=16/-8.830000/13.230000',
    );
    expect(ana.html).toContain('<h2 style="margin:0 0 12px">Excesso de velocidade</h2>');

    const rui = readMail(mailTo('rui@x.ao')[0].raw);
    expect(rui.to).toBe('rui@x.ao');
    expect(rui.cc).toBeUndefined();
    expect(rui.text).toContain('Data/hora: 16/01/2024 00:30:05 (Africa/Luanda)');

    // only ana has a numeric phone among the recipients (rui's is text; eva, off and temp_ get nothing)
    expect(gateway.received).toHaveLength(1);
    expect(gateway.received[0].body).toEqual({
      to: '+244923000001',
      message:
        'Excesso de velocidade: Camião 12 (LD-12-34-AB) - 15/01/2024 23:30:05 - 93 km/h - ' +
        'https://www.openstreetmap.org/?mlat=-8.830000&mlon=13.230000#map=16/-8.830000/13.230000',
    });
    await n.close();
  });

  it('writes each recipient’s mail and SMS in the recipient’s language', async () => {
    const n = notifier();
    const ctx = await storedEvent('bus', 'deviceOverspeed', { speed: 50, speedLimit: 43.2 });
    n.handle([{ ...ctx, position: { ...ctx.position!, address: '4 km NO de Estalagem, Viana, AO' } }]);
    await n.idle();
    expect(smtp.mails.map((m) => m.to.join(' ')).sort()).toEqual(['ali@x.ao', 'leo@x.ao']);
    const link = 'https://www.openstreetmap.org/?mlat=-8.830000&mlon=13.230000#map=16/-8.830000/13.230000';

    const leo = readMail(mailTo('leo@x.ao')[0].raw);
    expect(leo.subject).toBe('Overspeed - Autocarro 3 (LD-03-03-AC)');
    expect(leo.text.trim().split(/\r?\n/)).toEqual([
      'Alert: Overspeed',
      'Vehicle: Autocarro 3',
      'Licence plate: LD-03-03-AC',
      'Date/time: 16/01/2024 00:30:05 (Africa/Luanda)',
      'Speed: 93 km/h',
      'Speed limit: 80 km/h',
      'Address: 4 km NW of Estalagem, Viana, AO',
      `View on the map: ${link}`,
      '',
      'Automatic message from the Frota platform.',
    ]);
    expect(leo.html).toContain('<html lang="en">');

    const ali = readMail(mailTo('ali@x.ao')[0].raw);
    expect(ali.subject).toBe('تجاوز السرعة - Autocarro 3 (LD-03-03-AC)');
    expect(ali.text).toContain('التنبيه: تجاوز السرعة');
    expect(ali.text).toContain('التاريخ والوقت: 16/01/2024 02:30:05 (Asia/Riyadh)');
    expect(ali.text).toContain('العنوان: 4 كم شمال غرب Estalagem, Viana, AO');
    expect(ali.html).toContain('<html lang="ar" dir="rtl">');
    expect(ali.html).toContain('>عرض على الخريطة</a>');

    expect(Object.fromEntries(gateway.received.map((r) => [r.body.to, r.body.message]))).toEqual({
      '+244923000011': `Overspeed: Autocarro 3 (LD-03-03-AC) - 16/01/2024 00:30:05 - 93 km/h - ${link}`,
      '+244923000012': `تجاوز السرعة: Autocarro 3 (LD-03-03-AC) - 16/01/2024 02:30:05 - 93 km/h - ${link}`,
    });
    await n.close();
  });

  it('fires an associated-only notification only for its vehicles', async () => {
    const n = notifier();
    n.handle([await storedEvent('van', 'deviceOverspeed', { speed: 50 })]);
    await n.idle();
    expect(smtp.mails).toHaveLength(0);
    expect(gateway.received).toHaveLength(0);
    await n.close();
  });

  it('fires alarm notifications by alarm name on every vehicle the user sees, one mail per address', async () => {
    const n = notifier();
    n.handle([
      await storedEvent('van', 'alarm', { alarm: 'sos' }),
      await storedEvent('truck', 'alarm', { alarm: 'sos' }),
    ]);
    await n.idle();
    // van: eva (alarm list); truck: ana through the alarm list and the plain "sos" type, once, and chefe
    expect(smtp.mails.map((m) => m.to.join(' ')).sort()).toEqual(['ana@x.ao', 'chefe@x.ao', 'eva@x.ao']);
    const eva = readMail(mailTo('eva@x.ao')[0].raw);
    expect(eva.subject).toBe('Alarme: SOS - Carrinha 7');
    const ana = readMail(mailTo('ana@x.ao')[0].raw);
    expect(ana.subject).toBe('Alarme: SOS - Camião 12 (LD-12-34-AB)');
    expect(gateway.received).toHaveLength(0);

    smtp.mails.length = 0;
    n.handle([await storedEvent('truck', 'alarm', { alarm: 'hardBraking' })]);
    await n.idle();
    expect(smtp.mails).toHaveLength(0);

    n.handle([await storedEvent('truck', 'alarm', { alarm: 'lowBattery' })]);
    await n.idle();
    expect(smtp.mails.map((m) => m.to.join(' '))).toEqual(['ana@x.ao']);
    expect(readMail(smtp.mails[0].raw).subject).toBe('Alarme: Bateria fraca - Camião 12 (LD-12-34-AB)');
    await n.close();
  });

  it('sends nothing for web-only notifications and unmatched events', async () => {
    const n = notifier();
    n.handle([
      await storedEvent('truck', 'geofenceEnter', {}, zone),
      await storedEvent('truck', 'ignitionOn'),
    ]);
    await n.idle();
    expect(smtp.mails).toHaveLength(0);
    expect(gateway.received).toHaveLength(0);
    await n.close();
  });

  it('retries a failed mail and delivers it once', async () => {
    let calls = 0;
    const flaky: Mailer = {
      enabled: true,
      async send(m) {
        calls++;
        if (calls <= 2) throw new Error('451 temporary failure');
        await mailer.send(m);
      },
    };
    const { log, lines } = memoryLogger();
    const n = notifier({ mailer: flaky, log, retry: { attempts: 3, delayMs: 5 } });
    n.handle([await storedEvent('van', 'alarm', { alarm: 'sos' })]);
    await n.idle();
    expect(calls).toBe(3);
    expect(smtp.mails.map((m) => m.to.join(' '))).toEqual(['eva@x.ao']);
    expect(lines.filter((l) => l.msg === 'alert delivery failed, retrying').map((l) => l.attempt)).toEqual([
      1, 2,
    ]);
    expect(lines.find((l) => l.msg === 'alert delivered after retry')).toMatchObject({
      channel: 'mail',
      notificationId: ids.sos,
      userId: ids.eva,
      attempt: 3,
    });
    await n.close();
  });

  it('gives up after the attempts, logs without secrets and never throws', async () => {
    const { log, lines, text } = memoryLogger();
    const down: Mailer = {
      enabled: true,
      async send() {
        throw new Error('connection refused');
      },
    };
    gateway.answer(500);
    try {
      const n = notifier({
        mailer: down,
        sms: createSmsSender(`${gateway.url}?apiKey=s3cr3t-key`, log),
        log,
        retry: { attempts: 2, delayMs: 5 },
      });
      const ctx = await storedEvent('truck', 'deviceOverspeed', { speed: 50 });
      expect(() => n.handle([ctx])).not.toThrow();
      await n.idle();
      expect(gateway.received).toHaveLength(2); // two attempts at ana's phone
      const failed = lines.filter((l) => l.msg === 'alert delivery failed');
      expect(failed.map((l) => l.channel).sort()).toEqual(['mail', 'mail', 'mail', 'sms']);
      expect(failed.find((l) => l.channel === 'sms')).toMatchObject({
        attempts: 2,
        error: 'SMS gateway answered 500',
        userId: ids.ana,
      });
      expect(text()).not.toContain('s3cr3t');
      await n.close();
    } finally {
      gateway.answer(200);
    }
  });

  it('reads rules and visibility once per batch, whatever the number of events', async () => {
    const counted = (db: Db) => {
      let queries = 0;
      const kysely = new Proxy(db.kysely, {
        get(target, prop) {
          if (prop === 'selectFrom') queries++;
          const value = Reflect.get(target, prop, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      return { db: { ...db, kysely } as Db, queries: () => queries };
    };
    const one = await storedEvent('truck', 'geofenceEnter', {}, zone);
    const many = Array.from({ length: 500 }, (_, i) => ({
      ...one,
      event: { ...one.event, id: one.event.id + i },
    }));

    const a = counted(server.services.db);
    const first = notifier({ db: a.db, cacheMs: 0 });
    first.handle([one]);
    await first.idle();
    const b = counted(server.services.db);
    const second = notifier({ db: b.db, cacheMs: 0 });
    second.handle(many);
    await second.idle();
    expect(a.queries()).toBeGreaterThan(0);
    expect(b.queries()).toBe(a.queries());

    // with the cache, a second batch reads nothing
    const c = counted(server.services.db);
    const cached = notifier({ db: c.db, cacheMs: 60_000 });
    cached.handle([one]);
    await cached.idle();
    const afterFirst = c.queries();
    cached.handle(many);
    await cached.idle();
    expect(c.queries()).toBe(afterFirst);
    await Promise.all([first.close(), second.close(), cached.close()]);
  });

  it('ignores events after close', async () => {
    const { log, lines } = memoryLogger();
    const n = notifier({ log });
    await n.close();
    n.handle([await storedEvent('van', 'alarm', { alarm: 'sos' })]);
    await n.idle();
    expect(smtp.mails).toHaveLength(0);
    expect(lines.map((l) => l.msg)).toContain('alert notifier closed: events ignored');
  });
});
