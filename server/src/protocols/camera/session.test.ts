import { describe, expect, it, vi } from 'vitest';
import { CMD } from './messages';
import { PartialFiles } from './partials';
import { CameraSession, type CameraUpload } from './session';
import { TestCamera, type TestCameraOptions } from './testCamera';

const IMEI = '356307042441013';
const bytes = (n: number, seed = 1) =>
  Buffer.from(Array.from({ length: n }, (_, i) => (i * seed + (i >> 8)) & 0xff));
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  bytes(2500, 3),
  Buffer.from([0xff, 0xd9]),
]);

function logger() {
  const lines: string[] = [];
  const put = (_o: object, msg?: string) => void lines.push(msg ?? '');
  return { lines, debug: put, info: put, warn: put, error: put };
}

/** A session and a test camera wired to each other in memory; resolves when the exchange is over. */
async function exchange(
  camera: TestCameraOptions,
  o: { partials?: PartialFiles; known?: boolean; stored?: CameraUpload[] } = {},
) {
  const stored = o.stored ?? [];
  const log = logger();
  const pending: Array<Promise<void>> = [];
  // over when either side hangs up (the session's last step may be its own timer: repeatWaitMs)
  let hangUp!: () => void;
  let failed!: (error: unknown) => void;
  const over = new Promise<void>((resolve, reject) => {
    hangUp = resolve;
    failed = reject;
  });
  const link: { session?: CameraSession } = {};
  const cam = new TestCamera(
    camera,
    (b) => {
      const handled = link.session!.receive(b);
      handled.catch(failed);
      pending.push(handled);
    },
    () => hangUp(),
  );
  const session = (link.session = new CameraSession(
    { write: (b) => cam.receive(b), end: () => hangUp() },
    {
      sink: { isKnownCamera: async () => o.known ?? true, store: async (u) => void stored.push(u) },
      partials: o.partials ?? new PartialFiles(),
      log,
      repeatWaitMs: 5,
    },
  ));
  cam.start();
  await over;
  while (pending.length) await pending.shift();
  session.destroy();
  return { cam, session, stored, log };
}

describe('camera upload session', () => {
  it('asks metadata then each waiting file, stores each whole, then closes', async () => {
    const video = bytes(5000, 7);
    const { cam, stored } = await exchange({
      imei: IMEI,
      files: {
        '%photor': {
          bytes: JPEG,
          metadata: { fileType: 'photo', time: 1767268800000, trigger: 0, duration: 0 },
        },
        '%videof': {
          bytes: video,
          metadata: {
            fileType: 'video',
            time: 1767268810000,
            trigger: 8,
            duration: 5,
            version: 2,
            frameRate: 10,
          },
        },
      },
    });
    expect(stored.map((u) => [u.file, u.type, u.camera, u.bytes.length])).toEqual([
      ['%photor', 'P', 'R', JPEG.length],
      ['%videof', 'V', 'F', video.length],
    ]);
    expect(stored[0].bytes.equals(JPEG)).toBe(true);
    expect(stored[1].bytes.equals(video)).toBe(true);
    expect(stored[1].metadata).toMatchObject({
      version: 2,
      trigger: 8,
      duration: 5,
      frameRate: 10,
      time: 1767268810000,
    });
    expect(
      cam.heard.map((c) => [c.id, c.id === CMD.RESUME ? c.payload.readUInt32BE(0) : c.payload.toString()]),
    ).toEqual([
      [CMD.METADATA_REQUEST, '%photor'],
      [CMD.FILE_REQUEST, '%photor'],
      [CMD.RESUME, 1],
      [CMD.METADATA_REQUEST, '%videof'],
      [CMD.FILE_REQUEST, '%videof'],
      [CMD.RESUME, 1],
      [CMD.CLOSE, ''],
    ]);
    expect(cam.closedByServer).toBe(true);
  });

  it('follows a camera that says after each file which ones still wait (0x0009 mid-flow)', async () => {
    const { stored, cam } = await exchange({
      imei: IMEI,
      repeatAfterEachFile: true,
      files: { '%photof': { bytes: JPEG }, '%photor': { bytes: JPEG }, '%videor': { bytes: bytes(3000) } },
    });
    expect(stored.map((u) => u.file)).toEqual(['%photof', '%photor', '%videor']);
    expect(cam.heard.filter((c) => c.id === CMD.FILE_REQUEST).map((c) => c.payload.toString())).toEqual([
      '%photof',
      '%photor',
      '%videor',
    ]);
    expect(cam.closedByServer).toBe(true);
  });

  it('requests the file all the same when the camera has no metadata', async () => {
    const { stored, cam } = await exchange({ imei: IMEI, files: { '%photof': { bytes: JPEG } } });
    expect(stored).toHaveLength(1);
    expect(stored[0].metadata).toBeUndefined();
    expect(cam.heard.map((c) => c.id)).toEqual([
      CMD.METADATA_REQUEST,
      CMD.FILE_REQUEST,
      CMD.RESUME,
      CMD.CLOSE,
    ]);
  });

  it('refuses a packet with a bad CRC and asks again from it (RESUME), dropping what followed until SYNC', async () => {
    const video = bytes(6000, 5); // 6 packets
    const { stored, cam } = await exchange({
      imei: IMEI,
      corrupt: [3],
      files: { '%videor': { bytes: video } },
    });
    expect(cam.resumes()).toEqual([1, 3]);
    expect(stored).toHaveLength(1);
    expect(stored[0].bytes.equals(video)).toBe(true);
  });

  it('gives up after repeated bad packets, storing nothing', async () => {
    const { stored, cam, log } = await exchange({
      imei: IMEI,
      corruptAlways: [2],
      files: { '%videor': { bytes: bytes(3000) } },
    });
    expect(stored).toEqual([]);
    expect(cam.resumes()).toEqual([1, 2, 2, 2, 2, 2]);
    expect(log.lines).toContain('camera upload given up');
    expect(cam.closedByServer).toBe(true);
  });

  it('resumes after a broken connection from the first missing packet; a file is stored whole or not at all', async () => {
    const partials = new PartialFiles();
    const video = bytes(10 * 1024 + 100, 11); // 11 packets
    const meta = { fileType: 'video' as const, time: 1767268900000, trigger: 2, duration: 3 };
    const first = await exchange(
      { imei: IMEI, cutAfterPackets: 4, files: { '%videof': { bytes: video, metadata: meta } } },
      { partials },
    );
    expect(first.stored).toEqual([]);
    expect(partials.size).toBe(1);
    const second = await exchange(
      { imei: IMEI, files: { '%videof': { bytes: video, metadata: meta } } },
      { partials },
    );
    expect(second.cam.resumes()).toEqual([5]);
    expect(second.stored).toHaveLength(1);
    expect(second.stored[0].bytes.equals(video)).toBe(true);
    expect(partials.size).toBe(0);
  });

  it('starts over when the camera now holds another file under the same name', async () => {
    const partials = new PartialFiles();
    const meta = { fileType: 'video' as const, time: 1767268900000, trigger: 2, duration: 3 };
    await exchange(
      { imei: IMEI, cutAfterPackets: 2, files: { '%videof': { bytes: bytes(4000), metadata: meta } } },
      { partials },
    );
    const other = bytes(4000, 9);
    const second = await exchange(
      { imei: IMEI, files: { '%videof': { bytes: other, metadata: { ...meta, time: meta.time + 60_000 } } } },
      { partials },
    );
    expect(second.cam.resumes()).toEqual([1]);
    expect(second.stored[0].bytes.equals(other)).toBe(true);
  });

  it('forgets a partial file after its time to live', async () => {
    let now = 0;
    const partials = new PartialFiles(1000, () => now);
    await exchange(
      { imei: IMEI, cutAfterPackets: 2, files: { '%videof': { bytes: bytes(4000) } } },
      { partials },
    );
    expect(partials.size).toBe(1);
    now = 5000;
    const second = await exchange({ imei: IMEI, files: { '%videof': { bytes: bytes(4000) } } }, { partials });
    expect(second.cam.resumes()).toEqual([1]);
  });

  it('asks nothing more of a camera that left while its file was being stored', async () => {
    // the session's own timers (its wait for a repeated init) are run by the test, not waited for
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let release: () => void = () => undefined;
    const storing = new Promise<void>((resolve) => (release = resolve));
    let storeStarted!: () => void;
    const storeCalled = new Promise<void>((resolve) => (storeStarted = resolve));
    const written: number[] = [];
    const link: { session?: CameraSession } = {};
    const pending: Array<Promise<void>> = [];
    const cam = new TestCamera(
      { imei: IMEI, files: { '%photof': { bytes: JPEG }, '%photor': { bytes: JPEG } } },
      (b) => pending.push(link.session!.receive(b)),
    );
    let stores = 0;
    link.session = new CameraSession(
      {
        write: (b) => {
          written.push(b.readUInt16BE(0));
          cam.receive(b);
        },
        end: () => undefined,
      },
      {
        sink: {
          isKnownCamera: async () => true,
          store: async () => {
            stores++;
            storeStarted();
            await storing;
          },
        },
        partials: new PartialFiles(),
        log: logger(),
        repeatWaitMs: 5,
      },
    );
    try {
      cam.start();
      // the store holds the session's chain: wait for the store call, not for the chain
      await storeCalled;
      expect(stores).toBe(1);
      const before = written.length;
      link.session.destroy();
      release();
      while (pending.length) await pending.shift();
      // anything the session had left on a timer runs now
      await vi.runAllTimersAsync();
      expect(written.length).toBe(before);
      expect(written.at(-1)).toBe(CMD.RESUME);
    } finally {
      vi.useRealTimers();
    }
  });

  it('turns away an unknown IMEI at the init', async () => {
    const { stored, cam, log } = await exchange(
      { imei: IMEI, files: { '%photof': { bytes: JPEG } } },
      { known: false },
    );
    expect(stored).toEqual([]);
    expect(cam.heard.map((c) => c.id)).toEqual([CMD.CLOSE]);
    expect(log.lines).toContain('camera upload from an unknown IMEI refused');
  });

  it('takes more files offered by a repeated init (0x0009) on the same connection', async () => {
    const stored: CameraUpload[] = [];
    const log = logger();
    const pending: Array<Promise<void>> = [];
    const link: { session?: CameraSession } = {};
    let closed = false;
    let hangUp!: () => void;
    const hungUp = new Promise<void>((resolve) => (hangUp = resolve));
    const cam = new TestCamera({ imei: IMEI, files: { '%photof': { bytes: JPEG } } }, (b) =>
      pending.push(link.session!.receive(b)),
    );
    link.session = new CameraSession(
      {
        write: (b) => cam.receive(b),
        end: () => {
          closed = true;
          hangUp();
        },
      },
      {
        sink: { isKnownCamera: async () => true, store: async (u) => void stored.push(u) },
        partials: new PartialFiles(),
        log,
        repeatWaitMs: 200,
      },
    );
    cam.start();
    // the camera answers in memory: once every byte it sent is handled, the first file is stored
    while (pending.length) await pending.shift();
    expect(stored).toHaveLength(1);
    const rear = Buffer.concat([JPEG, Buffer.from('rear')]);
    cam.offer({ '%photor': { bytes: rear } });
    // the session hangs up once its wait for another repeated init is over (repeatWaitMs)
    await hungUp;
    while (pending.length) await pending.shift();
    expect(stored.map((u) => u.file)).toEqual(['%photof', '%photor']);
    expect(stored[1].bytes.equals(rear)).toBe(true);
    expect(closed).toBe(true);
  });
});
