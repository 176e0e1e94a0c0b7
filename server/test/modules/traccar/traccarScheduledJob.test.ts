/**
 * Traccar's scheduled reports sent by the job (TaskReports): when a period of the report's calendar ends,
 * the report of its type over that period for the linked vehicles is mailed as xlsx to each linked user
 * (read back from the SMTP capture), once — on both databases, over the seeded report day.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { dialects, startTestServer, type TestServer } from '../../harness';
import { startSmtpCapture, type CapturedMail } from '../../smtpCapture';
import { reportFleet, type ReportFleet } from '../../../src/reports/testing/fleet';
import { at, DAY_M, TRIP1_M } from '../../../src/reports/testing/seedDay';
import { acquireLease } from '../../../src/jobs/lease';
import {
  runScheduledReports,
  SCHEDULED_REPORTS_LEASE,
  startScheduledReports,
  type SentReport,
} from '../../../src/modules/traccar/scheduled/reportJob';
import { periodsEnded } from '../../../src/modules/traccar/scheduled/occurrences';
import { parseCalendar } from '../../../src/events/calendars/calendarContains';

const iso = (ms: number) => new Date(ms).toISOString();
/** Every day in Luanda, midnight to midnight: the seeded day 2025-03-10 is one of its periods. */
const DAILY = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Traccar//NONSGML Traccar//EN',
  'BEGIN:VEVENT',
  'UID:00000000-0000-0000-0000-000000000002',
  'DTSTART;TZID=Africa/Luanda:20250301T000000',
  'DTEND;TZID=Africa/Luanda:20250302T000000',
  'RRULE:FREQ=DAILY',
  'SUMMARY:Diário',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

async function sheetOf(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as never);
  const rows: unknown[][] = [];
  book.worksheets[0].eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

function attachment(mail: CapturedMail): { filename: string; bytes: Buffer } {
  const m =
    /Content-Disposition: attachment;\s*filename=("?)([^"\r\n]+)\1\r\n(?:[^\r\n]+\r\n)*\r\n([A-Za-z0-9+/=\r\n]+)/.exec(
      mail.raw,
    );
  if (!m) throw new Error('no attachment');
  return { filename: m[2], bytes: Buffer.from(m[3].replace(/\r\n/g, ''), 'base64') };
}

describe('calendar periods that ended in a window', () => {
  it('gives each ended Luanda day once, [start, end), oldest first', () => {
    const calendar = parseCalendar(DAILY);
    expect(periodsEnded(calendar, at(12), at(12, 0, 0, 11))).toEqual([{ start: at(0), end: at(24) }]);
    expect(periodsEnded(calendar, at(0) - 1, at(0, 0, 0, 12))).toEqual([
      { start: at(0, 0, 0, 9), end: at(0) },
      { start: at(0), end: at(0, 0, 0, 11) },
      { start: at(0, 0, 0, 11), end: at(0, 0, 0, 12) },
    ]);
    // a period that has not ended yet is not due
    expect(periodsEnded(calendar, at(0) + 1, at(23))).toEqual([]);
  });
});

describe.each(dialects())('scheduled reports mailed by the job (%s)', (dialect) => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let f: ReportFleet;
  let calendarId: number;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(dialect, { FROTA_SMTP_URL: smtp.url });
    // the server's own job stays out: these tests run the job themselves at chosen instants
    await acquireLease(server.services.db, SCHEDULED_REPORTS_LEASE, 'test', 3_600_000);
    f = await reportFleet(server);
    const calendar = await f.admin.post('/api/calendars', {
      name: 'Diário',
      data: Buffer.from(DAILY).toString('base64'),
    });
    calendarId = calendar.body.id;
    expect((await f.admin.post('/api/permissions', { userId: f.manager.id, calendarId })).status).toBe(204);
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  /** Makes the report's last check an instant of the seeded day, as if created then. */
  const checkedAt = (id: number, ms: number) =>
    server.services.db.kysely
      .updateTable('traccarReports')
      .set({ checkedAt: ms })
      .where('id', '=', id)
      .execute();

  it('mails the trips and summary of the ended day to the owner as xlsx, once', async () => {
    const trips = await f.manager.client.post('/api/reports', {
      type: 'trips',
      description: 'Viagens do dia',
      calendarId,
      attributes: {},
    });
    const summary = await f.manager.client.post('/api/reports', {
      type: 'summary',
      description: 'Resumo',
      calendarId,
      attributes: { daily: true },
    });
    expect([trips.status, summary.status]).toEqual([200, 200]);
    expect(
      (
        await f.manager.client.post('/api/permissions/bulk', [
          { deviceId: f.a.id, reportId: trips.body.id },
          { deviceId: f.a.id, reportId: summary.body.id },
        ])
      ).status,
    ).toBe(204);
    await checkedAt(trips.body.id, at(20));
    await checkedAt(summary.body.id, at(20));

    // before the day ends nothing is due; the checks move on
    expect(await runScheduledReports(server.services, at(23))).toEqual([]);
    const sent = await runScheduledReports(server.services, at(24) + 60_000);
    const period = { start: at(0), end: at(24) };
    expect(sent).toEqual([
      { reportId: trips.body.id, userId: f.manager.id, period, status: 'sent' },
      { reportId: summary.body.id, userId: f.manager.id, period, status: 'sent' },
    ]);
    const mails = smtp.mails.filter((m) => m.to.includes('gestor@x.ao'));
    expect(mails).toHaveLength(2);

    const tripsMail = mails.find((m) => m.raw.includes('Viagens do dia'))!;
    const file = attachment(tripsMail);
    expect(file.filename).toBe('trips_2025-03-10_00-00-00.xlsx');
    const rows = await sheetOf(file.bytes);
    const head = rows[2];
    expect(rows.slice(3)).toHaveLength(4);
    expect(rows[3][head.indexOf('deviceName')]).toBe('Camião 1');
    expect(rows[3][head.indexOf('distance')] as number).toBeCloseTo(TRIP1_M, 0);
    expect(rows[3][head.indexOf('startTime')]).toBe(iso(at(8)));

    const summaryRows = await sheetOf(attachment(mails.find((m) => m.raw.includes('Resumo'))!).bytes);
    expect(summaryRows.slice(3)).toHaveLength(1);
    expect(summaryRows[3][summaryRows[2].indexOf('distance')] as number).toBeCloseTo(DAY_M, 0);
    expect(summaryRows[3][summaryRows[2].indexOf('engineHours')]).toBe(70 * 60_000);

    // the same instant again, or a moment later: nothing more is sent
    expect(await runScheduledReports(server.services, at(24) + 60_000)).toEqual([]);
    expect(await runScheduledReports(server.services, at(24) + 120_000)).toEqual([]);
    expect(smtp.mails.filter((m) => m.to.includes('gestor@x.ao'))).toHaveLength(2);
    for (const r of [trips.body.id, summary.body.id])
      expect((await f.manager.client.del(`/api/reports/${r}`)).status).toBe(204);
  });

  it('skips a linked user who may not run the report type, and sends to the others', async () => {
    const report = await f.manager.client.post('/api/reports', { type: 'trips', calendarId });
    const id = report.body.id as number;
    expect((await f.manager.client.post('/api/permissions', { deviceId: f.a.id, reportId: id })).status).toBe(
      204,
    );
    expect((await f.admin.post('/api/permissions', { userId: f.limited.id, reportId: id })).status).toBe(204);
    await checkedAt(id, at(20, 0, 0, 11));
    const before = smtp.mails.length;
    const sent = await runScheduledReports(server.services, at(0, 1, 0, 12));
    const period = { start: at(0, 0, 0, 11), end: at(0, 0, 0, 12) };
    expect(sent).toEqual([
      { reportId: id, userId: f.manager.id, period, status: 'sent' },
      { reportId: id, userId: f.limited.id, period, status: 'Missing permission reports.trips' },
    ]);
    const mail = await smtp.mail(
      (m) => smtp.mails.indexOf(m) >= before && m.to.includes('gestor@x.ao'),
      'the mail to gestor@x.ao',
    );
    // a day without positions: the spreadsheet says so
    expect(await sheetOf(attachment(mail).bytes)).toEqual([['trips'], ['Sem dados.']]);
    expect(smtp.mails.slice(before).filter((m) => m.to.includes('limitado@x.ao'))).toEqual([]);
    expect((await f.manager.client.del(`/api/reports/${id}`)).status).toBe(204);
  });

  it('two nodes running the job at once send a period once (the check is claimed)', async () => {
    const report = await f.manager.client.post('/api/reports', { type: 'stops', calendarId });
    const id = report.body.id as number;
    await f.manager.client.post('/api/permissions', { deviceId: f.a.id, reportId: id });
    await checkedAt(id, at(20));
    const before = smtp.mails.length;
    const sent: SentReport[] = [];
    // each node holds its own lease, so both run, once each (their clock stands still, so no second
    // interval comes): only the claim of the report's check keeps one send. Both runs are awaited.
    let runs = 0;
    let bothRan!: () => void;
    const ran = new Promise<void>((resolve) => (bothRan = resolve));
    const nodes = ['t6-a', 't6-b'].map((lease) =>
      startScheduledReports(server.services, {
        intervalMs: 50,
        firstDelayMs: 0,
        lease,
        now: () => at(24) + 60_000,
        onSent: (list) => {
          sent.push(...list);
          if (++runs === 2) bothRan();
        },
      }),
    );
    await ran;
    await Promise.all(nodes.map((n) => n.stop()));
    expect(sent).toEqual([
      { reportId: id, userId: f.manager.id, period: { start: at(0), end: at(24) }, status: 'sent' },
    ]);
    const mails = smtp.mails.slice(before);
    expect(mails).toHaveLength(1);
    const rows = await sheetOf(attachment(mails[0]).bytes);
    expect(rows.slice(3)).toHaveLength(5);
    expect(rows[4][rows[2].indexOf('startTime')]).toBe(iso(at(8, 30)));
  });
});
