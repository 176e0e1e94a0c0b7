/**
 * Traccar's position exports (KML, GPX, CSV parsed back), position deletes with the access policy, and the
 * server statistics, over the seeded report day (server/src/reports/testing/seedDay.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { haversineDistance } from '@frota/core';
import { dialects, startTestServer, userClient, type Client, type TestServer } from '../../harness';
import { reportFleet, type ReportFleet } from '../../../src/reports/testing/fleet';
import { at, DAY_M, START } from '../../../src/reports/testing/seedDay';
import { metresPerLonDegree } from '../../../src/reports/testing/track';
import { csvCell } from '@frota/core/csv';
import { toJson } from '../../../src/db/mapping';
import { positionRow, recordAt } from '../../positionRecords';

const iso = (ms: number) => new Date(ms).toISOString();
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false });
const parseXml = (text: string) => {
  expect(XMLValidator.validate(text)).toBe(true);
  return parser.parse(text);
};
/** The CSV cells of every line (the export quotes nothing in the seeded day: no commas or quotes). */
const csvLines = (text: string) =>
  text
    .split('\r\n')
    .filter(Boolean)
    .map((l) => l.split(','));

describe('CSV cells', () => {
  it('neutralises formula-like text with a quote, quotes separators, writes objects as JSON', () => {
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell(' @cmd ')).toBe("' @cmd ");
    expect(csvCell('Rua 1, Luanda')).toBe('"Rua 1, Luanda"');
    expect(csvCell('diz "olá"')).toBe('"diz ""olá"""');
    expect(csvCell(-8.8)).toBe('-8.8');
    expect(csvCell(null)).toBe('');
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
  });
});

describe.each(dialects())('Traccar position exports, deletes and statistics (%s)', (dialect) => {
  let server: TestServer;
  let f: ReportFleet;
  let viewer: Client;
  let writer: { client: Client; id: number };
  let readonly: Client;
  const day = `from=${iso(at(0))}&to=${iso(at(24) - 1)}`;
  const lastLon = START.longitude + DAY_M / metresPerLonDegree(START.latitude);

  const raw = async (client: Client, path: string) => {
    const res = await fetch(server.base + path, { headers: { cookie: client.cookie } });
    return {
      status: res.status,
      type: res.headers.get('content-type') ?? '',
      disposition: res.headers.get('content-disposition'),
      text: await res.text(),
    };
  };
  const dayPositions = async (deviceId: number) =>
    server.services.db.kysely
      .selectFrom('positions')
      .selectAll()
      .where('deviceId', '=', deviceId)
      .where('fixTime', '>=', at(0))
      .where('fixTime', '<', at(24))
      .orderBy('fixTime')
      .execute();

  beforeAll(async () => {
    server = await startTestServer(dialect);
    f = await reportFleet(server);
    const user = (email: string, permissions: string[], extra: Record<string, unknown> = {}) =>
      userClient(server, f.admin, {
        email,
        attributes: { permissions, timezone: 'Africa/Luanda' },
        ...extra,
      });
    viewer = (await user('historico@x.ao', ['map.history'])).client;
    writer = await user('escritor@x.ao', ['map.history', 'settings.devices']);
    const ro = await user('leitura@x.ao', ['map.history', 'settings.devices'], { readonly: true });
    readonly = ro.client;
    const viewerId = (await f.admin.get('/api/users')).body.find((u: any) => u.email === 'historico@x.ao').id;
    const links = await f.admin.post('/api/permissions/bulk', [
      { userId: viewerId, groupId: f.group.id },
      { userId: writer.id, groupId: f.group.id },
      { userId: ro.id, groupId: f.group.id },
    ]);
    expect(links.status, links.text).toBeLessThan(300);
    // the vehicle's latest position is the last one of the day
    const last = (await dayPositions(f.a.id)).at(-1)!;
    await server.services.db.kysely
      .updateTable('devices')
      .set({ positionId: Number(last.id) })
      .where('id', '=', f.a.id)
      .execute();
  });
  afterAll(async () => server.close());

  it('KML: the day as one line of longitude,latitude,altitude, named by vehicle and period', async () => {
    const r = await raw(viewer, `/api/positions/kml?deviceId=${f.a.id}&${day}`);
    expect(r.status, r.text).toBe(200);
    expect(r.type).toContain('application/vnd.google-earth.kml+xml');
    expect(r.disposition).toBe('attachment; filename=positions.kml');
    const kml = parseXml(r.text).kml;
    expect(kml['@xmlns']).toBe('http://www.opengis.net/kml/2.2');
    expect(kml.Document.name).toBe('Camião 1');
    expect(kml.Document.Placemark.name).toBe('2025-03-10 00:00 - 2025-03-10 23:59');
    expect(kml.Document.Placemark.LineString.altitudeMode).toBe('absolute');
    const coords: string[] = kml.Document.Placemark.LineString.coordinates.split(' ');
    expect(coords).toHaveLength(f.positions);
    expect(coords[0]).toBe('13.200000,-8.800000,0.000000');
    expect(coords.at(-1)).toBe(`${lastLon.toFixed(6)},-8.800000,0.000000`);
  });

  it('GPX: one track point per position with its place and fix time', async () => {
    const r = await raw(viewer, `/api/positions/gpx?deviceId=${f.a.id}&${day}`);
    expect(r.status, r.text).toBe(200);
    expect(r.type).toContain('application/gpx+xml');
    const gpx = parseXml(r.text).gpx;
    expect(gpx['@version']).toBe('1.0');
    expect(gpx.trk.name).toBe('Camião 1');
    const points = gpx.trk.trkseg.trkpt;
    expect(points).toHaveLength(f.positions);
    expect(points[0]).toEqual({ '@lat': '-8.8', '@lon': '13.2', ele: '0', time: iso(at(7)) });
    expect(Number(points.at(-1)['@lon'])).toBeCloseTo(lastLon, 9);
    expect(points.at(-1).time).toBe(iso(at(16, 30, 30)));
  });

  it('CSV: Traccar columns, then one column per attribute; local times', async () => {
    const r = await raw(viewer, `/api/positions/csv?deviceId=${f.a.id}&${day}`);
    expect(r.status, r.text).toBe(200);
    expect(r.type).toContain('text/csv');
    expect(r.disposition).toBe('attachment; filename=positions.csv');
    const [header, ...rows] = csvLines(r.text);
    expect(header).toEqual([
      ...['id', 'deviceId', 'protocol', 'serverTime', 'deviceTime', 'fixTime', 'valid', 'latitude'],
      ...['longitude', 'altitude', 'speed', 'course', 'address', 'accuracy'],
      ...['driverUniqueId', 'fuel', 'hours', 'ignition', 'in2', 'speedLimit', 'totalDistance'],
    ]);
    expect(rows).toHaveLength(f.positions);
    const first = Object.fromEntries(header.map((h, i) => [h, rows[0][i]]));
    expect(first).toMatchObject({
      deviceId: String(f.a.id),
      protocol: 'test',
      fixTime: '2025-03-10 07:00:00',
      valid: 'true',
      latitude: '-8.8',
      longitude: '13.2',
      address: '',
      driverUniqueId: '',
      fuel: '50',
      ignition: 'false',
      totalDistance: '10000000',
    });
    const withDriver = rows.filter((row) => row[header.indexOf('driverUniqueId')] === 'RFID0001');
    expect(withDriver.length).toBe(80); // 10:00-10:40, every 30 s
  });

  it('CSV with a zone: only the positions inside it', async () => {
    const center = { latitude: -8.8, longitude: Number(/CIRCLE \(\S+ (\S+),/.exec(f.client.area)![1]) };
    const inside = (await dayPositions(f.a.id)).filter(
      (p) => haversineDistance(center, { latitude: p.latitude, longitude: p.longitude }) <= 300,
    );
    expect(inside.length).toBeGreaterThan(5);
    const r = await raw(
      f.manager.client,
      `/api/positions/csv?deviceId=${f.a.id}&geofenceId=${f.client.id}&${day}`,
    );
    expect(r.status).toBe(403); // the manager holds report permissions, not map.history
    const ok = await raw(f.admin, `/api/positions/csv?deviceId=${f.a.id}&geofenceId=${f.client.id}&${day}`);
    const [, ...rows] = csvLines(ok.text);
    expect(rows.map((row) => Number(row[0]))).toEqual(inside.map((p) => Number(p.id)));
  });

  it('exports answer 404 for a vehicle or zone the user does not see, 400 without a period', async () => {
    expect((await raw(viewer, `/api/positions/kml?deviceId=${f.hidden.id}&${day}`)).status).toBe(404);
    const zone = await f.admin.post('/api/geofences', { name: 'Oculta', area: 'CIRCLE (-8.8 13.2, 50)' });
    expect(
      (await raw(viewer, `/api/positions/gpx?deviceId=${f.a.id}&geofenceId=${zone.body.id}&${day}`)).status,
    ).toBe(404);
    expect((await raw(viewer, `/api/positions/csv?deviceId=${f.a.id}`)).status).toBe(400);
    expect((await raw(server.client(), `/api/positions/kml?deviceId=${f.a.id}&${day}`)).status).toBe(401);
  });

  it('statistics: per UTC day for an administrator, 403 for a user', async () => {
    const r = await f.admin.get('/api/statistics?from=2025-03-09T00:00:00Z&to=2025-03-10T23:59:59Z');
    expect(r.status, r.text).toBe(200);
    expect(r.body).toHaveLength(2);
    expect(r.body[1]).toEqual({
      id: Date.UTC(2025, 2, 10) / 86_400_000,
      captureTime: '2025-03-10T00:00:00.000Z',
      activeUsers: 0,
      activeDevices: 1,
      requests: 0,
      messagesReceived: f.positions,
      messagesStored: f.positions,
      mailSent: 0,
      smsSent: 0,
      geocoderRequests: 0,
      geolocationRequests: 0,
      protocols: { test: f.positions },
      attributes: {},
    });
    // the 22:00 (21:00 UTC) position of the day before
    expect(r.body[0]).toMatchObject({
      captureTime: '2025-03-09T00:00:00.000Z',
      messagesStored: 1,
      activeDevices: 1,
    });
    const now = Date.now();
    const today = await f.admin.get(`/api/statistics?from=${iso(now)}&to=${iso(now)}`);
    // admin, manager, limited and the three users of this file logged in today
    expect(today.body).toHaveLength(1);
    expect(today.body[0]).toMatchObject({ activeUsers: 6, activeDevices: 0, messagesStored: 0 });
    expect((await f.manager.client.get(`/api/statistics?${day}`)).status).toBe(403);
    expect(
      (await f.admin.get('/api/statistics?from=2024-01-01T00:00:00Z&to=2025-03-10T00:00:00Z')).status,
    ).toBe(400);
  });

  it('DELETE /api/positions: a period, with the access policy, leaving no orphans', async () => {
    const db = server.services.db;
    const afternoon = (await dayPositions(f.a.id)).filter((p) => Number(p.fixTime) >= at(15));
    expect(afternoon.map((p) => Number(p.fixTime))).toEqual([
      at(15),
      at(15, 0, 30),
      at(15, 30, 30),
      at(16, 0, 30),
      at(16, 30, 30),
    ]);
    const [event] = await db.kysely
      .insertInto('events')
      .values({
        type: 'alarm',
        eventTime: at(15),
        deviceId: f.a.id,
        positionId: Number(afternoon[0].id),
        geofenceId: null,
        attributes: toJson({ alarm: 'sos' }),
      })
      .returning('id')
      .execute();
    const period = `deviceId=${f.a.id}&from=${iso(at(15))}&to=${iso(at(24) - 1)}`;
    expect((await readonly.del(`/api/positions?${period}`)).status).toBe(403);
    expect((await viewer.del(`/api/positions?${period}`)).status).toBe(403);
    expect((await writer.client.del(`/api/positions?deviceId=${f.hidden.id}&${day}`)).status).toBe(404);
    expect((await writer.client.del(`/api/positions?deviceId=${f.a.id}`)).status).toBe(400);
    expect((await dayPositions(f.a.id)).length).toBe(f.positions);

    const r = await writer.client.del(`/api/positions?${period}`);
    expect(r.status, r.text).toBe(204);
    const left = await dayPositions(f.a.id);
    expect(left.length).toBe(f.positions - 5);
    const device = (await f.admin.get('/api/devices')).body.find((d: any) => d.id === f.a.id);
    const latest = (await f.admin.get(`/api/positions?id=${device.positionId}`)).body;
    expect(latest.map((p: any) => p.fixTime)).toEqual([iso(at(14, 40))]);
    const kept = await f.admin.get(`/api/events/${Number(event.id)}`);
    expect(kept.body).toMatchObject({ type: 'alarm', positionId: 0 });
  });

  it("DELETE /api/positions/{id}: one position; 404 for another user's vehicle", async () => {
    const db = server.services.db;
    const [hiddenPosition] = await db.kysely
      .insertInto('positions')
      .values(positionRow(db.dialect, recordAt(f.hidden.id, at(9), { latitude: -8.9, longitude: 13.3 })))
      .returning('id')
      .execute();
    expect((await writer.client.del(`/api/positions/${Number(hiddenPosition.id)}`)).status).toBe(404);
    expect((await writer.client.del('/api/positions/999999999')).status).toBe(404);
    const [first] = await dayPositions(f.a.id);
    expect((await readonly.del(`/api/positions/${Number(first.id)}`)).status).toBe(403);
    expect((await writer.client.del(`/api/positions/${Number(first.id)}`)).status).toBe(204);
    expect((await f.admin.get(`/api/positions?id=${Number(first.id)}`)).body).toEqual([]);
    expect((await dayPositions(f.a.id)).length).toBe(f.positions - 6);
    expect((await f.admin.del(`/api/positions/${Number(hiddenPosition.id)}`)).status).toBe(204);
  });
});
