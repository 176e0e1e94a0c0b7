/**
 * What sets a position's road speed limit (`attributes.speedLimit`, knots): the zones with a limit the
 * vehicle is inside and, with an online geocoder, the road's maxspeed; and the speeding report's "use road
 * limits" (check1) reading it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kmhToKnots } from '@frota/core';
import { dialects, startTestServer, type Client, type TestServer } from '../harness';
import {
  answerJson,
  CANNED_JSONV2,
  startNominatimStub,
  type NominatimStub,
} from '../../src/processing/geocoder/nominatimStub';
import { createGeocoder } from '../../src/processing/geocoder/geocoder';

const ROAD = { lat: -8.81, lon: 13.24 };
const ZONE = { lat: -8.9, lon: 13.1 };

describe('geocoder road limits', () => {
  it('keeps the road limit of a server answer, and asks in the background on a miss', async () => {
    const stub = await startNominatimStub(answerJson({ ...CANNED_JSONV2, extratags: { maxspeed: '60' } }));
    try {
      const geocoder = createGeocoder({ url: stub.url });
      expect(geocoder.roadLimitSync(ROAD.lat, ROAD.lon)).toBeUndefined();
      // a lookup of the spot joins the request asked in the background: once it answers, the limit is kept
      await geocoder.lookup(ROAD.lat, ROAD.lon);
      expect(geocoder.roadLimitSync(ROAD.lat, ROAD.lon)).toBeCloseTo(kmhToKnots(60), 6);
      expect(stub.requests).toHaveLength(1);
      expect(stub.requests[0].query.get('extratags')).toBe('1');
      expect(geocoder.lookupSync(ROAD.lat, ROAD.lon)).toBe(
        'Avenida Comandante Valódia 12, Ingombota, Luanda',
      );
    } finally {
      await stub.close();
    }
    expect(createGeocoder().roadLimitSync(ROAD.lat, ROAD.lon)).toBeUndefined();
  });
});

describe.each(dialects())('road speed limits on positions and in the speeding report (%s)', (dialect) => {
  let server: TestServer;
  let stub: NominatimStub;
  let admin: Client;
  let deviceId: number;
  const t0 = Math.floor(Date.now() / 1000) - 3600;
  const send = (lat: number, lon: number, at: number, kmh: number) =>
    fetch(
      `http://127.0.0.1:${server.osmand!.port}/?id=road-1&lat=${lat}&lon=${lon}&timestamp=${at}&speed=${kmhToKnots(kmh)}&ignition=true`,
    );

  beforeAll(async () => {
    stub = await startNominatimStub(answerJson({ ...CANNED_JSONV2, extratags: { maxspeed: '40' } }));
    server = await startTestServer(dialect, { FROTA_GEOCODER_URL: stub.url });
    admin = await server.admin();
    deviceId = (await admin.post('/api/devices', { name: 'Estrada', uniqueId: 'road-1' })).body.id;
    const zone = await admin.post('/api/geofences', {
      name: 'Escola',
      area: `CIRCLE (${ZONE.lat} ${ZONE.lon}, 500)`,
      attributes: { speedLimit: kmhToKnots(30) },
    });
    await admin.post('/api/permissions', { deviceId, geofenceId: zone.body.id });
  });
  afterAll(async () => {
    await server.close();
    await stub.close();
  });

  const latest = async () =>
    (await admin.get('/api/positions')).body.find((p: { deviceId: number }) => p.deviceId === deviceId);

  it('takes the limit of a zone the vehicle is in', async () => {
    expect((await send(ZONE.lat, ZONE.lon, t0, 50)).status).toBe(200);
    expect((await latest()).attributes.speedLimit).toBeCloseTo(kmhToKnots(30), 6);
  });

  it('takes the road limit the geocoder knows, and the speeding report uses it only when asked', async () => {
    // the first fix on the road asks the geocoder; the ones after it carry the road's limit
    expect((await send(ROAD.lat, ROAD.lon, t0 + 600, 70)).status).toBe(200);
    // the pipeline asked before it answered the fix; a lookup of the spot joins that request, so once it
    // answers the pipeline's geocoder holds the road's limit
    await server.geocoder.lookup(ROAD.lat, ROAD.lon);
    expect(stub.requests.some((r) => r.query.get('lat') === String(ROAD.lat))).toBe(true);
    for (let i = 1; i <= 4; i++)
      expect((await send(ROAD.lat, ROAD.lon, t0 + 600 + i * 10, 70)).status).toBe(200);
    expect((await latest()).attributes.speedLimit).toBeCloseTo(kmhToKnots(40), 6);

    const iso = (s: number) => new Date(s * 1000).toISOString();
    const run = (check1: boolean) =>
      admin.post('/report/report_speeding.php', {
        devices: [deviceId],
        from: iso(t0 + 300),
        to: iso(t0 + 700),
        check1,
      });
    const on = await run(true);
    expect(on.status, on.text).toBe(200);
    const header: string[] = on.body[0].header;
    const [episode] = on.body[0].data;
    expect(episode[header.indexOf('Limite (km/h)')]).toBe(40);
    expect(episode[header.indexOf('Origem do limite')]).toBe('Estrada');
    const off = await run(false);
    expect(off.status).toBe(200);
    expect(off.body).toEqual([]);
  });
});
