/** The demo's daily maintenance notification (issue 19): the manager's, listed and e-mailed the next morning. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zoneFor } from '../../../../src/track/timezone';
import { runMaintenanceNotifications } from '../../../../src/modules/management/notifications/job';
import { seedMaintenanceNotifications } from '../../../../src/modules/management/notifications/demoSeed';
import { dialects, startTestServer, userClient, type Client, type TestServer } from '../../../harness';
import { mailSubject, mailText } from './maintenanceNotificationsSupport';
import { startSmtpCapture } from '../../../smtpCapture';

const luanda = zoneFor('Africa/Luanda');

describe.each(dialects())('maintenance notification demo seed (%s)', (dialect) => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let gestor: Client;
  let vehicle: number;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(dialect, { FROTA_SMTP_URL: smtp.url });
    const admin = await server.admin();
    vehicle = (await admin.post('/api/devices', { name: 'Demo 1', uniqueId: 'demo-mn-1' })).body.id;
    const manager = await userClient(server, admin, {
      email: 'gestor@frota.local',
      attributes: { permissions: ['management.summary'] },
    });
    await admin.post('/api/permissions', { userId: manager.id, deviceId: vehicle });
    gestor = manager.client;
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('gives the manager one notification with the defaults, once', async () => {
    const seededAt = luanda.toUtc(2030, 3, 9, 12);
    const id = await seedMaintenanceNotifications(server.services.db, seededAt);
    expect(id).toBeGreaterThan(0);
    expect(await seedMaintenanceNotifications(server.services.db, seededAt)).toBe(id);
    expect(await seedMaintenanceNotifications(server.services.db, seededAt, 'ninguem@x.ao')).toBeNull();
    expect((await gestor.get('/report/api.php/maintenance_notification')).body).toEqual([
      {
        id,
        emails: 'gestor@frota.local',
        all_devices: true,
        device_ids: '',
        maintenance: true,
        maintenance_km: 5000,
        maintenance_hours: 250,
        cost: true,
        cost_days: 30,
        document: true,
        document_days: 30,
        communication: true,
        communication_hours: 24,
      },
    ]);
    // made "a day ago": the first e-mail goes out the same morning
    const outcomes = await runMaintenanceNotifications(server.services, luanda.toUtc(2030, 3, 9, 8, 1));
    expect(outcomes).toEqual([{ id, day: '2030-03-09', status: 'sent', vehicles: 1 }]);
    expect(smtp.mails).toHaveLength(1);
    expect(mailSubject(smtp.mails[0])).toBe('Manutenção: 1 viatura com avisos (09/03/2030)');
    expect(mailText(smtp.mails[0])).toContain('Demo 1');
  });
});
