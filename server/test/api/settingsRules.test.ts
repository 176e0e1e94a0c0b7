/** Issue 6: every server-side validation of the settings forms answers 400/403 with the browser's message. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, userClient, type Client, type TestServer } from '../harness';

describe.each(dialects())('settings validations on %s', (dialect) => {
  let server: TestServer;
  let admin: Client;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await server.admin();
  });
  afterAll(async () => server.close());

  const count = async (path: string) => ((await admin.get(path)).body as unknown[]).length;

  it('stores alarm-like alert types as type alarm with the alarm name, on both APIs', async () => {
    const sos = await admin.post('/api/notifications', {
      type: 'sos',
      notificators: 'mail,web',
      attributes: { description: 'SOS', emailTo: 'a@b.ao; c@d.ao\ne@f.ao', emailCc: 'g@h.ao\ti@j.ao' },
    });
    expect(sos.status, sos.text).toBe(200);
    expect(sos.body).toMatchObject({ type: 'alarm', notificators: 'mail,web' });
    expect(sos.body.attributes).toEqual({
      description: 'SOS',
      alarms: 'sos',
      emailTo: 'a@b.ao,c@d.ao,e@f.ao',
      emailCc: 'g@h.ao,i@j.ao',
    });
    const read = await admin.get(`/api/notifications/${sos.body.id}`);
    expect(read.body).toMatchObject({ type: 'alarm', attributes: { alarms: 'sos' } });

    const types: Array<[string, string]> = [
      ['lowBattery', 'lowBattery'],
      ['hardAcceleration', 'hardAcceleration'],
      ['hardBraking', 'hardBraking'],
      ['hardCornering', 'hardCornering'],
      ['tampering', 'tampering'],
      ['malfunction', 'malfunction'],
      ['seatbelt', 'seatbelt'],
      ['lights', 'lights'],
      ['seatbeltAndLights', 'seatbelt+lights'],
      ['seatbelt+lights', 'seatbelt+lights'],
    ];
    for (const [type, alarms] of types) {
      const n = await admin.post('/api/settings/notifications', { type, notificators: 'web' });
      expect(n.status, `${type}: ${n.text}`).toBe(200);
      expect(n.body.type).toBe('alarm');
      expect(n.body.attributes.alarms).toBe(alarms);
    }
    const changed = await admin.put(`/api/notifications/${sos.body.id}`, {
      type: 'hardBraking',
      notificators: 'web',
    });
    expect(changed.body).toMatchObject({ type: 'alarm', attributes: { alarms: 'hardBraking' } });
    const plain = await admin.post('/api/notifications', { type: 'geofenceEnter', notificators: 'web' });
    expect(plain.body.type).toBe('geofenceEnter');
    expect(plain.body.attributes).not.toHaveProperty('alarms');
  });

  it('drops e-mail lists without the mail method and a leftover alarm on a non-alarm type', async () => {
    const created = await admin.post('/api/notifications', {
      type: 'geofenceExit',
      notificators: 'web,sms',
      attributes: { description: 'Saída', emailTo: 'a@b.ao', emailCc: 'c@d.ao', alarms: 'sos' },
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body.attributes).toEqual({ description: 'Saída' });
    const mailed = await admin.put(`/api/notifications/${created.body.id}`, {
      ...created.body,
      notificators: 'mail',
      attributes: { description: 'Saída', emailTo: ' x@y.ao ;z@w.ao ', emailCc: '' },
    });
    expect(mailed.status, mailed.text).toBe(200);
    expect(mailed.body.attributes).toEqual({ description: 'Saída', emailTo: 'x@y.ao,z@w.ao' });
  });

  it('refuses invalid alert e-mails, delivery methods and types with the form messages', async () => {
    const before = await count('/api/notifications');
    for (const path of ['/api/notifications', '/api/settings/notifications']) {
      const bad = await admin.post(path, {
        type: 'sos',
        notificators: 'mail',
        attributes: { emailTo: 'ok@x.ao; not-an-email' },
      });
      expect(bad.status).toBe(400);
      expect(bad.text).toBe('Endereço de e-mail inválido: not-an-email');
      const cc = await admin.post(path, { type: 'sos', notificators: 'mail', attributes: { emailCc: 'x@' } });
      expect(cc.text).toBe('Endereço de e-mail inválido: x@');
    }
    const none = await admin.post('/api/settings/notifications', { type: 'sos', notificators: '' });
    expect(none.status).toBe(400);
    expect(none.text).toBe('Deve seleccionar pelo menos um método de envio do alerta');
    const noType = await admin.post('/api/settings/notifications', { type: ' ', notificators: 'web' });
    expect(noType.status).toBe(400);
    expect(noType.text).toBe('Deve seleccionar o tipo de alerta');
    expect(await count('/api/notifications')).toBe(before);
  });

  it('offers the seatbelt and lights alert only with global.alert_seatbelt_lights', async () => {
    const without = await userClient(server, admin, {
      email: 'semcinto@x.ao',
      attributes: { permissions: ['settings.notifications'] },
    });
    const refused = await without.client.post('/api/settings/notifications', {
      type: 'seatbeltAndLights',
      notificators: 'web',
    });
    expect(refused.status).toBe(403);
    const other = await without.client.post('/api/settings/notifications', {
      type: 'sos',
      notificators: 'web',
    });
    expect(other.status).toBe(200);
    const holder = await userClient(server, admin, {
      email: 'comcinto@x.ao',
      attributes: { permissions: ['settings.notifications', 'global.alert_seatbelt_lights'] },
    });
    const ok = await holder.client.post('/api/settings/notifications', {
      type: 'seatbeltAndLights',
      notificators: 'web',
    });
    expect(ok.status).toBe(200);
  });

  it('refuses working hours that are not HH:MM on drivers and devices, writing nothing', async () => {
    const drivers = await count('/api/drivers');
    for (const path of ['/api/drivers', '/api/settings/drivers']) {
      const bad = await admin.post(path, {
        name: 'Turno',
        attributes: { week: { weekdays: true, weekdays_start: '25:00', weekdays_end: '18:00' } },
      });
      expect(bad.status).toBe(400);
      expect(bad.text).toBe('Hora de trabalho inválida: 25:00');
    }
    expect(await count('/api/drivers')).toBe(drivers);
    const good = await admin.post('/api/settings/drivers', {
      name: 'Turno',
      attributes: { week: { weekdays: true, weekdays_start: '00:00', weekdays_end: '23:59' } },
    });
    expect(good.status, good.text).toBe(200);

    const device = await admin.post('/api/settings/devices', { name: 'Horas', uniqueId: 'wk-1' });
    expect(device.status, device.text).toBe(200);
    for (const value of ['9h', '24:00', '12:60', '1:00']) {
      const bad = await admin.put(`/api/settings/devices/${device.body.id}`, {
        ...device.body,
        name: 'Mudado',
        attributes: { week: { saturday: true, saturday_start: '09:00', saturday_end: value } },
      });
      expect(bad.status).toBe(400);
      expect(bad.text).toBe(`Hora de trabalho inválida: ${value}`);
    }
    expect((await admin.get(`/api/devices/${device.body.id}`)).body.name).toBe('Horas');
  });

  it('refuses an invalid driver e-mail with the form message', async () => {
    const bad = await admin.post('/api/settings/drivers', { name: 'Mail', attributes: { email: 'bad' } });
    expect(bad.status).toBe(400);
    expect(bad.text).toBe('Endereço de e-mail inválido: bad');
  });

  it('refuses a user without a name with Nome inválido', async () => {
    const bad = await admin.post('/api/settings/users', { name: '  ', email: 'semnome@x.ao' });
    expect(bad.status).toBe(400);
    expect(bad.text).toBe('Nome inválido');
  });

  it('lets a user with settings.users create users but grant only what it holds', async () => {
    const mgr = await userClient(server, admin, {
      email: 'gere@x.ao',
      attributes: { permissions: ['map.online', 'reports.trips', 'settings.users', 'global.show_gsm'] },
    });
    const ok = await mgr.client.post('/api/settings/users', {
      name: 'Operador',
      email: 'operador@x.ao',
      attributes: { permissions: ['map.online', 'reports.trips', 'global.show_gsm'] },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.userLimit).toBe(0);
    for (const wanted of ['global.block', 'reports', 'settings.devices']) {
      const refused = await mgr.client.post('/api/settings/users', {
        name: 'Outro',
        email: `outro-${wanted}@x.ao`,
        attributes: { permissions: ['map.online', wanted] },
      });
      expect(refused.status, wanted).toBe(403);
      expect(refused.text).toBe(`Não pode atribuir permissões que não tem: ${wanted}`);
    }
    const plain = await userClient(server, admin, {
      email: 'simples@x.ao',
      attributes: { permissions: ['map.online'] },
    });
    const noManager = await plain.client.post('/api/settings/users', { name: 'X', email: 'x-novo@x.ao' });
    expect(noManager.status).toBe(403);
  });

  it('refuses every settings save of read-only and temporary users', async () => {
    const ro = await userClient(server, admin, {
      email: 'leitura@x.ao',
      readonly: true,
      attributes: { permissions: ['settings'] },
    });
    const groups = await count('/api/groups');
    expect((await ro.client.post('/api/settings/groups', { name: 'G' })).status).toBe(403);
    expect(
      (await ro.client.post('/api/settings/temporary_links', { name: 'T', deviceIds: [1] })).status,
    ).toBe(403);
    expect(await count('/api/groups')).toBe(groups);
    const noPermission = await userClient(server, admin, {
      email: 'semgrupos@x.ao',
      attributes: { permissions: ['settings.devices'] },
    });
    expect((await noPermission.client.post('/api/settings/groups', { name: 'G' })).status).toBe(403);
    expect((await server.client().post('/api/settings/groups', { name: 'G' })).status).toBe(401);
  });
});
