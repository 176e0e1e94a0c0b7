import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../harness';
import { openLive, type LiveClient } from '../liveClient';
import { spawnServer, type ServerProcess } from '../processes';
import { FakeTeltonika } from '../teltonikaDevice';

const pgUrl = process.env.FROTA_TEST_DATABASE_URL;
const redisUrl = process.env.FROTA_TEST_REDIS_URL;
const reason =
  !pgUrl || !redisUrl ? 'two-node test needs FROTA_TEST_DATABASE_URL and FROTA_TEST_REDIS_URL' : '';
if (reason) console.warn(`skipped: ${reason}`);

describe.skipIf(Boolean(reason))('two server nodes sharing PostgreSQL and Redis', () => {
  const dbName = `frota_two_${Date.now()}_${process.pid}`;
  let a: ServerProcess;
  let b: ServerProcess;
  const admin = { email: 'admin@frota.local', password: 'two-nodes-pass' };
  const url = pgUrl ? pgUrl.replace(/\/[^/]*$/, `/${dbName}`) : '';

  beforeAll(async () => {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`CREATE DATABASE ${dbName}`);
    await c.end();
    // debug: node B logs when its sockets see by a change made on node A
    const env = {
      FROTA_DATABASE_URL: url,
      FROTA_REDIS_URL: redisUrl!,
      FROTA_ADMIN_PASSWORD: admin.password,
      FROTA_LOG_LEVEL: 'debug',
    };
    a = await spawnServer(env);
    b = await spawnServer(env);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.end();
  });

  it('delivers a position decoded on node A to a socket on node B, and permission changes without reconnecting', async () => {
    const onA = new Client(a.base);
    const onB = new Client(b.base);
    expect((await onA.login(admin.email, admin.password)).status).toBe(200);
    expect((await onB.login(admin.email, admin.password)).status).toBe(200);
    const imei = '356307042440777';
    const device = (await onB.post('/api/devices', { name: 'Dois nós', uniqueId: imei })).body;
    const user = (
      await onA.post('/api/users', {
        name: 'Observador',
        email: 'obs@x.ao',
        password: 'obs-pass-1',
        attributes: { permissions: ['map.online'] },
      })
    ).body;
    const observer = new Client(b.base);
    expect((await observer.login('obs@x.ao', 'obs-pass-1')).status).toBe(200);

    const adminLive = await openLive(b.base, onB.cookie);
    const observerLive = await openLive(b.base, observer.cookie);
    const dev = new FakeTeltonika(a.teltonikaPort);
    expect(await dev.connect(imei)).toBe(1);
    expect(await dev.send([{ time: Date.now() - 2000, lat: -8.81, lon: 13.23, ignition: true }])).toBe(1);
    const onDevice = (live: LiveClient) => live.positions().filter((p) => p.deviceId === device.id);
    await adminLive.until(() => onDevice(adminLive).length >= 1, 'the position on node B');
    expect(onDevice(adminLive).length).toBe(1);
    // node B delivered it to both its sockets at once: what the observer was sent came before the pong
    await observerLive.roundTrip();
    expect(observerLive.positions()).toEqual([]);

    // Linked through node A: node B's socket of the observer sees the next position, no reconnect.
    const from = b.output().length;
    expect((await onA.post('/api/permissions', { userId: user.id, deviceId: device.id })).status).toBe(204);
    await b.waitForOutput(/"kind":"links"[^\n]*live scopes refreshed after a change on another node/, from);
    expect(await dev.send([{ time: Date.now(), lat: -8.812, lon: 13.231, ignition: true }])).toBe(1);
    await observerLive.until(() => onDevice(observerLive).length >= 1, 'the next position for the observer');
    expect(onDevice(observerLive).length).toBe(1);
    dev.close();
    adminLive.close();
    observerLive.close();
  }, 60_000);
});
