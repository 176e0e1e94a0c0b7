/**
 * Sharing an event by e-mail (document 2 §2.8, §5, §7): the addresses checked with the spec's messages,
 * and the mail received by a real SMTP server with the event's facts, address and map link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toJson } from '../../../src/db/mapping';
import { dialects, startTestServer, userClient, type Client, type TestServer } from '../../harness';
import { insertPosition } from '../../fixtures';
import { decodeQp, startSmtpCapture } from '../../smtpCapture';

const API = '/report/api.php';

/** The message's text: quoted-printable undone, then read as UTF-8. */
const mailText = (raw: string) => Buffer.from(decodeQp(raw), 'latin1').toString('utf8');

describe.each(dialects())('share an event by e-mail (%s)', (dialect) => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let admin: Client;
  let colega: Client;
  let outro: Client;
  let eventId: number;
  let truckId: number;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(dialect, { FROTA_SMTP_URL: smtp.url });
    admin = await server.admin();
    const truck = (
      await admin.post('/api/devices', {
        name: 'Camião 7',
        uniqueId: 'share-truck',
        attributes: { license_plate: 'LD-77-88-ZZ' },
      })
    ).body.id;
    truckId = truck;
    const far = (await admin.post('/api/devices', { name: 'Longe', uniqueId: 'share-far' })).body.id;
    await admin.post('/api/drivers', { name: 'João Silva', uniqueId: 'CARD-77' });
    const at = Date.parse('2024-03-05T14:30:00Z');
    const positionId = await insertPosition(server, truck, at, { driverUniqueId: 'CARD-77' });
    const k = server.services.db.kysely;
    await k
      .updateTable('positions')
      .set({ address: 'Avenida 4 de Fevereiro, Luanda' })
      .where('id', '=', positionId)
      .execute();
    const row = await k
      .insertInto('events')
      .values({
        type: 'alarm',
        eventTime: at,
        deviceId: truck,
        positionId,
        geofenceId: null,
        attributes: toJson({ alarm: 'sos', speed: 27 }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    eventId = Number(row.id);
    // not read-only: sharing by e-mail is a change, refused to read-only users (issue 33)
    const c = await userClient(server, admin, {
      email: 'colega@x.ao',
      attributes: { permissions: ['module.events'], timezone: 'Europe/Lisbon' },
    });
    await admin.post('/api/permissions', { userId: c.id, deviceId: truck });
    colega = c.client;
    const o = await userClient(server, admin, {
      email: 'outro@x.ao',
      attributes: { permissions: ['module.events'] },
    });
    await admin.post('/api/permissions', { userId: o.id, deviceId: far });
    outro = o.client;
    await admin.post(`${API}/event/${eventId}`, { status: 1, details: 'Equipa a caminho' });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('refuses a missing or invalid destination and an invalid CC with the spec messages', async () => {
    const share = (body: unknown) => admin.post(`${API}/share_event/${eventId}`, body);
    for (const body of [
      {},
      { emailTo: '' },
      { emailTo: 'oficina' },
      { emailTo: 'a@b' },
      { emailTo: 'x y@z.ao' },
    ]) {
      const r = await share(body);
      expect(r.status).toBe(400);
      expect(r.text).toBe('Endereço de e-mail de destino inválido');
    }
    const cc = await share({ emailTo: 'oficina@frota.ao', emailCc: 'chefe@' });
    expect(cc.status).toBe(400);
    expect(cc.text).toBe('Endereço de e-mail de CC inválido');
    expect(smtp.mails).toEqual([]);
  });

  it('mails the facts, the status, the address and a map link', async () => {
    const r = await colega.post(`${API}/share_event/${eventId}`, {
      emailTo: 'oficina@frota.ao',
      emailCc: 'chefe@frota.ao',
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ success: true });
    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0];
    expect(mail.to.sort()).toEqual(['chefe@frota.ao', 'oficina@frota.ao']);
    const text = mailText(mail.raw);
    expect(text).toContain('Alerta: Alarme: SOS');
    expect(text).toContain('Viatura: Camião 7');
    expect(text).toContain('Matrícula: LD-77-88-ZZ');
    // 14:30 UTC is 14:30 in Lisbon in March (WET), the sender's timezone
    expect(text).toContain('Data/hora: 05/03/2024 14:30:00 (Europe/Lisbon)');
    expect(text).toContain('Velocidade: 50 km/h');
    expect(text).toContain('Condutor: João Silva');
    expect(text).toContain('Estado: Em resolução - Equipa a caminho');
    expect(text).toContain('Morada: Avenida 4 de Fevereiro, Luanda');
    expect(text).toContain('https://www.openstreetmap.org/?mlat=-8.830000&mlon=13.230000');
  });

  it('writes the mail in the sender’s language', async () => {
    const en = await userClient(server, admin, {
      email: 'english@x.ao',
      attributes: { permissions: ['module.events'], timezone: 'Europe/Lisbon', language: 'en' },
    });
    await admin.post('/api/permissions', { userId: en.id, deviceId: truckId });
    const r = await en.client.post(`${API}/share_event/${eventId}`, { emailTo: 'oficina@frota.ao' });
    expect(r.status, r.text).toBe(200);
    const text = mailText(smtp.mails.at(-1)!.raw);
    expect(text).toContain('Alert: Alarm: SOS');
    expect(text).toContain('Vehicle: Camião 7');
    expect(text).toContain('Licence plate: LD-77-88-ZZ');
    expect(text).toContain('Date/time: 05/03/2024 14:30:00 (Europe/Lisbon)');
    expect(text).toContain('Status: Being resolved - Equipa a caminho');
    expect(text).toContain('Address: Avenida 4 de Fevereiro, Luanda');
    expect(text).toContain('View on the map');
    expect(text).not.toContain('Alerta:');
  });

  it('sends without CC when it is empty', async () => {
    const r = await admin.post(`${API}/share_event/${eventId}`, { emailTo: 'oficina@frota.ao', emailCc: '' });
    expect(r.status, r.text).toBe(200);
    expect(smtp.mails.at(-1)!.to).toEqual(['oficina@frota.ao']);
  });

  it('answers 404 for an event of a vehicle the user does not see', async () => {
    const before = smtp.mails.length;
    const r = await outro.post(`${API}/share_event/${eventId}`, { emailTo: 'oficina@frota.ao' });
    expect(r.status).toBe(404);
    expect(smtp.mails).toHaveLength(before);
  });
});
