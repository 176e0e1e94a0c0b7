import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, type Client, type TestServer } from '../harness';
import { acquireLease } from '../../src/jobs/lease';
import { detectOffline } from '../../src/jobs/offlineDetector';
import { openLive } from '../liveClient';
import { FakeTeltonika } from '../teltonikaDevice';

describe.each(dialects())('jobs on %s', (dialect) => {
  let server: TestServer;
  let admin: Client;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await server.admin();
  });
  afterAll(async () => server.close());

  it('gives a lease to one node at a time until it expires', async () => {
    const db = server.services.db;
    const t = 1_000_000;
    expect(await acquireLease(db, 'job-a', 'node-1', 1000, t)).toBe(true);
    expect(await acquireLease(db, 'job-a', 'node-2', 1000, t + 10)).toBe(false);
    expect(await acquireLease(db, 'job-a', 'node-1', 1000, t + 500)).toBe(true); // renewal
    expect(await acquireLease(db, 'job-a', 'node-2', 1000, t + 1200)).toBe(false); // renewed until t+1500
    expect(await acquireLease(db, 'job-a', 'node-2', 1000, t + 1600)).toBe(true);
    const both = await Promise.all([
      acquireLease(db, 'job-b', 'node-1', 1000, t),
      acquireLease(db, 'job-b', 'node-2', 1000, t),
    ]);
    expect(both.filter(Boolean)).toHaveLength(1);
  });

  it('marks silent devices offline with an event, live, and online again when they report', async () => {
    const imei = '356307042440555';
    const device = (await admin.post('/api/devices', { name: 'Silencioso', uniqueId: imei })).body;
    const live = await openLive(server.base, admin.cookie);
    const dev = new FakeTeltonika(server.teltonika!.tcpPort);
    expect(await dev.connect(imei)).toBe(1);
    expect(await dev.send([{ time: Date.now() - 5000, lat: -8.8, lon: 13.2, ignition: false }])).toBe(1);
    expect((await admin.get(`/api/devices/${device.id}`)).body.status).toBe('online');

    const ids = await detectOffline(
      {
        db: server.services.db,
        live: server.services.live,
        node: 'test-node',
        timeoutMs: 1,
        onOffline: (x) => server.ingest.markOffline(x),
      },
      Date.now() + 1000,
    );
    expect(ids).toContain(device.id);
    expect((await admin.get(`/api/devices/${device.id}`)).body.status).toBe('offline');
    const k = server.services.db.kysely;
    const types = async () =>
      (await k.selectFrom('events').select('type').where('deviceId', '=', device.id).execute()).map(
        (e) => e.type,
      );
    expect(await types()).toContain('deviceOffline');
    const announced = () =>
      live.messages.some((m) => m.devices?.some((d: any) => d.id === device.id && d.status === 'offline'));
    await live.until(announced, 'the vehicle announced offline');
    expect(announced()).toBe(true);

    expect(await dev.send([{ time: Date.now(), lat: -8.8, lon: 13.21, ignition: false }])).toBe(1);
    expect((await types()).filter((t) => t === 'deviceOnline')).toHaveLength(2);
    expect((await admin.get(`/api/devices/${device.id}`)).body.status).toBe('online');
    dev.close();
    live.close();
  });
});
