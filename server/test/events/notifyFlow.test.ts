import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../harness';
import { decodeQp, startSmtpCapture } from '../smtpCapture';
import { FakeTeltonika } from '../teltonikaDevice';

describe('events to e-mail, through the real ports', () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let admin: Client;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer('sqlite', { FROTA_SMTP_URL: smtp.url });
    admin = await server.admin();
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('mails an alert notification for a zone entry with vehicle, plate and address', async () => {
    const device = (
      await admin.post('/api/devices', {
        name: 'Camião 7',
        uniqueId: '356307042447777',
        attributes: { license_plate: 'LD-77-77-ZZ' },
      })
    ).body;
    const zone = (
      await admin.post('/api/geofences', { name: 'Armazém Central', area: 'CIRCLE (-8.8147 13.2302, 300)' })
    ).body;
    await admin.post('/api/permissions', { deviceId: device.id, geofenceId: zone.id });
    const n = (
      await admin.post('/api/notifications', {
        type: 'geofenceEnter',
        notificators: 'mail',
        always: true,
        attributes: { emailTo: 'chefe@x.ao' },
      })
    ).body;
    expect(
      (await admin.get(`/api/notifications?userId=${(await admin.get('/api/session')).body.id}`)).body[0].id,
    ).toBe(n.id);

    const dev = new FakeTeltonika(server.teltonika!.tcpPort);
    expect(await dev.connect('356307042447777')).toBe(1);
    const t = Date.now() - 30_000;
    expect(
      await dev.send([
        { time: t, lat: -8.85, lon: 13.25, ignition: true },
        { time: t + 10_000, lat: -8.8147, lon: 13.2302, ignition: true },
      ]),
    ).toBe(2);
    dev.close();
    // the events were handed to the notifier before the frame was acknowledged: wait for its deliveries
    await server.notifier.idle();
    expect(smtp.mails.length).toBeGreaterThan(0);
    const mail = smtp.mails.find((m) => m.to.includes('chefe@x.ao'));
    expect(mail).toBeDefined();
    expect(mail!.to).toContain('admin@frota.local');
    const body = decodeQp(mail!.raw);
    expect(body).toMatch(/Entrada em zona/);
    expect(body).toMatch(/LD-77-77-ZZ/);
    expect(body).toMatch(/Armaz/);
    expect(body).toMatch(/Luanda/);
  });
});
