/**
 * The daily maintenance notifications job (issue 19 point 2) against a real SMTP capture server: from 08:00
 * in the owner's timezone one e-mail per notification and day in the owner's language, listing per vehicle
 * the service due within the advance km and the costs expiring or expired; nothing to say → no e-mail; the
 * record of the day keeps a restart from sending twice; a failed send goes again on the next run; two nodes
 * on the same database started at once still send one e-mail.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../../src/db/database';
import { parseJson, toJson } from '../../../../src/db/mapping';
import { createMailer } from '../../../../src/services/mailer';
import type { Services } from '../../../../src/services/context';
import { zoneFor } from '../../../../src/track/timezone';
import {
  runMaintenanceNotifications,
  startMaintenanceNotifier,
} from '../../../../src/modules/management/notifications/job';
import { insertPosition } from '../../../fixtures';
import { dialects, startTestServer, type TestServer } from '../../../harness';
import { API, buildManagementFleet, type ManagementFleet } from '../../../managementFleet';
import { mailSubject, mailText } from './maintenanceNotificationsSupport';
import { Beats } from '../../../jobBeats';
import { freePort } from '../../../processes';
import { startSmtpCapture } from '../../../smtpCapture';

const PATH = `${API}/maintenance_notification`;
const luanda = zoneFor('Africa/Luanda');
const tokyo = zoneFor('Asia/Tokyo');
/** Days in the future, so the server's own job (real clock) never finds these notifications due. */
const at = (day: number, hour: number, minute = 0) => luanda.toUtc(2030, 3, day, hour, minute);

describe.each(dialects())('daily maintenance notification e-mails (%s)', (dialect) => {
  let server: TestServer;
  let f: ManagementFleet;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  /** notifications of gestor: the truck (things due) and the van (nothing due) */
  let truckNote: number;
  let vanNote: number;
  const log = pino({ level: 'silent' });

  const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address));
  /** The same database seen by another process: new services, new mailer, nothing kept in memory. */
  const node = (db: Db, smtpUrl = smtp.url): Services => ({
    ...server.services,
    db,
    mailer: createMailer(smtpUrl, 'frota@frota.local', log),
  });
  const runOf = (notificationId: number, day: string) =>
    server.services.db.kysely
      .selectFrom('maintenanceNotificationRuns')
      .selectAll()
      .where('notificationId', '=', notificationId)
      .where('day', '=', day)
      .executeTakeFirst();

  async function setUser(email: string, attributes: Record<string, unknown>): Promise<void> {
    const k = server.services.db.kysely;
    const row = await k
      .selectFrom('users')
      .select(['id', 'attributes'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    await k
      .updateTable('users')
      .set({ attributes: toJson({ ...parseJson(row.attributes), ...attributes }) })
      .where('id', '=', row.id)
      .execute();
  }

  async function notification(
    client: ManagementFleet['gestor'],
    body: Record<string, unknown>,
  ): Promise<number> {
    const r = await client.post(PATH, body);
    expect(r.status, r.text).toBe(200);
    // made the day before the first run (a notification only starts on the day after it is made)
    await server.services.db.kysely
      .updateTable('maintenanceNotifications')
      .set({ createdAt: at(9, 12) })
      .where('id', '=', r.body.id)
      .execute();
    return r.body.id;
  }

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(dialect, { FROTA_SMTP_URL: smtp.url });
    f = await buildManagementFleet(server);
    await setUser('gestor@frota.local', { language: 'pt', timezone: 'Africa/Luanda' });
    // the truck: serviced at 40 000 km every 10 000 km, now at 49 200 km → due in 800 km
    await insertPosition(server, f.truck, at(10, 6), { totalDistance: 49_200_000 });
    const entry = await f.gestor.post(`${API}/maintenance/${f.truck}`, {
      date_start: '2030-01-05',
      date_end: '2030-01-06',
      complete: 1,
      description: 'Revisão dos 40 000 km',
      km: '40000',
      periodicity_km: '10000',
    });
    expect(entry.status, entry.text).toBe(200);
    const cost = (over: Record<string, unknown>) =>
      f.gestor.post(`${API}/cost/${f.truck}`, {
        cost_date: '2029-03-22',
        cost_type: 'insurance',
        entity: 'ENSA Seguros',
        designation: 'Seguro anual',
        cost: '350.000,75',
        warning: 1,
        expiry_date: '2030-03-22',
        ...over,
      });
    expect((await cost({})).status).toBe(200); // expires in 12 days
    expect((await cost({ cost_type: 'tax', designation: 'IUC', expiry_date: '2030-03-01' })).status).toBe(
      200,
    );
    // the van: reporting, nothing due
    await insertPosition(server, f.van, at(10, 6), { totalDistance: 12_000_000 });
    truckNote = await notification(f.gestor, {
      emails: 'gestor@frota.local\noficina@x.ao',
      all_devices: 0,
      device_ids: String(f.truck),
      maintenance: 1,
      maintenance_km: 1000,
      cost: 1,
      cost_days: 30,
      document: 1,
      communication: 1,
      communication_hours: 24,
    });
    vanNote = await notification(f.gestor, {
      emails: 'sem.avisos@x.ao',
      all_devices: 0,
      device_ids: String(f.van),
      maintenance: 1,
      cost: 1,
      document: 1,
      communication: 1,
      communication_hours: 240,
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('sends nothing before 08:00 in the owner’s timezone', async () => {
    expect(await runMaintenanceNotifications(server.services, at(10, 7, 59))).toEqual([]);
    expect(smtp.mails).toHaveLength(0);
  });

  it('sends one e-mail listing the service due in 800 km and the insurance expiring in 12 days', async () => {
    const outcomes = await runMaintenanceNotifications(server.services, at(10, 8, 30));
    expect(outcomes).toEqual([
      { id: truckNote, day: '2030-03-10', status: 'sent', vehicles: 1 },
      { id: vanNote, day: '2030-03-10', status: 'empty', vehicles: 0 },
    ]);
    expect(smtp.mails).toHaveLength(1);
    const [mail] = smtp.mails;
    expect(mail.to.sort()).toEqual(['gestor@frota.local', 'oficina@x.ao']);
    const subject = mailSubject(mail);
    expect(subject.startsWith('Manutenção')).toBe(true);
    expect(subject).toBe('Manutenção: 1 viatura com avisos (10/03/2030)');
    const text = mailText(mail);
    expect(text).toContain('Camião 1 (LD-11-22-AA)');
    expect(text).toContain('Manutenção dentro de 800 km (aos 50 000 km)');
    expect(text).toContain('Custo — Seguro (Seguro anual): expira a 22/03/2030, dentro de 12 dias');
    expect(text).toContain('Custo — Imposto (IUC): expirou a 01/03/2030, há 9 dias');
    expect(text).not.toContain('Sem comunicação');
    expect(text).not.toContain('Carrinha');
    // nothing to say → no e-mail, but the day is recorded as done
    expect(mailsTo('sem.avisos@x.ao')).toEqual([]);
    expect(await runOf(vanNote, '2030-03-10')).toMatchObject({ status: 'empty', vehicles: 0 });
    expect(await runOf(truckNote, '2030-03-10')).toMatchObject({
      status: 'sent',
      vehicles: 1,
      attempts: 1,
      error: null,
    });
  });

  it('never sends the same day twice, even after a restart; the next day sends again', async () => {
    expect(await runMaintenanceNotifications(server.services, at(10, 9))).toEqual([]);
    // a restarted process: other services and mailer over the same database
    expect(await runMaintenanceNotifications(node(server.services.db), at(10, 23, 59))).toEqual([]);
    expect(smtp.mails).toHaveLength(1);
    const next = await runMaintenanceNotifications(server.services, at(11, 8, 1));
    expect(next.map((o) => [o.id, o.day, o.status])).toEqual([
      [truckNote, '2030-03-11', 'sent'],
      [vanNote, '2030-03-11', 'empty'],
    ]);
    expect(smtp.mails).toHaveLength(2);
    expect(mailText(smtp.mails[1])).toContain('expira a 22/03/2030, dentro de 11 dias');
  });

  it('retries a failed send on the next run', async () => {
    const deadSmtp = `smtp://127.0.0.1:${await freePort()}`;
    const failed = await runMaintenanceNotifications(node(server.services.db, deadSmtp), at(12, 8, 1));
    expect(failed.find((o) => o.id === truckNote)).toMatchObject({ day: '2030-03-12', status: 'failed' });
    expect(smtp.mails).toHaveLength(2);
    const run = await runOf(truckNote, '2030-03-12');
    expect(run).toMatchObject({ status: 'failed', attempts: 1, sentAt: null });
    expect(run?.error).toBeTruthy();
    const retried = await runMaintenanceNotifications(server.services, at(12, 8, 2));
    expect(retried).toEqual([{ id: truckNote, day: '2030-03-12', status: 'sent', vehicles: 1 }]);
    expect(smtp.mails).toHaveLength(3);
    expect(await runOf(truckNote, '2030-03-12')).toMatchObject({
      status: 'sent',
      attempts: 2,
      error: null,
      sentAt: at(12, 8, 2),
    });
    expect(await runMaintenanceNotifications(server.services, at(12, 8, 3))).toEqual([]);
  });

  it('follows the owner’s timezone and language', async () => {
    await setUser('outro@frota.local', { language: 'en', timezone: 'Asia/Tokyo' });
    const id = await notification(f.outro, { emails: 'outro@frota.local', all_devices: 1 });
    // 13 March 00:30 UTC: 09:30 in Tokyo, 01:30 in Luanda — only the Tokyo owner's day has come
    const now = tokyo.toUtc(2030, 3, 13, 9, 30);
    expect(await runMaintenanceNotifications(server.services, now)).toEqual([
      { id, day: '2030-03-13', status: 'sent', vehicles: 1 },
    ]);
    const [mail] = mailsTo('outro@frota.local');
    expect(mailSubject(mail)).toBe('Maintenance: 1 vehicle with notices (13/03/2030)');
    const text = mailText(mail);
    expect(text).toContain('Longe');
    expect(text).toContain('No communication recorded');
    expect(smtp.mails).toHaveLength(4);
    // a deleted notification sends no more and its records go with it
    expect((await f.outro.del(`${PATH}/${id}`)).status).toBe(204);
    expect(await runOf(id, '2030-03-13')).toBeUndefined();
  });

  it('two nodes started at once on the same database send one e-mail', async () => {
    const other =
      dialect === 'postgres'
        ? openDatabase({
            kind: 'postgres',
            url: process.env.FROTA_TEST_DATABASE_URL!,
            schema: server.services.db.schema,
          })
        : undefined;
    try {
      const nodes = [node(server.services.db), node(other ?? server.services.db)];
      const before = mailsTo('oficina@x.ao').length;
      const beats = new Beats(() => at(14, 8, 15));
      const holders = nodes.map((_, i) => `node-${i}`);
      const jobs = nodes.map((services, i) =>
        startMaintenanceNotifier(services, {
          intervalMs: 50,
          firstDelayMs: 0,
          holder: holders[i],
          now: beats.clock(holders[i]),
          lease: 'test-maintenance-notifications',
        }),
      );
      await smtp.until(() => mailsTo('oficina@x.ao').length > before, 'the mail to oficina@x.ao');
      // both nodes beat on: each has had its chance to send again (stop waits for a run under way)
      await beats.more(holders, 3);
      await Promise.all(jobs.map((j) => j.stop()));
      expect(mailsTo('oficina@x.ao')).toHaveLength(before + 1);

      // even without the lease, two passes at the same moment on two nodes claim the day once
      const later = at(15, 8, 15);
      const both = await Promise.all(nodes.map((services) => runMaintenanceNotifications(services, later)));
      expect(both.flat().filter((o) => o.id === truckNote)).toEqual([
        { id: truckNote, day: '2030-03-15', status: 'sent', vehicles: 1 },
      ]);
      expect(mailsTo('oficina@x.ao')).toHaveLength(before + 2);
      const leases = await server.services.db.kysely
        .selectFrom('leases')
        .selectAll()
        .where('name', '=', 'test-maintenance-notifications')
        .execute();
      expect(leases).toEqual([]);
    } finally {
      await other?.close();
    }
  });
});
