/**
 * Issue 33, the maintenance seams between clients: a Traccar maintenance linked to vehicles of two clients
 * (a root row on one, a copy on the other) is changed through one vehicle only for that vehicle, and as a
 * whole only by a caller who sees every vehicle (403 otherwise) — defects 1 and 3; /api/maintenance follows
 * the management permission (11); DELETE …/{vehicleId}?id=N without a body works (19); the daily
 * notification stops once its owner lost management.summary or the vehicles (10); a partial edit of a
 * vehicle (PATCH, the maintenance settings page) keeps what others changed since (9).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zoneFor } from '../../src/track/timezone';
import { runMaintenanceNotifications } from '../../src/modules/management/notifications/job';
import { dialects, startTestServer, userClient, type Client, type TestServer } from '../harness';
import { API, buildManagementFleet, type ManagementFleet } from '../managementFleet';
import { samplePdf } from '../../src/modules/management/sampleFiles';
import { startSmtpCapture } from '../smtpCapture';

interface Entry {
  id: number;
  deviceId: number;
  km: number | null;
  description: string;
  periodicity_km: number | null;
}

describe.each(dialects())('tenancy of maintenances (%s)', (dialect) => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let f: ManagementFleet;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(dialect, { FROTA_SMTP_URL: smtp.url });
    f = await buildManagementFleet(server);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const entries = async (client: Client, vehicle: number): Promise<Entry[]> => {
    const r = await client.get(`${API}/maintenance/${vehicle}`);
    expect(r.status, r.text).toBe(200);
    return r.body;
  };

  /**
   * A maintenance the administrator links to gestor's truck (the root) and then to outro's far vehicle
   * (a copy), where outro records its own service odometer; the root id and the copy id.
   */
  async function shared(name: string): Promise<{ root: number; copy: number }> {
    const created = await f.admin.post('/api/maintenance', {
      name,
      type: 'totalDistance',
      start: 10_000_000,
      period: 15_000_000,
      attributes: {},
    });
    expect(created.status, created.text).toBe(200);
    const root = created.body.id as number;
    for (const deviceId of [f.truck, f.far])
      expect((await f.admin.post('/api/permissions', { deviceId, maintenanceId: root })).status).toBe(204);
    const [copy] = (await entries(f.outro, f.far)).filter((e) => e.description === name);
    expect(copy.id).not.toBe(root);
    const recorded = await f.outro.put(`${API}/maintenance/${f.far}/${copy.id}`, {
      date_start: f.today,
      complete: 0,
      description: name,
      km: '12345',
      periodicity_km: '15000',
    });
    expect(recorded.status, recorded.text).toBe(200);
    return { root, copy: copy.id };
  }

  it("1: deleting a shared root through one vehicle leaves the other client's copy", async () => {
    const { root, copy } = await shared('Óleo partilhado');
    expect((await f.gestor.del(`${API}/maintenance/${f.truck}/${root}`)).status).toBe(204);
    expect((await entries(f.gestor, f.truck)).map((e) => e.id)).not.toContain(root);
    const left = (await entries(f.outro, f.far)).find((e) => e.id === copy);
    expect(left).toMatchObject({ description: 'Óleo partilhado', km: 12345, deviceId: f.far });
    // the copy now stands alone: listed for its owner among the maintenances, changed by it alone
    const own = await f.outro.get('/api/maintenance');
    expect(own.body.map((m: { id: number }) => m.id)).toContain(copy);
    expect((await f.outro.put(`/api/maintenance/${copy}`, { name: 'Óleo B', start: 1_000_000 })).status).toBe(
      200,
    );
  });

  it('1: DELETE /api/maintenance on a root shared with unseen vehicles answers 403 and deletes nothing', async () => {
    const { root, copy } = await shared('Filtro partilhado');
    const refused = await f.gestor.del(`/api/maintenance/${root}`);
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain('Longe');
    expect((await entries(f.gestor, f.truck)).map((e) => e.id)).toContain(root);
    expect((await entries(f.outro, f.far)).map((e) => e.id)).toContain(copy);
    // outro can drop its own copy by id: only its vehicle's entry goes
    expect((await f.outro.del(`/api/maintenance/${copy}`)).status).toBe(204);
    expect((await entries(f.gestor, f.truck)).map((e) => e.id)).toContain(root);
    // whoever sees every linked vehicle deletes the root with its copies
    const again = await shared('Correia partilhada');
    expect((await f.admin.del(`/api/maintenance/${again.root}`)).status).toBe(204);
    expect((await entries(f.outro, f.far)).map((e) => e.id)).not.toContain(again.copy);
  });

  it("3: PUT on a shared root answers 403 to a partial owner and never wipes a copy's odometer", async () => {
    const { root, copy } = await shared('Pneus partilhados');
    const body = { name: 'Pneus (B apagou)', type: 'totalDistance', start: 0, period: 1_000, attributes: {} };
    expect((await f.gestor.put(`/api/maintenance/${root}`, body)).status).toBe(403);
    expect((await entries(f.outro, f.far)).find((e) => e.id === copy)).toMatchObject({
      description: 'Pneus partilhados',
      km: 12345,
      periodicity_km: 15000,
    });
    // through its own vehicle gestor changes only its entry
    const own = await f.gestor.put(`${API}/maintenance/${f.truck}/${root}`, {
      date_start: f.today,
      complete: 0,
      description: 'Pneus do camião',
      km: '777',
    });
    expect(own.status, own.text).toBe(200);
    expect((await entries(f.outro, f.far)).find((e) => e.id === copy)?.description).toBe('Pneus partilhados');
    // the administrator (sees both) renames and re-periods every copy; each keeps its recorded km
    const done = await f.admin.put(`/api/maintenance/${root}`, {
      name: 'Pneus',
      type: 'totalDistance',
      start: 20_000_000,
      period: 30_000_000,
      attributes: {},
    });
    expect(done.status, done.text).toBe(200);
    expect((await entries(f.outro, f.far)).find((e) => e.id === copy)).toMatchObject({
      description: 'Pneus',
      km: 12345,
      periodicity_km: 30000,
    });
    expect((await entries(f.gestor, f.truck)).find((e) => e.id === root)).toMatchObject({ km: 20000 });
  });

  it('11: /api/maintenance refuses (403) every verb to a user the management module refuses', async () => {
    const created = await f.gestor.post('/api/maintenance', { name: 'Travões', start: 0, period: 0 });
    expect(created.status, created.text).toBe(200);
    const id = created.body.id as number;
    expect((await f.gestor.post('/api/permissions', { deviceId: f.truck, maintenanceId: id })).status).toBe(
      204,
    );
    // semPermissao and temporario see the truck but not the management module
    for (const client of [f.semPermissao, f.temporario]) {
      for (const path of [
        '/api/maintenance?all=true',
        '/api/maintenance',
        `/api/maintenance?deviceId=${f.truck}`,
      ]) {
        const r = await client.get(path);
        expect(r.status, path).toBe(403);
        expect(r.text).not.toContain('Travões');
      }
      expect((await client.get(`/api/maintenance/${id}`)).status).toBe(403);
      expect((await client.put(`/api/maintenance/${id}`, { name: 'x' })).status).toBe(403);
      expect((await client.del(`/api/maintenance/${id}`)).status).toBe(403);
      expect((await client.post('/api/maintenance', { name: 'x' })).status).toBe(403);
    }
    expect((await f.leitor.get('/api/maintenance?all=true')).status).toBe(200);
    expect((await f.gestor.get(`/api/maintenance/${id}`)).body.name).toBe('Travões');
  });

  it('19: DELETE …/{vehicleId}?id=N without a body deletes (204) maintenance, cost and document', async () => {
    const bodies = {
      maintenance: () => ({ date_start: f.today, complete: 0, description: 'Revisão', km: '1000' }),
      cost: () => ({ cost_date: f.today, cost_type: 'other', designation: 'Lavagem', cost: 10 }),
      document: () => ({
        designation: 'Livrete',
        document_type: 'insurance',
        warning: 0,
        expiry_date: '2099-01-01',
        file: {
          name: 'livrete.pdf',
          size: samplePdf('x').length,
          type: 'application/pdf',
          content: `data:application/pdf;base64,${samplePdf('x').toString('base64')}`,
        },
      }),
    };
    // a bodiless DELETE as the web client sends it: no body, no content type
    for (const [kind, body] of Object.entries(bodies)) {
      const made = await f.gestor.post(`${API}/${kind}/${f.truck}`, body());
      expect(made.status, made.text).toBe(200);
      const r = await f.gestor.del(`${API}/${kind}/${f.truck}?id=${made.body.id}`);
      expect(r.status, `${kind}: ${r.text}`).toBe(204);
      expect((await f.gestor.get(`${API}/${kind}/${f.truck}/${made.body.id}`)).status).toBe(404);
    }
    // another client's row by query id: not found, still there
    const theirs = await f.outro.post(`${API}/cost/${f.far}`, bodies.cost());
    expect((await f.gestor.del(`${API}/cost/${f.truck}?id=${theirs.body.id}`)).status).toBe(404);
    expect((await f.outro.get(`${API}/cost/${f.far}/${theirs.body.id}`)).status).toBe(200);
  });

  it('10: the daily notification stops once its owner lost management.summary or the vehicles', async () => {
    const luanda = zoneFor('Africa/Luanda');
    // days in the future, so the server's own job (real clock) never finds these notifications due
    const at = (day: number, hour: number) => luanda.toUtc(2031, 3, day, hour);
    const insurance = await f.admin.post(`${API}/cost/${f.van}`, {
      cost_date: '2030-03-22',
      cost_type: 'insurance',
      designation: 'Seguro da carrinha',
      cost: 100,
      warning: 1,
      expiry_date: '2031-03-20',
    });
    expect(insurance.status, insurance.text).toBe(200);
    const owner = async (email: string) => {
      const made = await userClient(server, f.admin, {
        email,
        attributes: { permissions: ['management.summary'], timezone: 'Africa/Luanda' },
      });
      const linked = await f.admin.post('/api/permissions', { userId: made.id, deviceId: f.van });
      expect(linked.status).toBe(204);
      const note = await made.client.post(`${API}/maintenance_notification`, {
        emails: `${email.split('@')[0]}@oficina.ao`,
        all_devices: 1,
        cost: 1,
        cost_days: 30,
      });
      expect(note.status, note.text).toBe(200);
      // made before the first day the test runs (a notification starts the day after it is made)
      await server.services.db.kysely
        .updateTable('maintenanceNotifications')
        .set({ createdAt: at(1, 12) })
        .where('id', '=', note.body.id)
        .execute();
      return made.id;
    };
    const demoted = await owner('despromovido@frota.local');
    const unlinked = await owner('desligado@frota.local');
    const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address)).length;

    await runMaintenanceNotifications(server.services, at(10, 8));
    expect(mailsTo('despromovido@oficina.ao')).toBe(1);
    expect(mailsTo('desligado@oficina.ao')).toBe(1);

    const user = (await f.admin.get(`/api/users/${demoted}`)).body;
    const changed = await f.admin.put(`/api/users/${demoted}`, {
      ...user,
      attributes: { ...user.attributes, permissions: ['map.online'] },
    });
    expect(changed.status, changed.text).toBe(200);
    const removed = await f.admin.del('/api/permissions', { userId: unlinked, deviceId: f.van });
    expect(removed.status).toBe(204);

    await runMaintenanceNotifications(server.services, at(11, 8));
    expect(mailsTo('despromovido@oficina.ao')).toBe(1);
    expect(mailsTo('desligado@oficina.ao')).toBe(1);
  });

  it('9: a partial edit (PATCH) changes only the fields it names and keeps what others changed since', async () => {
    const fleet = await userClient(server, f.admin, {
      email: 'frota@frota.local',
      attributes: { permissions: ['settings.devices', 'management.summary', 'settings.geofences'] },
    });
    expect((await f.admin.post('/api/permissions', { userId: fleet.id, deviceId: f.van })).status).toBe(204);
    // the settings page loaded the van; meanwhile the administrator renamed it and set an attribute
    const loaded = (await fleet.client.get(`/api/devices/${f.van}`)).body;
    const renamed = await f.admin.put(`/api/devices/${f.van}`, {
      ...loaded,
      name: 'Carrinha nova',
      groupId: f.group,
      attributes: { ...loaded.attributes, fuel_tank: 80 },
    });
    expect(renamed.status, renamed.text).toBe(200);
    const automatic = await fleet.client.request('PATCH', `/api/devices/${f.van}`, {
      attributes: { automaticMaintenance: 'automatic', automaticMaintenancePeriodicity: 10_000 },
    });
    expect(automatic.status, automatic.text).toBe(200);
    expect(automatic.body).toMatchObject({
      name: 'Carrinha nova',
      groupId: f.group,
      attributes: {
        fuel_tank: 80,
        automaticMaintenance: 'automatic',
        automaticMaintenancePeriodicity: 10_000,
      },
    });
    // back to manual: a null removes the periodicity
    const manual = await fleet.client.request('PATCH', `/api/devices/${f.van}`, {
      attributes: { automaticMaintenance: 'manual', automaticMaintenancePeriodicity: null },
    });
    expect(manual.body.attributes).toEqual({ fuel_tank: 80, automaticMaintenance: 'manual' });
    expect((await f.admin.get(`/api/devices/${f.van}`)).body.name).toBe('Carrinha nova');
    // a management-only user changes only the maintenance attributes; another client's vehicle is not found
    const onlyMode = await f.gestor.request('PATCH', `/api/devices/${f.van}`, {
      name: 'Tentativa',
      attributes: { automaticMaintenance: 'automatic', automaticMaintenancePeriodicity: 5_000, fuel_tank: 1 },
    });
    expect(onlyMode.status, onlyMode.text).toBe(200);
    expect(onlyMode.body).toMatchObject({
      name: 'Carrinha nova',
      attributes: { fuel_tank: 80, automaticMaintenancePeriodicity: 5_000 },
    });
    expect((await f.outro.request('PATCH', `/api/devices/${f.van}`, { name: 'x' })).status).toBe(404);

    // the interface page: one's own map toggles, keeping a name the administrator changed meanwhile
    const me = (await fleet.client.get(`/api/users/${fleet.id}`)).body;
    expect(
      (
        await f.admin.put(`/api/users/${fleet.id}`, {
          ...me,
          name: 'Frota Lda',
          attributes: { ...me.attributes, phone: '9' },
        })
      ).status,
    ).toBe(200);
    const toggled = await fleet.client.request('PATCH', `/api/users/${fleet.id}`, {
      attributes: { map_showVehicleNames: true },
    });
    expect(toggled.status, toggled.text).toBe(200);
    expect(toggled.body).toMatchObject({
      name: 'Frota Lda',
      attributes: { phone: '9', map_showVehicleNames: true, permissions: me.attributes.permissions },
    });

    // the zone dialog: name and colour, keeping an attribute set elsewhere
    const zone = await fleet.client.post('/api/geofences', {
      name: 'Porto',
      area: 'POLYGON ((-8.78 13.21, -8.79 13.22, -8.80 13.23, -8.78 13.21))',
      attributes: { color: '#00D084' },
    });
    expect(zone.status, zone.text).toBe(200);
    await fleet.client.put(`/api/geofences/${zone.body.id}`, {
      ...zone.body,
      attributes: { ...zone.body.attributes, speedLimit: 20 },
    });
    const edited = await fleet.client.request('PATCH', `/api/geofences/${zone.body.id}`, {
      name: 'Porto 2',
      attributes: { color: '#F44336' },
    });
    expect(edited.body).toMatchObject({ name: 'Porto 2', attributes: { color: '#F44336', speedLimit: 20 } });
  });
});
