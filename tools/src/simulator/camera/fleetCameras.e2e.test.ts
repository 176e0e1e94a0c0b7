/** The simulator's camera vehicles against a real server: camreq through the Teltonika session, files through the camera listener. */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../../../server/test/harness';
import { changesOf, openLive } from '../../../../server/test/liveClient';
import { startSimulator } from '../run';
import { loadPhotos } from './media';
import { CAMREQ_ANSWER } from './simulatedCamera';

const IMEI = '356307042447701';

describe('simulated fleet with cameras against a real server', () => {
  let server: TestServer;
  let admin: Client;
  let deviceId: number;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
    admin = await server.admin();
    deviceId = (
      await admin.post('/api/devices', { name: 'Táxi 7', uniqueId: IMEI, attributes: { has_camera: 1 } })
    ).body.id;
  });
  afterAll(async () => {
    await server.close();
  });

  it('a camera vehicle answers the camera request and its photo reaches the camera list', async () => {
    const sim = startSimulator({
      devices: 1,
      protocol: 'teltonika',
      host: '127.0.0.1',
      port: server.teltonika!.tcpPort,
      ids: [IMEI],
      speedup: 1,
      historyHours: 0,
      maxBatch: 25,
      seed: 4,
      cameras: 'all',
      cameraPort: server.camera!.port,
      cameraEveryMinutes: 0,
      // the clips are made once and kept between runs
      cacheDir: join(tmpdir(), 'frota-camsim-cache'),
    });
    const live = await openLive(server.base, admin.cookie);
    try {
      // the first record acknowledged: the server holds the tracker's session (polled: the simulator
      // announces nothing, and this is before anything reaches the socket)
      await expect.poll(() => sim.stats().records, { timeout: 10_000 }).toBeGreaterThan(0);
      const res = await admin.post('/report/api.php/camera', { deviceId, type: 'photo', camera: 2 });
      expect(res.status).toBe(200);
      expect(res.body.result).toBe(CAMREQ_ANSWER);
      // the photo stored is announced on the socket
      await live.until(
        () => changesOf(live.messages, 'cameraMedia').some((c) => c.deviceId === deviceId),
        'the photo announced',
      );
      const rear: { url: string; status: string } | undefined = (
        await admin.get(`/report/api.php/cameras/${deviceId}`)
      ).body[0]?.media_rear;
      expect(rear?.status).toBe('ready');
      const bytes = await fetch(server.base + rear!.url, { headers: { cookie: admin.cookie } });
      expect(Buffer.from(await bytes.arrayBuffer()).equals((await loadPhotos()).R)).toBe(true);
      // counted once the camera's session is over (polled: the simulator announces nothing)
      await expect.poll(() => sim.stats().cameraFiles, { timeout: 10_000 }).toBe(1);
      expect(sim.stats()).toMatchObject({ cameras: 1, errors: 0 });
      expect(sim.status()).toMatch(/cameras 1: 1 files uploaded/);
      // the tracker reports both cameras with their SD card OK
      const row = (await admin.get(`/report/api.php/cameras/${deviceId}`)).body[0];
      expect(row).toMatchObject({ io497: 3, io498: 3 });
    } finally {
      live.close();
      await sim.stop();
    }
  }, 60_000);
});
