/**
 * The camera calls of document 3 §7 (issue 21): camreq requests reaching a Teltonika tracker as Codec 12
 * (live and queued), the cameras and media lists, media bytes with HTTP ranges, delete, and the access
 * policy (permission module.cameras, vehicles the user sees, read-only users).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, userClient, type Client, type TestServer } from '../../harness';
import { FakeTeltonika, answerCommand, avlRecord, readCommand } from '../../teltonikaDevice';
import { CODEC_8E, encodeAvlData, encodeTcpFrame, ioElement } from '../../../src/protocols';
import { pendingCommands } from '../../../src/processing/pendingCommands';
import { saveCameraMedia } from '../../../src/modules/cameras/media/mediaStore';
import { changesOf, openLive } from '../../liveClient';

const IMEI = '356307042441111';
const IMEI_PLAIN = '356307042442222';
const IMEI_OTHER = '356307042443333';
const CAMERA_HOST = 'cams.frota.test';
const API = '/report/api.php';
const DAY = 86_400_000;

/** Bytes 0..n-1 repeating, so any slice is recognisable. */
const sample = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => i % 251));

describe.each(dialects())('camera calls on %s', (dialect) => {
  let server: TestServer;
  let admin: Client;
  let operator: Client;
  let reader: Client;
  let noPermission: Client;
  let stranger: Client;
  let cameraId: number;
  let plainId: number;
  let otherId: number;
  let port: number;

  beforeAll(async () => {
    server = await startTestServer(dialect, { FROTA_CAMERA_HOST: CAMERA_HOST, FROTA_CAMERA_PORT: '0' });
    port = server.services.config.cameraPort;
    expect(port).toBe(server.camera!.port);
    expect(port).toBeGreaterThan(0);
    admin = await server.admin();
    const device = async (name: string, uniqueId: string, attributes: Record<string, unknown>) =>
      (await admin.post('/api/devices', { name, uniqueId, attributes })).body.id as number;
    cameraId = await device('Carrinha 01', IMEI, { has_camera: 1, license_plate: 'LD-12-34-AB' });
    plainId = await device('Sem Câmara', IMEI_PLAIN, {});
    otherId = await device('Outra Frota', IMEI_OTHER, { has_camera: true });
    const user = async (email: string, fields: Record<string, unknown>, devices: number[]) => {
      const u = await userClient(server, admin, { email, ...fields });
      for (const deviceId of devices) await admin.post('/api/permissions', { userId: u.id, deviceId });
      return u.client;
    };
    const cameras = { permissions: ['module.cameras'], timezone: 'Africa/Luanda' };
    operator = await user('operadora@x.ao', { attributes: cameras }, [cameraId, plainId]);
    reader = await user('leitor@x.ao', { readonly: true, attributes: cameras }, [cameraId]);
    noPermission = await user('mapa@x.ao', { attributes: { permissions: ['map.online'] } }, [cameraId]);
    stranger = await user('outro@x.ao', { attributes: cameras }, [otherId]);
  });
  afterAll(async () => server?.close());

  const ask = (client: Client, body: Record<string, unknown>) => client.post(`${API}/camera`, body);
  /** A tracker on its live connection whose latest record carries the camera IOs (Codec 8E: 2-byte ids). */
  const connect = async () => {
    const dev = new FakeTeltonika(server.teltonika!.tcpPort);
    expect(await dev.connect(IMEI)).toBe(1);
    const record = avlRecord({ time: Date.now() - 1000, lat: -8.8, lon: 13.2 });
    record.io.push(ioElement(497, 1, 1), ioElement(498, 1, 3));
    dev.write(encodeTcpFrame(encodeAvlData(CODEC_8E, [record])));
    expect((await dev.read(4)).readUInt32BE(0)).toBe(1);
    return dev;
  };
  /** Closes the fake tracker and waits until the server has let its session go. */
  const disconnect = async (dev: FakeTeltonika) => {
    dev.close();
    // polled: the listener announces no change of its in-memory state
    await expect.poll(() => server.teltonika!.stats().devices, { timeout: 10_000 }).toBe(0);
  };

  it('describes every camera call in the OpenAPI document', async () => {
    const doc = (await admin.get('/api/openapi.json')).body;
    for (const [path, method] of [
      ['/report/api.php/cameras', 'get'],
      ['/report/api.php/cameras/{deviceId}', 'get'],
      ['/report/api.php/camera/{deviceId}/{from}/{to}', 'get'],
      ['/report/api.php/camera', 'post'],
      ['/report/api.php/media', 'delete'],
      ['/report/api.php/media/{id}', 'get'],
      ['/report/api.php/media/{id}', 'delete'],
      ['/report/api.php/media/{id}/{name}', 'get'],
    ])
      expect(doc.paths[path]?.[method]?.summary, `${method} ${path}`).toMatch(/\S/);
    const body = doc.paths['/report/api.php/camera'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual([
      'deviceId',
      'type',
      'camera',
      'videoDateTime',
      'videoDuration',
    ]);
  });

  describe('POST camera', () => {
    it('sends a photo request for both cameras (default 3), timestamped now, on the live connection', async () => {
      const dev = await connect();
      const before = Math.floor(Date.now() / 1000);
      const pending = ask(operator, { deviceId: cameraId, type: 'photo' });
      const text = await readCommand(dev);
      const after = Math.floor(Date.now() / 1000);
      const m = /^camreq:1,3,(\d+),0,([^,]+),(\d+)$/.exec(text);
      expect(m, text).not.toBeNull();
      expect(Number(m![1])).toBeGreaterThanOrEqual(before);
      expect(Number(m![1])).toBeLessThanOrEqual(after);
      expect(m![2]).toBe(CAMERA_HOST);
      expect(Number(m![3])).toBe(port);
      answerCommand(dev, 'Camera request accepted');
      const res = await pending;
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        state: 'answered',
        result: 'Camera request accepted',
        message: 'Comando enviado com sucesso',
        command: text,
      });
      await disconnect(dev);
    });

    it('asks a video from the given start, with the duration clamped to 5..10 s (default 10)', async () => {
      const dev = await connect();
      const start = Math.floor(Date.now() / 1000) - 600;
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ camera: 1, videoDuration: 30 }, `camreq:0,1,${start},10,${CAMERA_HOST},${port}`],
        [{ camera: 2, videoDuration: 1 }, `camreq:0,2,${start},5,${CAMERA_HOST},${port}`],
        [{ camera: '3', videoDuration: '7' }, `camreq:0,3,${start},7,${CAMERA_HOST},${port}`],
        [{}, `camreq:0,3,${start},10,${CAMERA_HOST},${port}`],
      ];
      for (const [extra, expected] of cases) {
        const pending = ask(operator, { deviceId: cameraId, type: 'video', videoDateTime: start, ...extra });
        expect(await readCommand(dev)).toBe(expected);
        answerCommand(dev, 'ok');
        expect((await pending).status).toBe(200);
      }
      // a start in milliseconds is read as seconds
      const pending = ask(operator, { deviceId: cameraId, type: 'video', videoDateTime: start * 1000 + 999 });
      expect(await readCommand(dev)).toBe(`camreq:0,3,${start},10,${CAMERA_HOST},${port}`);
      answerCommand(dev, 'ok');
      expect((await pending).status).toBe(200);
      await disconnect(dev);
    });

    it('queues the request while the vehicle is offline and delivers it when it reports', async () => {
      const start = Math.floor(Date.now() / 1000) - 120;
      const res = await ask(operator, {
        deviceId: String(cameraId),
        type: 'video',
        camera: 2,
        videoDateTime: start,
        videoDuration: 8,
      });
      const text = `camreq:0,2,${start},8,${CAMERA_HOST},${port}`;
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ state: 'queued', message: 'Comando enviado com sucesso', command: text });
      expect((await pendingCommands(server.services.db, cameraId)).map((c) => c.text)).toEqual([text]);
      const dev = await connect();
      expect(await readCommand(dev)).toBe(text);
      answerCommand(dev, 'ok');
      // marked delivered once answered: polled (rows; the device is told nothing more)
      await expect
        .poll(async () => (await pendingCommands(server.services.db, cameraId)).length, { timeout: 10_000 })
        .toBe(0);
      await disconnect(dev);
    });

    it('refuses bad input with 400 and a clear message', async () => {
      const bad = async (body: Record<string, unknown>, pattern: RegExp) => {
        const res = await ask(operator, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.text).toMatch(pattern);
      };
      await bad({ deviceId: cameraId, type: 'audio' }, /type/);
      for (const camera of [4, 0, 1.5, 'both'])
        await bad(
          { deviceId: cameraId, type: 'photo', camera },
          /camera must be 1 \(road\), 2 \(driver\) or 3/,
        );
      await bad({ deviceId: cameraId, type: 'video' }, /videoDateTime is required/);
      await bad({ deviceId: cameraId, type: 'video', videoDateTime: 'ontem' }, /videoDateTime/);
      await bad({ deviceId: cameraId, type: 'video', videoDateTime: 1, videoDuration: 'x' }, /videoDuration/);
      await bad({ type: 'photo' }, /deviceId/);
      await bad({ deviceId: plainId, type: 'photo' }, /^Veículo sem câmara \(has_camera\)$/);
      expect(await pendingCommands(server.services.db, plainId)).toEqual([]);
    });

    it('needs module.cameras, a writer, and a vehicle the user sees', async () => {
      expect((await ask(reader, { deviceId: cameraId, type: 'photo' })).status).toBe(403);
      expect((await ask(noPermission, { deviceId: cameraId, type: 'photo' })).status).toBe(403);
      expect((await ask(stranger, { deviceId: cameraId, type: 'photo' })).status).toBe(404);
      expect((await ask(server.client(), { deviceId: cameraId, type: 'photo' })).status).toBe(401);
      expect(await pendingCommands(server.services.db, cameraId)).toEqual([]);
    });
  });

  describe('lists and media', () => {
    // 2026-03-10 12:00 UTC; Luanda is UTC+1
    const base = Date.UTC(2026, 2, 10, 12);
    const ids: Record<string, number> = {};
    const photo = sample(3000);
    const video = sample(50_000);

    beforeAll(async () => {
      const db = server.services.db;
      const save = (key: string, input: Parameters<typeof saveCameraMedia>[1]) =>
        saveCameraMedia(db, input).then((id) => (ids[key] = id));
      await save('oldFront', {
        deviceId: cameraId,
        type: 'P',
        camera: 'F',
        time: base - DAY,
        content: sample(10),
      });
      await save('front', {
        deviceId: cameraId,
        type: 'P',
        camera: 'F',
        time: base,
        trigger: 8,
        latitude: -8.81,
        longitude: 13.23,
        address: 'Avenida 4 de Fevereiro, Luanda',
        content: photo,
      });
      await save('rearVideo', {
        deviceId: cameraId,
        type: 'V',
        camera: 'R',
        time: base + 3_600_000,
        duration: 10,
        content: video,
      });
      // 23:30 UTC is 00:30 of the next day in Luanda
      await save('lateNight', {
        deviceId: cameraId,
        type: 'V',
        camera: 'F',
        time: Date.UTC(2026, 2, 10, 23, 30),
        raw: sample(100),
      });
      await save('failed', {
        deviceId: cameraId,
        type: 'V',
        camera: 'R',
        time: base - 2 * DAY,
        status: 'failed',
        raw: sample(100),
      });
      await save('other', { deviceId: otherId, type: 'P', camera: 'R', time: base, content: sample(20) });
    });

    it('lists the camera vehicles the user sees with their latest road and driver media', async () => {
      const res = await operator.get(`${API}/cameras`);
      expect(res.status).toBe(200);
      expect(res.body.map((v: any) => v.deviceId)).toEqual([cameraId]);
      const [row] = res.body;
      expect(row).toMatchObject({
        id: cameraId,
        name: 'Carrinha 01',
        license_plate: 'LD-12-34-AB',
        io497: 1,
        io498: 3,
      });
      // the latest F is the late-night video (still processing), the latest R the converted video
      expect(row.media_front).toMatchObject({
        id: ids.lateNight,
        type: 'V',
        camera: 'F',
        status: 'processing',
      });
      expect(row.media_rear).toMatchObject({
        id: ids.rearVideo,
        type: 'V',
        camera: 'R',
        status: 'ready',
        mime: 'video/mp4',
        size: video.length,
        duration: 10,
        camera_date: '2026-03-10 14:00:00',
        cameraDate: '2026-03-10T13:00:00.000Z',
        trigger: 'server',
        trigger_mask: 0,
        url: `${API}/media/${ids.rearVideo}`,
        download: `${API}/media/${ids.rearVideo}/Carrinha%2001`,
      });
      const all = await admin.get(`${API}/cameras`);
      expect(all.body.map((v: any) => v.name)).toEqual(['Carrinha 01', 'Outra Frota']);
      expect(all.body[1].media_front).toBeNull();
      expect(all.body[1].media_rear.id).toBe(ids.other);
    });

    it('answers one vehicle as a one-item list for the camera dialog', async () => {
      const res = await operator.get(`${API}/cameras/${cameraId}`);
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(1);
      expect(res.body[0].media_front.id).toBe(ids.lateNight);
      expect(res.body[0].media_rear.id).toBe(ids.rearVideo);
      expect((await operator.get(`${API}/cameras/${plainId}`)).status).toBe(404);
      expect((await operator.get(`${API}/cameras/abc`)).status).toBe(400);
    });

    it('lists media of a period in the user timezone, newest first', async () => {
      const day = await operator.get(`${API}/camera/${cameraId}/2026-03-10/2026-03-10`);
      expect(day.status).toBe(200);
      expect(day.body.map((m: any) => m.id)).toEqual([ids.rearVideo, ids.front]);
      expect(day.body[1]).toMatchObject({
        type: 'P',
        camera: 'F',
        camera_date: '2026-03-10 13:00:00',
        trigger: 'crash',
        trigger_mask: 8,
        latitude: -8.81,
        longitude: 13.23,
        address: 'Avenida 4 de Fevereiro, Luanda',
        size: photo.length,
        mime: 'image/jpeg',
      });
      const week = await operator.get(`${API}/camera/${cameraId}/2026-03-08/2026-03-11`);
      expect(week.body.map((m: any) => m.id)).toEqual([
        ids.lateNight,
        ids.rearVideo,
        ids.front,
        ids.oldFront,
        ids.failed,
      ]);
      expect(week.body[0].camera_date).toBe('2026-03-11 00:30:00');
      const bad = await operator.get(`${API}/camera/${cameraId}/2026-03-11/2026-03-10`);
      expect(bad.status).toBe(400);
      expect(bad.text).toBe('The period ends before it begins');
      const malformed = await operator.get(`${API}/camera/${cameraId}/2026-02-30/2026-03-10`);
      expect(malformed.status).toBe(400);
      expect(malformed.text).toMatch(/Invalid date 2026-02-30/);
    });

    const fetchMedia = (client: Client, path: string, headers: Record<string, string> = {}) =>
      fetch(server.base + path, { headers: { cookie: client.cookie, ...headers } });

    it('serves the bytes inline and as a download named after the vehicle', async () => {
      const res = await fetchMedia(operator, `${API}/media/${ids.front}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      expect(res.headers.get('content-disposition')).toMatch(
        /^inline; filename="photo_F_20260310_120000\.jpg"$/,
      );
      expect(Buffer.from(await res.arrayBuffer()).equals(photo)).toBe(true);

      const file = await fetchMedia(
        operator,
        `${API}/media/${ids.front}/${encodeURIComponent('Carrinha 01')}`,
      );
      expect(file.status).toBe(200);
      expect(file.headers.get('content-disposition')).toBe(
        'attachment; filename="Carrinha-01_photo_F_20260310_120000.jpg"',
      );
      expect(Buffer.from(await file.arrayBuffer()).equals(photo)).toBe(true);
      const forced = await fetchMedia(operator, `${API}/media/${ids.front}?download=1`);
      expect(forced.headers.get('content-disposition')).toMatch(/^attachment;/);
    });

    it('answers HTTP ranges for video seeking: 206 with exact bytes, 416 out of range', async () => {
      const path = `${API}/media/${ids.rearVideo}`;
      const mid = await fetchMedia(operator, path, { range: 'bytes=1000-1999' });
      expect(mid.status).toBe(206);
      expect(mid.headers.get('content-range')).toBe(`bytes 1000-1999/${video.length}`);
      expect(mid.headers.get('content-length')).toBe('1000');
      expect(mid.headers.get('content-type')).toBe('video/mp4');
      expect(Buffer.from(await mid.arrayBuffer()).equals(video.subarray(1000, 2000))).toBe(true);

      const open = await fetchMedia(operator, path, { range: 'bytes=49990-' });
      expect(open.status).toBe(206);
      expect(open.headers.get('content-range')).toBe(`bytes 49990-49999/${video.length}`);
      expect(Buffer.from(await open.arrayBuffer()).equals(video.subarray(49990))).toBe(true);

      const tail = await fetchMedia(operator, path, { range: 'bytes=-100' });
      expect(tail.status).toBe(206);
      expect(tail.headers.get('content-range')).toBe(`bytes 49900-49999/${video.length}`);
      expect(Buffer.from(await tail.arrayBuffer()).equals(video.subarray(49900))).toBe(true);

      const beyond = await fetchMedia(operator, path, { range: 'bytes=50000-50100' });
      expect(beyond.status).toBe(416);
      expect(beyond.headers.get('content-range')).toBe(`bytes */${video.length}`);

      const past = await fetchMedia(operator, path, { range: 'bytes=49000-99999' });
      expect(past.status).toBe(206);
      expect(past.headers.get('content-range')).toBe(`bytes 49000-49999/${video.length}`);

      const head = await fetch(server.base + path, { method: 'HEAD', headers: { cookie: operator.cookie } });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(video.length));
      expect(head.headers.get('accept-ranges')).toBe('bytes');

      const whole = await fetchMedia(operator, path, { range: 'bytes=0-9,20-29' });
      expect(whole.status).toBe(200);
      expect(Buffer.from(await whole.arrayBuffer()).equals(video)).toBe(true);
    });

    it('says when a video is still processing or failed to convert', async () => {
      const processing = await operator.get(`${API}/media/${ids.lateNight}`);
      expect(processing.status).toBe(202);
      expect(processing.headers.get('retry-after')).toBe('5');
      expect(processing.body).toEqual({ status: 'processing', message: 'Vídeo em processamento' });
      const failed = await operator.get(`${API}/media/${ids.failed}`);
      expect(failed.status).toBe(422);
      expect(failed.body).toEqual({ status: 'failed', message: 'Falha na conversão do vídeo' });
    });

    it("keeps other users' media out of reach and needs module.cameras", async () => {
      expect((await stranger.get(`${API}/cameras/${cameraId}`)).status).toBe(404);
      expect((await stranger.get(`${API}/camera/${cameraId}/2026-03-10/2026-03-10`)).status).toBe(404);
      expect((await stranger.get(`${API}/media/${ids.front}`)).status).toBe(404);
      expect((await stranger.get(`${API}/cameras`)).body.map((v: any) => v.deviceId)).toEqual([otherId]);
      expect((await stranger.get(`${API}/media/${ids.other}`)).status).toBe(200);
      for (const path of [
        '/cameras',
        `/cameras/${cameraId}`,
        `/camera/${cameraId}/2026-03-10/2026-03-10`,
        `/media/${ids.front}`,
      ])
        expect((await noPermission.get(API + path)).status, path).toBe(403);
      expect((await server.client().get(`${API}/media/${ids.front}`)).status).toBe(401);
      expect((await operator.get(`${API}/media/${ids.other}`)).status).toBe(404);
    });

    it('deletes media with its bytes: id in the body or the path; read-only users and strangers cannot', async () => {
      expect((await reader.del(`${API}/media`, { id: ids.oldFront })).status).toBe(403);
      expect((await stranger.del(`${API}/media`, { id: ids.oldFront })).status).toBe(404);
      expect((await noPermission.del(`${API}/media`, { id: ids.oldFront })).status).toBe(403);
      const missing = await operator.del(`${API}/media`, {});
      expect(missing.status).toBe(400);
      expect(missing.text).toMatch(/id/);

      const live = await openLive(server.base, operator.cookie);
      const res = await operator.del(`${API}/media`, { id: ids.oldFront });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, id: ids.oldFront });
      // open camera screens hear of it and read their lists again
      const heard = () => changesOf(live.messages, 'cameraMedia');
      await live.until(
        () => heard().some((c) => c.id === ids.oldFront && c.deviceId === cameraId),
        'the removal announced',
      );
      expect(heard()).toContainEqual({ kind: 'cameraMedia', id: ids.oldFront, deviceId: cameraId });
      live.close();
      expect((await operator.get(`${API}/media/${ids.oldFront}`)).status).toBe(404);
      const contents = await server.services.db.kysely
        .selectFrom('cameraMediaContents')
        .select('mediaId')
        .where('mediaId', '=', ids.oldFront)
        .execute();
      expect(contents).toEqual([]);

      expect((await operator.del(`${API}/media/${ids.failed}`)).status).toBe(200);
      expect((await operator.del(`${API}/media?id=${ids.lateNight}`)).status).toBe(200);
      const week = await operator.get(`${API}/camera/${cameraId}/2026-03-08/2026-03-11`);
      expect(week.body.map((m: any) => m.id)).toEqual([ids.rearVideo, ids.front]);
      expect((await operator.del(`${API}/media`, { id: ids.oldFront })).status).toBe(404);
    });
  });
});
