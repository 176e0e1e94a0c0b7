/**
 * The camera upload listener on a real server: test cameras write the DualCam protocol over TCP, files land
 * in the media store whole (photo byte for byte, video converted to MP4 by ffmpeg), placed by the nearest
 * position, announced on the live socket; cameras upload side by side and a stalled one blocks no other.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, insertDevice, startTestServer, type TestServer } from '../../harness';
import { insertPosition } from '../../fixtures';
import { changesOf, openLive } from '../../liveClient';
import { connectCamera, eventually } from '../../cameraUploadClient';
import { loadMediaContent } from '../../../src/modules/cameras/media/mediaStore';
import { cameraUploadSink } from '../../../src/modules/cameras/media/uploadSink';
import { convertVideo, startVideoConverter } from '../../../src/modules/cameras/media/conversionJob';
import { saveCameraMedia } from '../../../src/modules/cameras/media/mediaStore';
import { startCameraListener } from '../../../src/protocols/camera';

const T0 = Date.UTC(2026, 0, 10, 12, 0, 0);
const silent = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

let dir: string;
let JPEG: Buffer;
let H264: Buffer;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'frota-camupload-'));
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=160x120:rate=1',
    '-frames:v',
    '1',
    join(dir, 'p.jpg'),
  ]);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=2:size=320x240:rate=10',
    '-c:v',
    'libx264',
    '-f',
    'h264',
    join(dir, 'out.h264'),
  ]);
  JPEG = readFileSync(join(dir, 'p.jpg'));
  H264 = readFileSync(join(dir, 'out.h264'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(dialects())('camera upload listener on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const media = (deviceId: number) =>
    server.services.db.kysely
      .selectFrom('cameraMedia')
      .selectAll()
      .where('deviceId', '=', deviceId)
      .orderBy('id')
      .execute();

  it('stores a photo byte for byte, placed by the nearest position, and announces it', async () => {
    const db = server.services.db;
    const deviceId = await insertDevice(db, 'LD-01-CAM', '356307042441001');
    await insertPosition(server, deviceId, T0 - 20 * 60_000); // outside the window
    const near = await insertPosition(server, deviceId, T0 + 40_000);
    await insertPosition(server, deviceId, T0 - 90_000);
    const admin = await server.admin();
    const live = await openLive(server.base, admin.cookie);
    try {
      const { camera, closed } = await connectCamera(server.camera!.port, {
        imei: '356307042441001',
        files: {
          '%photof': {
            bytes: JPEG,
            metadata: { fileType: 'photo', time: T0, trigger: 8, duration: 0, version: 1 },
          },
        },
      });
      await closed;
      expect(camera.closedByServer).toBe(true);
      const [row] = await media(deviceId);
      expect(row).toMatchObject({
        type: 'P',
        camera: 'F',
        trigger: 8,
        status: 'ready',
        mime: 'image/jpeg',
        fileName: 'photo_F_20260110_120000.jpg',
      });
      expect(Number(row.time)).toBe(T0);
      expect(Number(row.size)).toBe(JPEG.length);
      expect(Number(row.positionId)).toBe(near);
      expect([Number(row.latitude), Number(row.longitude)]).toEqual([-8.83, 13.23]);
      expect(row.address).toEqual(expect.any(String)); // the position had none: the geocoder gave one
      expect(String(row.address).length).toBeGreaterThan(0);
      const content = await loadMediaContent(db, Number(row.id));
      expect(content?.mime).toBe('image/jpeg');
      expect(content?.bytes.equals(JPEG)).toBe(true);
      const announced = () =>
        live.messages.some((m: any) =>
          changesOf([m], 'cameraMedia').some((c) => c.id === Number(row.id) && c.deviceId === deviceId),
        );
      await live.until(announced, 'the photo announced');
      expect(announced()).toBe(true);
    } finally {
      live.close();
    }
  });

  it('keeps a video raw, converts it to a faststart MP4 and marks it ready', async () => {
    const db = server.services.db;
    const deviceId = await insertDevice(db, 'LD-02-CAM', '356307042441002');
    const { closed } = await connectCamera(server.camera!.port, {
      imei: '356307042441002',
      files: {
        '%videor': {
          bytes: H264,
          metadata: {
            fileType: 'video',
            time: T0,
            trigger: 0,
            duration: 2,
            version: 4,
            latitude: -8.9,
            longitude: 13.1,
          },
        },
      },
    });
    await closed;
    // the store kicked the server's converter before the camera was let go: wait for its pass
    await server.modulesIdle();
    const [ready] = await media(deviceId);
    expect(ready.status).not.toBe('processing');
    expect(ready).toMatchObject({
      type: 'V',
      camera: 'R',
      status: 'ready',
      mime: 'video/mp4',
      fileName: 'video_R_20260110_120000.mp4',
    });
    // no position near: the camera's own coordinates
    expect([Number(ready.latitude), Number(ready.longitude), ready.positionId]).toEqual([-8.9, 13.1, null]);
    expect(Number(ready.duration)).toBe(2);
    const content = await loadMediaContent(db, Number(ready.id));
    expect(content?.mime).toBe('video/mp4');
    const mp4 = content!.bytes;
    expect(Number(ready.size)).toBe(mp4.length);
    expect(mp4.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(mp4.indexOf('moov')).toBeGreaterThan(0);
    expect(mp4.indexOf('moov')).toBeLessThan(mp4.indexOf('mdat')); // faststart: the index first
    const contents = await db.kysely
      .selectFrom('cameraMediaContents')
      .select('raw')
      .where('mediaId', '=', Number(ready.id))
      .executeTakeFirstOrThrow();
    expect(contents.raw).toBeNull();
    const probe = join(dir, 'check.mp4');
    writeFileSync(probe, mp4);
    const codec = execFileSync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name,nb_frames',
      '-of',
      'csv=p=0',
      probe,
    ])
      .toString()
      .trim();
    expect(codec).toBe('h264,20');
  }, 40_000);

  it('marks a video that is no H.264/H.265 stream failed', async () => {
    const db = server.services.db;
    const deviceId = await insertDevice(db, 'LD-03-CAM', '356307042441003');
    const { closed } = await connectCamera(server.camera!.port, {
      imei: '356307042441003',
      files: {
        '%videof': {
          bytes: Buffer.alloc(3000, 0x55),
          metadata: { fileType: 'video', time: T0, trigger: 2, duration: 1 },
        },
      },
    });
    await closed;
    // the store kicked the server's converter before the camera was let go: wait for its pass
    await server.modulesIdle();
    const [row] = await media(deviceId);
    expect(row.status).toBe('failed');
    expect(await loadMediaContent(db, Number(row.id))).toBeUndefined();
  }, 40_000);

  it('serves several cameras at once: a stalled one blocks no other', async () => {
    const db = server.services.db;
    const a = await insertDevice(db, 'LD-04-CAM', '356307042441004');
    const b = await insertDevice(db, 'LD-05-CAM', '356307042441005');
    const stalled = await connectCamera(server.camera!.port, {
      imei: '356307042441004',
      stallAfterInit: true,
      files: { '%photof': { bytes: JPEG } },
    });
    await stalled.until(() => stalled.camera.heard.length > 0, 'the listener’s first request');
    expect(stalled.camera.heard.length).toBeGreaterThan(0);
    const other = Buffer.concat([JPEG, Buffer.from('second camera')]);
    const [one, two] = await Promise.all([
      connectCamera(server.camera!.port, { imei: '356307042441005', files: { '%photor': { bytes: other } } }),
      connectCamera(server.camera!.port, { imei: '356307042441005', files: { '%photof': { bytes: JPEG } } }),
    ]);
    await Promise.all([one.closed, two.closed]);
    const rows = await media(b);
    expect(rows.map((r) => r.camera).sort()).toEqual(['F', 'R']);
    const rear = rows.find((r) => r.camera === 'R')!;
    expect((await loadMediaContent(db, Number(rear.id)))?.bytes.equals(other)).toBe(true);
    // the stalled camera is still connected and has stored nothing
    expect(stalled.socket.destroyed).toBe(false);
    expect(await media(a)).toEqual([]);
    stalled.socket.destroy();
  });

  it('closes a stalled camera after the idle timeout; it resumes where it broke off on the next connection', async () => {
    const db = server.services.db;
    const deviceId = await insertDevice(db, 'LD-06-CAM', '356307042441006');
    const listener = await startCameraListener({
      port: 0,
      host: '127.0.0.1',
      idleTimeoutMs: 300,
      repeatWaitMs: 50,
      sink: cameraUploadSink({ db, live: server.services.live, log: silent }),
      log: silent,
    });
    try {
      const stalled = await connectCamera(listener.port, {
        imei: '356307042441006',
        stallAfterInit: true,
        files: { '%photof': { bytes: JPEG } },
      });
      const started = Date.now();
      await stalled.closed;
      expect(Date.now() - started).toBeLessThan(5000);
      expect(stalled.camera.closedByServer).toBe(false); // cut by the listener, not a protocol close

      const photo = Buffer.concat([JPEG, Buffer.alloc(4000, 7)]);
      const meta = { fileType: 'photo' as const, time: T0 + 5000, trigger: 1, duration: 0 };
      const cut = await connectCamera(listener.port, {
        imei: '356307042441006',
        cutAfterPackets: 3,
        files: { '%photof': { bytes: photo, metadata: meta } },
      });
      await cut.closed;
      // polled: the listener announces no change of its in-memory state
      await eventually(async () => listener.stats().partialFiles === 1);
      expect(await media(deviceId)).toEqual([]);
      const again = await connectCamera(listener.port, {
        imei: '356307042441006',
        files: { '%photof': { bytes: photo, metadata: meta } },
      });
      await again.closed;
      expect(again.camera.resumes()[0]).toBeGreaterThan(1);
      const [row] = await media(deviceId);
      expect((await loadMediaContent(db, Number(row.id)))?.bytes.equals(photo)).toBe(true);
      await eventually(async () => listener.stats().connections === 0); // polled: as above
      expect(listener.stats()).toMatchObject({ partialFiles: 0, connections: 0, partialBytes: 0 });

      // the same file offered again (same capture time) is not stored twice
      const repeat = await connectCamera(listener.port, {
        imei: '356307042441006',
        files: { '%photof': { bytes: photo, metadata: meta } },
      });
      await repeat.closed;
      expect(await media(deviceId)).toHaveLength(1);
    } finally {
      await listener.close();
    }
  });

  it('turns away an unknown IMEI and drops a photo that is no JPEG', async () => {
    const db = server.services.db;
    const unknown = await connectCamera(server.camera!.port, {
      imei: '356307042449999',
      files: { '%photof': { bytes: JPEG } },
    });
    await unknown.closed;
    expect(unknown.camera.heard.map((c) => c.id)).toEqual([0]);
    const deviceId = await insertDevice(db, 'LD-07-CAM', '356307042441007');
    const bad = await connectCamera(server.camera!.port, {
      imei: '356307042441007',
      files: { '%photof': { bytes: Buffer.from('GIF89a not a jpeg at all') } },
    });
    await bad.closed;
    expect(await media(deviceId)).toEqual([]);
    const total = await db.kysely
      .selectFrom('cameraMedia')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(total.n)).toBeGreaterThan(0);
  });

  it('never converts one video on two nodes', async () => {
    const db = server.services.db;
    const deviceId = await insertDevice(db, 'LD-08-CAM', '356307042441008');
    const id = await saveCameraMedia(db, {
      deviceId,
      type: 'V',
      camera: 'F',
      time: T0,
      raw: H264,
      status: 'processing',
    });
    const deps = { db, live: server.services.live, log: silent };
    const outcomes = await Promise.all([
      convertVideo({ ...deps, holder: 'node-a' }, id),
      convertVideo({ ...deps, holder: 'node-b' }, id),
    ]);
    expect(outcomes.filter(Boolean)).toEqual([{ id, status: 'ready' }]);
    expect(await convertVideo({ ...deps, holder: 'node-c' }, id)).toBeUndefined(); // done: nothing to do
    const [row] = await media(deviceId);
    expect(row.status).toBe('ready');
  }, 30_000);

  it('converts at start what a stopped node left processing', async () => {
    const db = server.services.db;
    const deviceId = await insertDevice(db, 'LD-09-CAM', '356307042441009');
    const id = await saveCameraMedia(db, { deviceId, type: 'V', camera: 'R', time: T0, raw: H264 });
    // the converter announces each video it is done with (after its row is written): wait on that
    let announce!: () => void;
    const announced = new Promise<void>((resolve) => (announce = resolve));
    const converter = startVideoConverter({
      db,
      live: {
        publish: (message) => {
          server.services.live.publish(message);
          if (changesOf([message], 'cameraMedia').some((c) => c.id === id)) announce();
        },
      },
      log: silent,
      firstDelayMs: 10,
      holder: 'starter',
    });
    try {
      await announced;
      const [row] = await media(deviceId);
      expect(row.status).toBe('ready');
      expect(Number(row.id)).toBe(id);
      expect(Number(row.duration)).toBeGreaterThan(1);
    } finally {
      await converter.stop();
    }
  }, 40_000);
});
