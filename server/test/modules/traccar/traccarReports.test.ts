/**
 * Traccar's report routes with `/{type}` (xlsx read back, mail received over SMTP), and the combined,
 * geofences and devices reports, over the seeded report day (server/src/reports/testing/seedDay.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { dialects, startTestServer, type Client, type TestServer } from '../../harness';
import { startSmtpCapture, type CapturedMail } from '../../smtpCapture';
import { reportFleet, type ReportFleet } from '../../../src/reports/testing/fleet';
import { at, DAY_M, TRIP1_M } from '../../../src/reports/testing/seedDay';
import { toJson } from '../../../src/db/mapping';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const iso = (ms: number) => new Date(ms).toISOString();

async function sheetOf(bytes: ArrayBuffer | Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as never);
  const sheet = book.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: sheet.name, rows };
}

/** The base64 attachment of a raw MIME message. */
function attachment(mail: CapturedMail): { filename: string; bytes: Buffer } {
  const m =
    /Content-Disposition: attachment;\s*filename=("?)([^"\r\n]+)\1\r\n(?:[^\r\n]+\r\n)*\r\n([A-Za-z0-9+/=\r\n]+)/.exec(
      mail.raw,
    );
  if (!m) throw new Error('no attachment');
  return { filename: m[2], bytes: Buffer.from(m[3].replace(/\r\n/g, ''), 'base64') };
}

describe.each(dialects())('Traccar report routes /{type}, combined, geofences, devices (%s)', (dialect) => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let f: ReportFleet;
  let period: string;
  let alarmPosition: number;

  const download = async (client: Client, path: string, accept?: string) => {
    const headers: Record<string, string> = { cookie: client.cookie };
    if (accept) headers.accept = accept;
    const res = await fetch(server.base + path, { headers });
    return { status: res.status, headers: res.headers, bytes: await res.arrayBuffer() };
  };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(dialect, { FROTA_SMTP_URL: smtp.url });
    f = await reportFleet(server);
    period = `from=${iso(at(0))}&to=${iso(at(24) - 1)}`;
    const db = server.services.db;
    const position = await db.kysely
      .selectFrom('positions')
      .select('id')
      .where('deviceId', '=', f.a.id)
      .where('fixTime', '=', at(12, 10))
      .executeTakeFirstOrThrow();
    alarmPosition = Number(position.id);
    const event = (type: string, time: number, positionId: number | null, geofenceId: number | null) => ({
      type,
      eventTime: time,
      deviceId: f.a.id,
      positionId,
      geofenceId,
      attributes: toJson(type === 'alarm' ? { alarm: 'lowBattery' } : {}),
    });
    await db.kysely
      .insertInto('events')
      .values([
        event('alarm', at(12, 10), alarmPosition, null),
        event('deviceMoving', at(12, 10), alarmPosition, null),
        event('geofenceExit', at(8, 1), null, f.start.id),
        event('geofenceExit', at(10), null, f.client.id),
      ])
      .execute();
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  const KINDS: Array<{ kind: string; query: string; rows: number; check: (rows: unknown[][]) => void }> = [
    {
      kind: 'route',
      query: '',
      rows: 0,
      check: (rows) => expect(rows[2].slice(0, 3)).toEqual(['id', 'deviceId', 'protocol']),
    },
    {
      kind: 'events',
      query: '&type=alarm',
      rows: 3,
      check: (rows) => expect(rows.slice(3).map((r) => r[1])).toEqual(['alarm', 'alarm', 'alarm']),
    },
    {
      kind: 'trips',
      query: '',
      rows: 4,
      check: (rows) => {
        const h = rows[2];
        expect(rows[3][h.indexOf('deviceName')]).toBe('Camião 1');
        expect(rows[3][h.indexOf('distance')] as number).toBeCloseTo(TRIP1_M, 0);
        expect(rows[3][h.indexOf('startTime')]).toBe(iso(at(8)));
      },
    },
    {
      kind: 'stops',
      query: '',
      rows: 5,
      check: (rows) => expect(rows[4][rows[2].indexOf('startTime')]).toBe(iso(at(8, 30))),
    },
    {
      kind: 'summary',
      query: '',
      rows: 1,
      check: (rows) => {
        expect(rows[3][rows[2].indexOf('distance')] as number).toBeCloseTo(DAY_M, 0);
        expect(rows[3][rows[2].indexOf('engineHours')]).toBe(70 * 60_000);
      },
    },
  ];

  it.each(KINDS)('/api/reports/$kind/xlsx: the rows of the JSON answer as a spreadsheet', async (k) => {
    const path = `/api/reports/${k.kind}?deviceId=${f.a.id}&${period}${k.query}`;
    const json = await f.manager.client.get(path);
    expect(json.status, json.text).toBe(200);
    const expected = k.rows || f.positions;
    expect(json.body).toHaveLength(expected);
    const r = await download(f.manager.client, path.replace(`/${k.kind}?`, `/${k.kind}/xlsx?`));
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe(XLSX);
    expect(r.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="${k.kind}_`));
    const { name, rows } = await sheetOf(r.bytes);
    expect(name).toBe(k.kind);
    expect(rows[0]).toEqual([k.kind]);
    expect(rows[2]).toEqual(Object.keys(json.body[0]));
    expect(rows).toHaveLength(3 + expected);
    k.check(rows);
  });

  it('/api/reports/{kind}/mail: 204, then the spreadsheet mailed to the user', async () => {
    const r = await f.manager.client.get(`/api/reports/trips/mail?deviceId=${f.a.id}&${period}`);
    expect(r.status, r.text).toBe(204);
    const mail = await smtp.mail((m) => m.to.includes('gestor@x.ao'), 'the mail to gestor@x.ao');
    expect(mail.raw).toContain('Subject: =?UTF-8?Q?Relat=C3=B3rio_trips?=');
    const file = attachment(mail);
    expect(file.filename).toMatch(/^trips_2\d{3}-\d\d-\d\d_\d\d-\d\d-\d\d\.xlsx$/);
    const { rows } = await sheetOf(file.bytes);
    expect(rows).toHaveLength(3 + 4);
    expect(rows[3][rows[2].indexOf('startTime')]).toBe(iso(at(8)));
    // errors still answer before anything is mailed
    expect(
      (await f.manager.client.get(`/api/reports/trips/mail?deviceId=${f.hidden.id}&${period}`)).status,
    ).toBe(404);
    expect((await f.limited.client.get(`/api/reports/stops/mail?deviceId=${f.a.id}&${period}`)).status).toBe(
      403,
    );
    expect((await f.manager.client.get(`/api/reports/trips/pdf?deviceId=${f.a.id}&${period}`)).status).toBe(
      400,
    );
  });

  it('events: % for every type, comma-separated types, alarms by name', async () => {
    const base = `/api/reports/events?deviceId=${f.a.id}&${period}`;
    expect((await f.manager.client.get(`${base}&type=%25`)).body).toHaveLength(9);
    const some = await f.manager.client.get(`${base}&type=alarm,deviceOverspeed&alarm=sos`);
    expect(some.body.map((e: any) => [e.type, e.attributes.alarm ?? null])).toEqual([
      ['deviceOverspeed', null],
      ['alarm', 'sos'],
    ]);
  });

  it('the plain path answers a spreadsheet when Accept asks for one', async () => {
    const r = await download(f.manager.client, `/api/reports/stops?deviceId=${f.a.id}&${period}`, XLSX);
    expect(r.headers.get('content-type')).toBe(XLSX);
    expect((await sheetOf(r.bytes)).rows).toHaveLength(3 + 5);
  });

  it('combined: route pairs, events with a position (not deviceMoving) and their positions', async () => {
    const r = await f.manager.client.get(`/api/reports/combined?groupId=${f.group.id}&${period}`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.map((i: any) => i.deviceId)).toEqual([f.a.id, f.b.id]);
    const [a, b] = r.body;
    expect(a.route).toHaveLength(f.positions);
    expect(a.route[0]).toEqual([13.2, -8.8]);
    expect(a.events.map((e: any) => [e.type, e.attributes.alarm, e.positionId])).toEqual([
      ['alarm', 'lowBattery', alarmPosition],
    ]);
    expect(a.positions.map((p: any) => [p.id, p.fixTime])).toEqual([[alarmPosition, iso(at(12, 10))]]);
    expect(b).toEqual({ deviceId: f.b.id, route: [], events: [], positions: [] });
    expect(
      (await f.manager.client.get(`/api/reports/combined?deviceId=${f.hidden.id}&${period}`)).status,
    ).toBe(404);
    expect((await f.limited.client.get(`/api/reports/combined?deviceId=${f.a.id}&${period}`)).status).toBe(
      403,
    );
  });

  it('geofences: stays from enter to exit of the zones asked for', async () => {
    const all = await f.manager.client.get(`/api/reports/geofences?deviceId=${f.a.id}&${period}`);
    expect(all.status, all.text).toBe(200);
    expect(all.body).toEqual([
      {
        deviceId: f.a.id,
        deviceName: 'Camião 1',
        geofenceId: f.client.id,
        startTime: iso(at(8, 30)),
        endTime: iso(at(10)),
        distance: 0,
        averageSpeed: 0,
        maxSpeed: 0,
        spentFuel: 0,
        startOdometer: 0,
        endOdometer: 0,
      },
    ]);
    const start = await f.manager.client.get(
      `/api/reports/geofences?deviceId=${f.a.id}&geofenceId=${f.start.id}&${period}`,
    );
    expect(start.body).toEqual([]);
    const other = await f.admin.post('/api/geofences', { name: 'Outra', area: 'CIRCLE (-8.8 13.2, 50)' });
    const hidden = await f.manager.client.get(
      `/api/reports/geofences?deviceId=${f.a.id}&geofenceId=${other.body.id}&${period}`,
    );
    expect(hidden.status).toBe(404);
    expect((await f.limited.client.get(`/api/reports/geofences?deviceId=${f.a.id}&${period}`)).status).toBe(
      403,
    );
  });

  it('devices/xlsx lists the vehicles the user sees; devices/mail mails it', async () => {
    const r = await download(f.manager.client, '/api/reports/devices/xlsx');
    expect(r.status).toBe(200);
    const { rows } = await sheetOf(r.bytes);
    expect(rows[2]).toEqual([
      'name',
      'uniqueId',
      'phone',
      'model',
      'contact',
      'status',
      'lastUpdate',
      'address',
    ]);
    expect(rows.slice(3).map((row) => row.slice(0, 2))).toEqual([
      ['Camião 1', 'REP0001'],
      ['Camião 2', 'REP0002'],
    ]);
    const admin = await sheetOf((await download(f.admin, '/api/reports/devices/xlsx')).bytes);
    expect(admin.rows.slice(3).map((row) => row[0])).toEqual(['Camião 1', 'Camião 2', 'Outro']);
    const mailed = await f.limited.client.get('/api/reports/devices/mail');
    expect(mailed.status).toBe(204);
    const mail = await smtp.mail((m) => m.to.includes('limitado@x.ao'), 'the mail to limitado@x.ao');
    expect((await sheetOf(attachment(mail).bytes)).rows).toHaveLength(3 + 2);
    expect((await f.manager.client.get('/api/reports/devices/pdf')).status).toBe(400);
  });
});
