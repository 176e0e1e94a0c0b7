/**
 * Street photos (GET /report/mapillary.php): an empty list without a Mapillary token (and no call made);
 * with one, the Graph API query and the answer mapped to {id, thumb_256_url, distance}, nearest first.
 * Mapillary is played by a local HTTP server (FROTA_MAPILLARY_URL).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shapeDialects, startTestServer, userClient, type Client, type TestServer } from '../../harness';

const POINT = { lat: -8.8, lon: 13.2 };
const METRE_LAT = 1 / 111_320;

interface Seen {
  path: string;
  query: URLSearchParams;
}

/** A stand-in for graph.mapillary.com: records the calls, answers three images around POINT. */
async function fakeMapillary(): Promise<{ url: string; seen: Seen[]; server: Server }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    seen.push({ path: url.pathname, query: url.searchParams });
    const image = (id: string, metresNorth: number) => ({
      id,
      thumb_256_url: `https://img.example/${id}.jpg`,
      computed_geometry: { type: 'Point', coordinates: [POINT.lon, POINT.lat + metresNorth * METRE_LAT] },
    });
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({ data: [image('far', 60), image('near', 5), image('middle', 30), { id: 'broken' }] }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

const query = (extra = '') =>
  `/report/mapillary.php?lat=${POINT.lat}&lon=${POINT.lon}&heading=90&userId=1${extra}`;

describe.each(shapeDialects())('street photos (%s)', (dialect) => {
  let fake: Awaited<ReturnType<typeof fakeMapillary>>;
  let withToken: TestServer;
  let withoutToken: TestServer;
  let viewer: Client;
  let device: number;
  let hidden: number;
  beforeAll(async () => {
    fake = await fakeMapillary();
    withToken = await startTestServer(dialect, {
      FROTA_MAPILLARY_TOKEN: 'MLY|test-token',
      FROTA_MAPILLARY_URL: fake.url,
    });
    withoutToken = await startTestServer(dialect, { FROTA_MAPILLARY_URL: fake.url });
    const admin = await withToken.admin();
    device = (await admin.post('/api/devices', { name: 'Carro', uniqueId: 'MLY1' })).body.id;
    hidden = (await admin.post('/api/devices', { name: 'Outro', uniqueId: 'MLY2' })).body.id;
    const u = await userClient(withToken, admin, {
      email: 'fotos@x.ao',
      attributes: { permissions: ['map.history'] },
    });
    await admin.post('/api/permissions', { userId: u.id, deviceId: device });
    viewer = u.client;
  });
  afterAll(async () => {
    await withToken.close();
    await withoutToken.close();
    await new Promise((resolve) => fake.server.close(resolve));
  });

  it('answers an empty list without a token, calling nobody', async () => {
    const admin = await withoutToken.admin();
    const before = fake.seen.length;
    const r = await admin.get(query());
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual([]);
    expect(fake.seen.length).toBe(before);
  });

  it('asks Mapillary around the point and answers the photos nearest first, in metres', async () => {
    const before = fake.seen.length;
    const r = await viewer.get(query(`&deviceId=${device}&positinId=7`));
    expect(r.status, r.text).toBe(200);
    expect(r.body.map((p: any) => p.id)).toEqual(['near', 'middle', 'far']);
    expect(r.body[0]).toEqual({
      id: 'near',
      thumb_256_url: 'https://img.example/near.jpg',
      distance: expect.any(Number),
    });
    expect(r.body.map((p: any) => Math.round(p.distance))).toEqual([5, 30, 60]);
    expect(fake.seen.length).toBe(before + 1);
    const call = fake.seen.at(-1)!;
    expect(call.path).toBe('/images');
    expect(call.query.get('access_token')).toBe('MLY|test-token');
    expect(call.query.get('fields')).toBe('id,thumb_256_url,computed_geometry');
    expect(Number(call.query.get('limit'))).toBeGreaterThan(0);
    const [minLon, minLat, maxLon, maxLat] = call.query.get('bbox')!.split(',').map(Number);
    expect(minLon).toBeLessThan(POINT.lon);
    expect(maxLon).toBeGreaterThan(POINT.lon);
    expect(minLat).toBeLessThan(POINT.lat);
    expect(maxLat).toBeGreaterThan(POINT.lat);
  });

  it('checks the permission, the vehicle and the point', async () => {
    const admin = await withToken.admin();
    const plain = await userClient(withToken, admin, {
      email: 'semhistoria@x.ao',
      attributes: { permissions: ['map.online'] },
    });
    expect((await plain.client.get(query())).status).toBe(403);
    expect((await viewer.get(query(`&deviceId=${hidden}`))).status).toBe(404);
    expect((await withToken.client().get(query())).status).toBe(401);
    expect((await viewer.get('/report/mapillary.php?lat=95&lon=13')).status).toBe(400);
    expect((await viewer.get('/report/mapillary.php?lon=13')).status).toBe(400);
  });
});
