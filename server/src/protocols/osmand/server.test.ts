import { request } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deferred, memoryLog, MemorySink } from '../testing/memorySink';
import { pause } from '../testing/fakeDevice';
import { startOsmand, type OsmandListener } from './server';

let sink: MemorySink;
let listener: OsmandListener;
let base: string;

beforeEach(async () => {
  sink = new MemorySink(['phone-1', '123456']);
  listener = await startOsmand({ port: 0, host: '127.0.0.1', sink, log: memoryLog() });
  base = `http://127.0.0.1:${listener.port}`;
});

afterEach(() => listener.close());

describe('OsmAnd HTTP listener', () => {
  it('binds a real port when asked for port 0', () => {
    expect(listener.port).toBeGreaterThan(0);
  });

  it('stores a GET fix and answers 200 with an empty body', async () => {
    const res = await fetch(
      `${base}/?id=123456&timestamp=1714564800&lat=-8.8383&lon=13.2343&speed=5&batt=80`,
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
    expect(sink.stored).toHaveLength(1);
    expect(sink.stored[0]).toMatchObject({
      uniqueId: '123456',
      latitude: -8.8383,
      longitude: 13.2343,
      speed: 5,
    });
    expect(sink.stored[0].attributes).toEqual({ batteryLevel: 80 });
  });

  it('accepts a POST with the fields in the query string', async () => {
    const res = await fetch(`${base}/?id=123456&lat=1&lon=2`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(sink.stored).toHaveLength(1);
  });

  it('stores a form POST', async () => {
    const res = await fetch(`${base}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'deviceid=123456&lat=-8.8&lon=13.2&bearing=15&ignition=true',
    });
    expect(res.status).toBe(200);
    expect(sink.stored[0]).toMatchObject({ uniqueId: '123456', course: 15 });
    expect(sink.stored[0].attributes).toEqual({ ignition: true });
  });

  it('stores a background-geolocation JSON POST with several locations', async () => {
    const location = (latitude: number) => ({
      timestamp: '2024-05-01T12:00:00Z',
      coords: { latitude, longitude: 13.2, speed: 1, heading: 10, altitude: 5, accuracy: 3 },
      battery: { level: 0.9, is_charging: true },
      is_moving: false,
    });
    const res = await fetch(`${base}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ location: [location(-8.8), location(-8.9)], device_id: 'phone-1' }),
    });
    expect(res.status).toBe(200);
    expect(sink.stored.map((p) => p.latitude)).toEqual([-8.8, -8.9]);
    expect(sink.stored[0].attributes).toMatchObject({ batteryLevel: 90, charge: true, motion: false });
  });

  it('answers 400 for an unknown device and stores nothing', async () => {
    const res = await fetch(`${base}/?id=stranger&lat=1&lon=2`);
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/unknown device/);
    expect(sink.storeCalls).toBe(0);
  });

  it('answers 400 for a request without coordinates', async () => {
    const res = await fetch(`${base}/?id=123456&timestamp=1714564800`);
    expect(res.status).toBe(400);
    expect(sink.storeCalls).toBe(0);
  });

  it('answers 400 for bad JSON', async () => {
    const res = await fetch(`${base}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(res.status).toBe(400);
  });

  it('answers 200 only after the store has committed', async () => {
    const gate = deferred();
    sink.beforeCommit = () => gate.promise;
    let status = 0;
    const request = fetch(`${base}/?id=123456&lat=1&lon=2`).then((res) => {
      status = res.status;
    });
    await sink.until(() => sink.storeCalls === 1, 'the store call');
    // clock: a window for an early answer; none is sent while the store is held (that is the point), and
    // no other request on any connection is answered in order after this one
    await pause(80);
    expect(status).toBe(0);
    gate.resolve();
    await request;
    expect(status).toBe(200);
    expect(sink.stored).toHaveLength(1);
  });

  it('answers 500 when the store fails, so the app sends the fix again', async () => {
    sink.beforeCommit = async () => {
      throw new Error('disk full');
    };
    const res = await fetch(`${base}/?id=123456&lat=1&lon=2`);
    expect(res.status).toBe(500);
    expect(sink.stored).toHaveLength(0);
  });

  it('answers 405 to other methods', async () => {
    const res = await fetch(`${base}/?id=123456&lat=1&lon=2`, { method: 'PUT' });
    expect(res.status).toBe(405);
    expect(sink.storeCalls).toBe(0);
  });

  it('answers 413 to an oversized body', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const size = 2 * 1024 * 1024;
      const req = request(
        {
          host: '127.0.0.1',
          port: listener.port,
          method: 'POST',
          path: '/?id=123456',
          headers: { 'content-length': size },
        },
        (res) => {
          resolve(res.statusCode ?? 0);
          res.resume();
        },
      );
      req.on('error', reject);
      req.write(Buffer.alloc(size, 0x61));
    });
    expect(status).toBe(413);
    expect(sink.storeCalls).toBe(0);
  });
});
