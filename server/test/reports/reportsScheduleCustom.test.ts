/**
 * Scheduled specific reports (document 2 §2.5): luanda speeding, vista waste, detailed activity and the
 * three castel types, each under its permission, validated and sent with the seeded day's figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, userClient, type Client, type TestServer } from '../harness';
import { startSmtpCapture, type CapturedMail } from '../smtpCapture';
import { reportFleet, type ReportFleet } from '../../src/reports/testing/fleet';
import { at, DAY_TZ } from '../../src/reports/testing/seedDay';
import { runDueSchedules } from '../../src/reports/scheduler';
import { reportDb } from '../../src/reports/schedules/store';

const BASE = '/report/api.php/report_scheduler';
const CUSTOM = [
  'custom_reports.luanda_speeding',
  'custom_reports.vista_waste',
  'custom_reports.detailed_activity',
  'custom_reports.castel_daily',
];

/** The CSV attachment of a mail as rows of cells (RFC 4180, after the BOM). */
function csvRows(mail: CapturedMail): { filename: string; rows: string[][] } {
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(mail.raw)![1];
  const part = mail.raw.split(`--${boundary}`).find((p) => /filename=/.test(p))!;
  const filename = /filename="?([^";\r\n]+)"?/.exec(part)![1];
  const base64 = part
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('')
    .replace(/[\r\n-]/g, '');
  const text = Buffer.from(base64, 'base64').subarray(3).toString('utf8');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return { filename, rows };
}

describe.each(dialects())('scheduled specific reports (%s)', (dialect) => {
  let server: TestServer;
  let f: ReportFleet;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  /** every custom schedule permission, the fleet's group and zones */
  let chief: Client;
  let chiefId: number;
  /** reports.schedules and one custom permission each */
  const only: Record<string, Client> = {};

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(dialect, { FROTA_SMTP_URL: smtp.url });
    f = await reportFleet(server);
    const chiefUser = await userClient(server, f.admin, {
      email: 'chefe@x.ao',
      attributes: { permissions: ['reports.schedules', ...CUSTOM], timezone: 'Africa/Luanda' },
    });
    chief = chiefUser.client;
    chiefId = chiefUser.id;
    const links: Array<Record<string, number>> = [
      { userId: chiefId, groupId: f.group.id },
      { userId: chiefId, geofenceId: f.start.id },
      { userId: chiefId, geofenceId: f.client.id },
    ];
    for (const permission of [...CUSTOM, 'custom_reports.castel_monthly']) {
      const user = await userClient(server, f.admin, {
        email: `${permission.split('.')[1]}@x.ao`,
        attributes: { permissions: ['reports.schedules', permission] },
      });
      only[permission] = user.client;
      links.push(
        { userId: user.id, groupId: f.group.id },
        { userId: user.id, geofenceId: f.start.id },
        { userId: user.id, geofenceId: f.client.id },
      );
    }
    const linked = await f.admin.post('/api/permissions/bulk', links);
    expect(linked.status, linked.text).toBeLessThan(300);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const schedule = (report_type: string, extra: Record<string, unknown> = {}) => ({
    report_name: `Agendado ${report_type}`,
    report_type,
    report_ids: `${f.a.id}`,
    report_ids_type: 'V',
    report_periodicity: 'W',
    report_day: 1,
    report_format: 'csv',
    report_destination: `${report_type}@frota.ao`,
    geofences: report_type === 'vista_waste' ? `${f.start.id},${f.client.id}` : '',
    ...extra,
  });

  it('offers each custom type only with its permission; castel daily unlocks the three castel types', async () => {
    const status = async (c: Client, type: string) => {
      const created = await c.post(BASE, schedule(type));
      if (created.status === 200) await c.del(`${BASE}/${created.body.id}`);
      return created.status;
    };
    const types = [
      'luanda_speeding',
      'vista_waste',
      'detailed_activity',
      'castel_daily',
      'castel_monthly',
      'castel_monthly_detailed',
    ];
    const allowed = async (c: Client) => {
      const out: string[] = [];
      for (const type of types) if ((await status(c, type)) === 200) out.push(type);
      return out;
    };
    expect(await allowed(only['custom_reports.luanda_speeding'])).toEqual(['luanda_speeding']);
    expect(await allowed(only['custom_reports.vista_waste'])).toEqual(['vista_waste']);
    expect(await allowed(only['custom_reports.detailed_activity'])).toEqual(['detailed_activity']);
    expect(await allowed(only['custom_reports.castel_daily'])).toEqual([
      'castel_daily',
      'castel_monthly',
      'castel_monthly_detailed',
    ]);
    // the monthly castel permission alone opens its report, not its schedule (§2.5: castel_daily does)
    expect(await allowed(only['custom_reports.castel_monthly'])).toEqual([]);
    expect(await status(only['custom_reports.luanda_speeding'], 'castel_monthly')).toBe(403);
    // the standard manager has none of them
    expect(await allowed(f.manager.client)).toEqual([]);
    // the catalogue lists the reports the user may run: castel_daily stands for its family
    const catalogue = (await chief.get('/report/api.php/reports')).body as Array<{
      name: string;
      schedulable: boolean;
    }>;
    expect(
      catalogue
        .filter((entry) => entry.schedulable)
        .map((entry) => entry.name)
        .sort(),
    ).toEqual(['castel_daily', 'detailed_activity', 'luanda_speeding', 'vista_waste']);
  });

  it('by driver where the report runs by driver; vista waste needs its zones and always filters by them', async () => {
    const byDriver = (type: string) =>
      chief.post(BASE, schedule(type, { report_ids_type: 'D', report_ids: `${f.driver.id}` }));
    for (const type of ['detailed_activity', 'luanda_speeding']) {
      const created = await byDriver(type);
      expect(created.status, created.text).toBe(200);
      expect(created.body).toMatchObject({ report_ids_type: 'D', report_ids: `${f.driver.id}` });
      await chief.del(`${BASE}/${created.body.id}`);
    }
    for (const type of ['vista_waste', 'castel_daily', 'castel_monthly'])
      expect(await byDriver(type)).toMatchObject({
        status: 400,
        text: 'Relatório disponível apenas por veículo',
      });

    expect(await chief.post(BASE, schedule('vista_waste', { geofences: '' }))).toMatchObject({
      status: 400,
      text: 'Por favor seleccione as zonas pretendidas',
    });
    const round = await chief.post(BASE, schedule('vista_waste', { geofence_filter_value: 0 }));
    expect(round.body).toMatchObject({
      geofence_filter_value: 1,
      geofences: `${f.start.id},${f.client.id}`,
    });
    // a zone the user does not see is not found
    const hidden = await f.admin.post('/api/geofences', { name: 'Oculta', area: 'CIRCLE (-8 13, 100)' });
    expect((await chief.put(`${BASE}/${round.body.id}`, { geofences: `${hidden.body.id}` })).status).toBe(
      404,
    );
    await chief.del(`${BASE}/${round.body.id}`);
  });

  it('sends each custom type with its options and the seeded day’s figures', async () => {
    const k = reportDb(server.services.db);
    const create = async (type: string, extra: Record<string, unknown> = {}, createdAt = at(0, 0, 0, 1)) => {
      const created = await chief.post(BASE, schedule(type, extra));
      expect(created.status, created.text).toBe(200);
      await k.updateTable('reportScheduler').set({ createdAt }).where('id', '=', created.body.id).execute();
      return created.body.id as number;
    };
    // the weekly ones after their 10 March slot: first sent on 17 March
    const weekly = at(2, 0, 0, 10);
    const ids = {
      luanda: await create('luanda_speeding', { text1_value: '50', text2_value: '95' }, weekly),
      vista: await create('vista_waste', {}, weekly),
      detailed: await create(
        'detailed_activity',
        { report_ids_type: 'D', report_ids: `${f.driver.id}` },
        weekly,
      ),
      daily: await create('castel_daily', { report_periodicity: 'D', report_ids: `${f.a.id},${f.b.id}` }),
      // created after its 1 March slot: its first run is on 1 April
      monthly: await create(
        'castel_monthly',
        { report_periodicity: 'M', report_day: 1, report_ids: `${f.a.id},${f.b.id}` },
        at(0, 0, 0, 2),
      ),
    };
    const before = smtp.mails.length;
    const mailTo = (address: string) => {
      const mail = smtp.mails
        .slice(before)
        .reverse()
        .find((m) => m.to.includes(address));
      expect(mail, address).toBeDefined();
      return csvRows(mail!);
    };
    const column = (rows: string[][], first: string, title: string) =>
      rows[rows.findIndex((row) => row[0] === first)].indexOf(title);

    // Tuesday 11 March 07:00: the daily one, for the seeded day
    expect(await runDueSchedules(server.services, at(7, 0, 0, 11))).toEqual([ids.daily]);
    const daily = mailTo('castel_daily@frota.ao');
    expect(daily.filename).toMatch(/^castel_daily_2025-03-11_07-00-00\.csv$/);
    expect(daily.rows[0][0]).toBe('Castel diário');
    expect(daily.rows[1][0]).toBe('10/03/2025 00:00:00 - 10/03/2025 23:59:59');
    const dailyKm = column(daily.rows, 'Data', 'Distância (km)');
    const dailyTrips = column(daily.rows, 'Data', 'Viagens');
    const dayRows = daily.rows.filter((row) => row[0] === '10/03/2025');
    expect(dayRows.map((row) => [row[1], Number(row[dailyKm]), Number(row[dailyTrips])])).toEqual([
      ['Camião 1', 51.4, 4],
      ['Camião 2', 0, 0],
    ]);

    // Monday 17 March 07:00: the weekly ones (10 to 16 March) and the daily one (16 March, no positions)
    const monday = at(7, 0, 0, 17);
    expect((await runDueSchedules(server.services, monday)).sort()).toEqual(
      [ids.luanda, ids.vista, ids.detailed, ids.daily].sort(),
    );
    expect(mailTo('castel_daily@frota.ao').rows.flat()).toContain('Sem dados.');

    const luanda = mailTo('luanda_speeding@frota.ao');
    expect(luanda.filename).toMatch(/^luanda_speeding_2025-03-17_07-00-00\.csv$/);
    expect(luanda.rows[0][0]).toBe('Excessos de velocidade Luanda - Camião 1');
    expect(luanda.rows[1][0]).toBe('10/03/2025 00:00:00 - 16/03/2025 23:59:59');
    // the schedule's limits reach the report
    expect(luanda.rows.flat().join(' ')).toContain(
      'Limite dentro das zonas: 50 km/h · Limite fora das zonas: 95 km/h',
    );
    // trip 1's 100 km/h stretch, 08:10 to 08:12
    expect(luanda.rows.some((row) => row[0].startsWith('10/03/2025 08:1'))).toBe(true);

    const vista = mailTo('vista_waste@frota.ao');
    const visits = vista.rows.filter((row) => row.includes('Visitada'));
    // the round's two zones, each visited on the seeded day
    expect(visits.map((row) => row.find((cell) => cell === 'Partida' || cell === 'Cliente'))).toEqual([
      'Partida',
      'Cliente',
    ]);

    const detailed = mailTo('detailed_activity@frota.ao');
    expect(detailed.rows[0][0]).toBe('Actividade detalhada - João');

    // 1 April 07:00: the monthly one, for March, sent although its owner holds castel_daily, not
    // castel_monthly (§2.5): Camião 1's seeded day, 51.4 km; Camião 2 nothing
    const april = DAY_TZ.toUtc(2025, 4, 1, 7);
    expect(await runDueSchedules(server.services, april)).toContain(ids.monthly);
    const monthly = mailTo('castel_monthly@frota.ao');
    expect(monthly.rows[0][0]).toBe('Castel mensal');
    expect(monthly.rows[1][0]).toBe('01/03/2025 00:00:00 - 31/03/2025 23:59:59');
    const km = column(monthly.rows, 'Veículo', 'Distância (km)');
    expect(km).toBeGreaterThan(0);
    const truck = monthly.rows.find((row) => row[0] === 'Camião 1')!;
    const other = monthly.rows.find((row) => row[0] === 'Camião 2')!;
    expect(Number(truck[km])).toBe(51.4);
    expect(Number(other[km])).toBe(0);

    const stored = (await chief.get(BASE)).body as Array<{ id: number; last_status: string }>;
    expect(stored.filter((s) => Object.values(ids).includes(s.id)).map((s) => s.last_status)).toEqual([
      'sent',
      'sent',
      'sent',
      'sent',
      'sent',
    ]);
  });
});
