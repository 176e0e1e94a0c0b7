/**
 * The refill operators' app over HTTP (issue 18 point 3) as a phone would use it: login with username and
 * password, a bearer token that reaches only the refill_app calls of its client, refills posted as type A
 * with the operator and the station's site, the red alert to the operator's e-mails, the throttled login;
 * and sharing a refill by e-mail (document 3 §5, §8), received by a real SMTP server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, userClient, type Client, type TestServer } from '../../harness';
import { decodeQp, startSmtpCapture } from '../../smtpCapture';
import { changesOf, openLive } from '../../liveClient';

const API = '/report/api.php';
const APP = `${API}/refill_app`;
const mailText = (raw: string) => Buffer.from(decodeQp(raw), 'latin1').toString('utf8');

/** What the phone does: JSON with the bearer token. */
async function phone(base: string, token: string | null, method: string, path: string, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: any = text;
  if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
  return { status: res.status, body: parsed, text };
}

describe.each(dialects())('refill operator app (%s)', (dialect) => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let admin: Client;
  let cliente: Client;
  let rival: Client;
  let token: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(dialect, { FROTA_SMTP_URL: smtp.url });
    admin = await server.admin();
    ids.group = (await admin.post('/api/groups', { name: 'Transportes Kwanza' })).body.id;
    ids.truck = (
      await admin.post('/api/devices', {
        name: 'Camião 48',
        uniqueId: 'app-truck',
        groupId: ids.group,
        attributes: { license_plate: 'LD-48-48-KZ' },
      })
    ).body.id;
    ids.far = (
      await admin.post('/api/devices', {
        name: 'Rival 1',
        uniqueId: 'app-far',
        attributes: { license_plate: 'RV-00-00-RV' },
      })
    ).body.id;
    ids.driver = (await admin.post('/api/drivers', { name: 'Manuel Gomes', uniqueId: 'CARD-MG' })).body.id;
    await admin.post('/api/permissions', { groupId: ids.group, driverId: ids.driver });
    const c = await userClient(server, admin, {
      email: 'dono@kwanza.ao',
      userLimit: 3,
      attributes: { permissions: ['module.refills'] },
    });
    await admin.post('/api/permissions', { userId: c.id, groupId: ids.group });
    cliente = c.client;
    const r = await userClient(server, admin, {
      email: 'rival@outra.ao',
      userLimit: 3,
      attributes: { permissions: ['module.refills'] },
    });
    await admin.post('/api/permissions', { userId: r.id, deviceId: ids.far });
    rival = r.client;

    const ok = (a: { status: number; text: string }) => expect(a.status, a.text).toBe(200);
    ok(await cliente.put(`${API}/refill_devices/${ids.truck}`, { l100km_yellow: 35, l100km_red: 45 }));
    const st = await cliente.post(`${API}/refill_stations`, {
      name: 'Posto Viana',
      code: 'ST-VIANA',
      location: '-8.9035, 13.3739',
      fuel_type: 'diesel',
      total_capacity: 30000,
    });
    ok(st);
    ids.station = st.body.id;
    ok(await rival.post(`${API}/refill_stations`, { name: 'Posto Rival', code: 'ST-RIVAL' }));
    const op = await cliente.post(`${API}/refill_operators`, {
      username: 'bomba1',
      password: 'viana-2024',
      name: 'Carlos Bomba',
      code: 'OP-01',
      alert_emails: 'alertas@kwanza.ao',
    });
    ok(op);
    ids.operator = op.body.id;
  });

  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('logs the operator in with username and password', async () => {
    const wrong = await phone(server.base, null, 'POST', `${APP}/login`, {
      username: 'bomba1',
      password: 'nope',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.text).toBe('Utilizador ou password inválidos');
    const login = await phone(server.base, null, 'POST', `${APP}/login`, {
      username: 'Bomba1',
      password: 'viana-2024',
    });
    expect(login.status, login.text).toBe(200);
    expect(login.body.operator).toEqual({
      id: ids.operator,
      username: 'bomba1',
      name: 'Carlos Bomba',
      code: 'OP-01',
    });
    expect(login.body.expiresAt).toBeGreaterThan(Date.now());
    token = login.body.token;
    const stored = await server.services.db.kysely
      .selectFrom('refillOperatorSessions')
      .select('id')
      .execute();
    expect(stored.map((s) => s.id)).not.toContain(token);
  });

  it('reaches only the refill_app calls of its own client', async () => {
    for (const path of ['/api/devices', '/api/users', `${API}/refill/${ids.truck}`, `${API}/refill_stations`])
      expect((await phone(server.base, token, 'GET', path)).status, path).toBe(401);
    expect(
      (
        await phone(server.base, token, 'POST', `${API}/refill/${ids.truck}`, {
          cost: 1,
          cost_date: '2024-01-01',
        })
      ).status,
    ).toBe(401);
    // a user's session is not an operator's token
    expect((await cliente.get(`${APP}/stations`)).status).toBe(401);
    expect((await phone(server.base, 'x'.repeat(43), 'GET', `${APP}/stations`)).status).toBe(401);

    const stations = await phone(server.base, token, 'GET', `${APP}/stations`);
    expect(stations.status).toBe(200);
    expect(stations.body.map((s: any) => s.code)).toEqual(['ST-VIANA']);
    expect((await phone(server.base, token, 'GET', `${APP}/stations/st-viana`)).body.id).toBe(ids.station);
    expect((await phone(server.base, token, 'GET', `${APP}/stations/ST-RIVAL`)).status).toBe(404);
    const vehicle = await phone(server.base, token, 'GET', `${APP}/vehicles/LD-48-48-KZ`);
    expect(vehicle.body).toMatchObject({ deviceId: ids.truck, name: 'Camião 48', code: 'LD-48-48-KZ' });
    expect((await phone(server.base, token, 'GET', `${APP}/vehicles/RV-00-00-RV`)).status).toBe(404);
    const drivers = await phone(server.base, token, 'GET', `${APP}/drivers`);
    expect(drivers.body).toEqual([{ id: ids.driver, name: 'Manuel Gomes', uniqueId: 'CARD-MG' }]);

    const outside = await phone(server.base, token, 'POST', `${APP}/refill`, {
      stationCode: 'ST-VIANA',
      vehicleCode: 'RV-00-00-RV',
      litres: 10,
    });
    expect(outside.status).toBe(404);
    const rivalStation = await phone(server.base, token, 'POST', `${APP}/refill`, {
      stationCode: 'ST-RIVAL',
      vehicleCode: 'LD-48-48-KZ',
      litres: 10,
    });
    expect(rivalStation.status).toBe(404);
  });

  it('posts type A refills with operator and site, alerting the red one by e-mail', async () => {
    const ownerLive = await openLive(server.base, cliente.cookie);
    const rivalLive = await openLive(server.base, rival.cookie);
    const first = await phone(server.base, token, 'POST', `${APP}/refill`, {
      stationCode: 'ST-VIANA',
      vehicleCode: 'ld-48-48-kz',
      litres: 100,
      km: 10000,
      cost: 27000,
      driverCode: 'CARD-MG',
      costDate: '2024-05-01T08:00:00Z',
    });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({
      type: 'A',
      deviceId: ids.truck,
      operatorName: 'Carlos Bomba',
      operatorCode: 'OP-01',
      siteName: 'Posto Viana',
      stationId: ids.station,
      latitude: -8.9035,
      longitude: 13.3739,
      driverName: 'Manuel Gomes',
      fuel_type: 'diesel',
      costPerLitre: 270,
    });
    expect(smtp.mails).toHaveLength(0);
    const before = Date.now();
    const red = await phone(server.base, token, 'POST', `${APP}/refill`, {
      stationId: ids.station,
      deviceId: ids.truck,
      litres: '96',
      km: 10200,
      costDate: '2024-05-03T08:00:00Z',
    });
    expect(red.status, red.text).toBe(200);
    expect(red.body).toMatchObject({
      type: 'A',
      delta_km: 200,
      consumption_l100km: 48,
      consumption_l100km_red: 45,
    });
    await smtp.until(() => smtp.mails.length >= 1, 'the alert mail');
    expect(smtp.mails.length).toBe(1);
    expect(smtp.mails[0].to).toEqual(['alertas@kwanza.ao']);
    const text = mailText(smtp.mails[0].raw);
    expect(text).toContain('Consumo elevado');
    expect(text).toContain('LD-48-48-KZ');
    expect(text).toContain('48,00 L/100km (vermelho)');
    expect(text).toContain('Carlos Bomba (OP-01)');

    // it is in the centre at once
    const centre = await cliente.get(`${API}/refills/2024-05-01/2024-05-31?limit=100&type=A&search=carlos`);
    expect(centre.status).toBe(200);
    expect(centre.body.data.map((r: any) => r.id)).toEqual([red.body.id, first.body.id]);
    expect(Date.now() - before).toBeLessThan(1000 + 5000);
    expect((await rival.get(`${API}/refills/2024-05-01/2024-05-31`)).body).toEqual([]);
    // open pages are told at once (ids only), and only those whose user sees the vehicle
    const told = () => changesOf(ownerLive.messages, 'refills');
    await ownerLive.until(() => told().length >= 2, 'both refills announced');
    expect(told().map((r) => r.id)).toEqual([first.body.id, red.body.id]);
    // the hub flushed these to every socket at once: what the rival's socket was sent came before the pong
    await rivalLive.roundTrip();
    expect(changesOf(rivalLive.messages, 'refills')).toEqual([]);
    ownerLive.close();
    rivalLive.close();
    ids.red = red.body.id;
  });

  it('shares a refill by e-mail with the messages of the spec', async () => {
    const share = (body: unknown) => cliente.post(`${API}/share_refill/${ids.red}`, body);
    const bad = await share({ emailTo: 'dono@' });
    expect(bad.status).toBe(400);
    expect(bad.text).toBe('Endereço de e-mail de destino inválido');
    const badCc = await share({ emailTo: 'dono@kwanza.ao', emailCc: 'x' });
    expect(badCc.text).toBe('Endereço de e-mail de CC inválido');
    const sent = smtp.mails.length;
    const ok = await share({ emailTo: 'dono@kwanza.ao', emailCc: 'gestor@kwanza.ao' });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toEqual({ success: true });
    await smtp.until(() => smtp.mails.length >= sent + 1, 'the shared refill mail');
    expect(smtp.mails.length).toBe(sent + 1);
    const mail = smtp.mails[sent];
    expect(mail.to.sort()).toEqual(['dono@kwanza.ao', 'gestor@kwanza.ao']);
    const text = mailText(mail.raw);
    expect(text).toContain('Viatura: Camião 48');
    expect(text).toContain('Matrícula: LD-48-48-KZ');
    expect(text).toContain('Grupo: Transportes Kwanza');
    expect(text).toContain('Data/hora: 2024-05-03 09:00:00 (Africa/Luanda)');
    expect(text).toContain('Litros: 96,00 L');
    expect(text).toContain('Posto: Posto Viana');
    expect(text).toContain('Operador: Carlos Bomba (OP-01)');
    expect(text).toContain('Ver no mapa');
    expect((await rival.post(`${API}/share_refill/${ids.red}`, { emailTo: 'x@y.ao' })).status).toBe(404);
  });

  it('throttles wrong passwords and ends the token with the operator', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await phone(server.base, null, 'POST', `${APP}/login`, {
        username: 'bomba1',
        password: `bad-${i}`,
      });
      expect([401, 429]).toContain(r.status);
    }
    const refused = await phone(server.base, null, 'POST', `${APP}/login`, {
      username: 'bomba1',
      password: 'viana-2024',
    });
    expect(refused.status).toBe(429);
    expect((await phone(server.base, token, 'GET', `${APP}/stations`)).status).toBe(200);
    expect((await phone(server.base, token, 'POST', `${APP}/logout`)).status).toBe(200);
    expect((await phone(server.base, token, 'GET', `${APP}/stations`)).status).toBe(401);
    expect((await cliente.del(`${API}/refill_operators/${ids.operator}`)).status).toBe(200);
    const kept = await cliente.get(`${API}/refill/${ids.truck}`);
    expect(kept.body[0]).toMatchObject({ operatorName: 'Carlos Bomba', operatorId: null });
  });
});
