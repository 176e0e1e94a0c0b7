import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { dialects, startTestServer, userClient, type TestServer } from '../harness';
import { startSmtpCapture, type CapturedMail } from '../smtpCapture';
import { Beats } from '../jobBeats';
import { reportFleet, type ReportFleet } from '../../src/reports/testing/fleet';
import { at } from '../../src/reports/testing/seedDay';
import { acquireLease, releaseLease } from '../../src/jobs/lease';
import { runDueSchedules, startReportScheduler } from '../../src/reports/scheduler';
import { reportDb } from '../../src/reports/schedules/store';
import { dueRun } from '../../src/reports/schedules/due';
import { zoneFor } from '../../src/track/timezone';

const BASE = '/report/api.php/report_scheduler';

/** The attachments of a raw MIME message: file name and decoded content. */
function attachments(mail: CapturedMail): Array<{ filename: string; content: Buffer }> {
  const out = [];
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(mail.raw)?.[1];
  if (!boundary) return [];
  for (const part of mail.raw.split(`--${boundary}`)) {
    const name = /filename="?([^";\r\n]+)"?/.exec(part)?.[1];
    if (!name) continue;
    const body = part
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('')
      .replace(/[\r\n-]/g, '');
    out.push({ filename: name, content: Buffer.from(body, 'base64') });
  }
  return out;
}

describe('when a schedule is due', () => {
  const tz = zoneFor('Africa/Luanda');
  const created = tz.toUtc(2025, 3, 1);
  const local = (ms: number | undefined) => (ms === undefined ? undefined : tz.local(ms));

  it('daily: from 01:00, the day before, once', () => {
    const s = { periodicity: 'D', day: 0, createdAt: created, lastRun: null };
    expect(dueRun(tz, s, tz.toUtc(2025, 3, 10, 0, 59))?.slot).toBe(tz.toUtc(2025, 3, 9, 1));
    const run = dueRun(tz, s, tz.toUtc(2025, 3, 10, 7))!;
    expect([local(run.slot), local(run.from), local(run.to)]).toEqual([
      '2025-03-10 01:00:00',
      '2025-03-09 00:00:00',
      '2025-03-10 00:00:00',
    ]);
    expect(
      dueRun(tz, { ...s, lastRun: tz.toUtc(2025, 3, 10, 1, 0, 5) }, tz.toUtc(2025, 3, 10, 23)),
    ).toBeUndefined();
    expect(
      dueRun(tz, { ...s, createdAt: tz.toUtc(2025, 3, 10, 2) }, tz.toUtc(2025, 3, 10, 7)),
    ).toBeUndefined();
  });

  it('weekly on its weekday for the 7 days before; monthly on its day (clamped) for the month before', () => {
    const weekly = dueRun(
      tz,
      { periodicity: 'W', day: 1, createdAt: created, lastRun: null },
      tz.toUtc(2025, 3, 13, 12),
    )!;
    expect([local(weekly.slot), local(weekly.from), local(weekly.to)]).toEqual([
      '2025-03-10 01:00:00',
      '2025-03-03 00:00:00',
      '2025-03-10 00:00:00',
    ]);
    const monthly = dueRun(
      tz,
      { periodicity: 'M', day: 1, createdAt: created, lastRun: null },
      tz.toUtc(2025, 4, 20),
    )!;
    expect([local(monthly.from), local(monthly.to)]).toEqual(['2025-03-01 00:00:00', '2025-04-01 00:00:00']);
    const early = tz.toUtc(2025, 1, 1);
    const last = dueRun(
      tz,
      { periodicity: 'M', day: 31, createdAt: early, lastRun: null },
      tz.toUtc(2025, 3, 5),
    )!;
    expect([local(last.slot), local(last.from)]).toEqual(['2025-02-28 01:00:00', '2025-01-31 00:00:00']);
  });
});

describe.each(dialects())('scheduled reports (%s)', (dialect) => {
  let server: TestServer;
  let f: ReportFleet;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(dialect, { FROTA_SMTP_URL: smtp.url });
    f = await reportFleet(server);
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  const valid = () => ({
    report_name: 'Viagens semanais',
    report_type: 'trips',
    report_ids: `${f.a.id}`,
    report_ids_type: 'V',
    report_periodicity: 'W',
    report_day: 1,
    report_format: 'excel',
    report_destination: 'frota@x.ao; chefe@x.ao\nFROTA@x.ao  outro@x.ao',
  });

  it('creates, lists, reads, changes and deletes the user’s schedules', async () => {
    const c = f.manager.client;
    const created = await c.post(BASE, valid());
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({
      report_name: 'Viagens semanais',
      report_type: 'trips',
      report_ids: `${f.a.id}`,
      report_periodicity: 'W',
      report_day: 1,
      report_format: 'excel',
      report_destination: 'frota@x.ao,chefe@x.ao,outro@x.ao',
      weekdays_value: 1,
      weekdays_start: '09:00',
      sunday_value: 0,
      last_run: null,
    });
    const id = created.body.id;
    expect((await c.get(BASE)).body.map((s: any) => s.id)).toEqual([id]);
    expect((await c.get(`${BASE}/${id}`)).body.report_name).toBe('Viagens semanais');
    const changed = await c.put(`${BASE}/${id}`, {
      report_periodicity: 'M',
      report_day: 40,
      report_ids: [f.a.id, f.b.id],
    });
    expect(changed.body).toMatchObject({
      report_periodicity: 'M',
      report_day: 1,
      report_ids: `${f.a.id},${f.b.id}`,
    });
    expect((await c.put(`${BASE}/${id}`, { report_day: 15 })).body.report_day).toBe(15);
    const other = await userClient(server, f.admin, {
      email: 'outro@x.ao',
      attributes: { permissions: ['reports.schedules'] },
    });
    expect((await other.client.get(`${BASE}/${id}`)).status).toBe(404);
    expect((await other.client.get(BASE)).body).toEqual([]);
    expect((await other.client.del(`${BASE}/${id}`)).status).toBe(404);
    expect((await c.del(`${BASE}/${id}`)).status).toBe(204);
    expect((await c.get(BASE)).body).toEqual([]);
  });

  it('validates with the spec’s messages and rules', async () => {
    const c = f.manager.client;
    const bad = async (body: Record<string, unknown>) => (await c.post(BASE, { ...valid(), ...body })).text;
    expect(await bad({ report_destination: 'frota@x.ao, x@' })).toBe('Endereço de e-mail inválido: x@');
    expect(await bad({ report_destination: ' ; ' })).toBe('Por favor indique os endereços de e-mail');
    expect(await bad({ report_ids: '' })).toBe('Por favor seleccione os veículos pretendidos');
    expect(await bad({ report_name: ' ' })).toBe('Por favor indique o nome do relatório');
    expect(await bad({ report_type: 'nada' })).toBe('Tipo de relatório inválido');
    expect(await bad({ report_periodicity: 'Y' })).toBe('Periodicidade inválida');
    expect(await bad({ report_format: 'json' })).toBe('Formato inválido');
    expect(await bad({ saturday_end: '25:00' })).toBe(
      'Por favor introduza as horas de trabalho no formato HH:MM',
    );
    expect(await bad({ report_type: 'km', report_ids_type: 'D', report_ids: `${f.driver.id}` })).toBe(
      'Relatório disponível apenas por veículo',
    );
    expect((await c.post(BASE, { ...valid(), report_ids: `${f.hidden.id}` })).status).toBe(404);
    expect((await c.post(BASE, { ...valid(), report_type: 'luanda_speeding' })).status).toBe(403);
    expect((await f.limited.client.post(BASE, valid())).status).toBe(403);
    const weekly = await c.post(BASE, { ...valid(), report_day: 9 });
    expect(weekly.body.report_day).toBe(1);
    // speeding keeps geofences only with the geofence filter; "speed" is the same type
    const speeding = await c.post(BASE, { ...valid(), report_type: 'speed', geofences: [f.start.id] });
    expect(speeding.body).toMatchObject({ report_type: 'speeding', geofences: '' });
    const filtered = await c.put(`${BASE}/${speeding.body.id}`, {
      geofence_filter_value: 1,
      geofences: [f.start.id],
    });
    expect(filtered.body).toMatchObject({ geofence_filter_value: 1, geofences: `${f.start.id}` });
    // changing the type (or the id type) clears the ids
    expect((await c.put(`${BASE}/${speeding.body.id}`, { report_type: 'alerts' })).text).toBe(
      'Por favor seleccione os veículos pretendidos',
    );
    const driver = await c.put(`${BASE}/${speeding.body.id}`, {
      report_ids_type: 'D',
      report_ids: `${f.driver.id}`,
    });
    expect(driver.body).toMatchObject({ report_ids_type: 'D', report_ids: `${f.driver.id}` });
    for (const s of (await c.get(BASE)).body) await c.del(`${BASE}/${s.id}`);
  });

  it('sends a due schedule once by e-mail with the file, and records last_run', async () => {
    const created = await f.manager.client.post(BASE, valid());
    const id = created.body.id;
    const k = reportDb(server.services.db);
    await k
      .updateTable('reportScheduler')
      .set({ createdAt: at(0, 0, 0, 1) })
      .where('id', '=', id)
      .execute();
    const before = smtp.mails.length;
    const monday = at(7, 0, 0, 17); // Monday 17 March: the week of 10 to 16 March
    expect(await runDueSchedules(server.services, monday)).toEqual([id]);
    expect(smtp.mails.length).toBe(before + 1);
    const mail = smtp.mails[smtp.mails.length - 1];
    expect(mail.to.sort()).toEqual(['chefe@x.ao', 'frota@x.ao', 'outro@x.ao']);
    expect(mail.raw).toMatch(/Subject: Viagens semanais/);
    const [file] = attachments(mail);
    expect(file.filename).toMatch(/^trips_2025-03-17_07-00-00\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.content as any);
    const sheet = book.worksheets[0];
    expect(sheet.getCell('A1').value).toBe('Viagens - Camião 1');
    expect(sheet.getCell('A2').value).toBe('10/03/2025 00:00:00 - 16/03/2025 23:59:59');
    expect(sheet.rowCount).toBe(5 + 4 + 1); // title, 2 subtitles, blank, header; 4 trips; total
    const stored = (await f.manager.client.get(`${BASE}/${id}`)).body;
    expect(stored).toMatchObject({ last_run: new Date(monday).toISOString(), last_status: 'sent' });
    expect(await runDueSchedules(server.services, monday + 3_600_000)).toEqual([]);
    expect(smtp.mails.length).toBe(before + 1);
    await f.manager.client.del(`${BASE}/${id}`);
  });

  it('the lease: one holder at a time, renewed by its holder, taken over once expired', async () => {
    const s = server.services;
    expect(await acquireLease(s.db, 'lease-test', 'a', 100, 1000)).toBe(true);
    expect(await acquireLease(s.db, 'lease-test', 'b', 100, 1050)).toBe(false);
    expect(await acquireLease(s.db, 'lease-test', 'a', 100, 1080)).toBe(true);
    expect(await acquireLease(s.db, 'lease-test', 'b', 100, 1150)).toBe(false);
    expect(await acquireLease(s.db, 'lease-test', 'b', 100, 1181)).toBe(true);
    expect(await acquireLease(s.db, 'lease-test', 'a', 100, 1200)).toBe(false);
    await releaseLease(s.db, 'lease-test', 'a');
    expect(await acquireLease(s.db, 'lease-test', 'a', 100, 1210)).toBe(false);
    await releaseLease(s.db, 'lease-test', 'b');
    expect(await acquireLease(s.db, 'lease-test', 'a', 100, 1220)).toBe(true);
    await releaseLease(s.db, 'lease-test', 'a');
  });

  it('two scheduler nodes never both send a run', async () => {
    const created = await f.manager.client.post(BASE, {
      ...valid(),
      report_name: 'Diário',
      report_periodicity: 'D',
      report_format: 'csv',
      report_destination: 'diario@x.ao',
    });
    const k = reportDb(server.services.db);
    await k
      .updateTable('reportScheduler')
      .set({ createdAt: at(0, 0, 0, 1) })
      .where('id', '=', created.body.id)
      .execute();
    const before = smtp.mails.length;
    const now = () => at(6, 0, 0, 11);
    const beats = new Beats(now);
    const holders = ['node-a', 'node-b'];
    const nodes = holders.map((holder) =>
      startReportScheduler(server.services, {
        intervalMs: 50,
        holder,
        now: beats.clock(holder),
        lease: 'test-lease',
      }),
    );
    await smtp.until(() => smtp.mails.length > before, 'the scheduled mail');
    // both nodes beat on: each has had its chance to send the run again (stop waits for a run under way)
    await beats.more(holders, 3);
    // and even two runs at once on the same row send once
    await Promise.all([runDueSchedules(server.services, now()), runDueSchedules(server.services, now())]);
    await Promise.all(nodes.map((n) => n.stop()));
    const sent = smtp.mails.slice(before).filter((m) => m.to.includes('diario@x.ao'));
    expect(sent).toHaveLength(1);
    const [file] = attachments(sent[0]);
    expect(file.filename).toMatch(/^trips_.*\.csv$/);
    expect(file.content.subarray(3).toString('utf8')).toContain('Viagens - Camião 1');
    const leases = await server.services.db.kysely
      .selectFrom('leases')
      .selectAll()
      .where('name', '=', 'test-lease')
      .execute();
    expect(leases).toEqual([]);
  });
});
