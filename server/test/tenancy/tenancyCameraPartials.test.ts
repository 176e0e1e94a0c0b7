/**
 * Issue 33, defect 17 (camera side): an unfinished upload for a known IMEI cannot pin memory. The bytes of
 * partial files are capped per IMEI (a camera's new partial pushes out its older ones; a file that alone
 * would pass the cap is refused at START), and a partial that makes no progress for the listener's
 * `partialTtlMs` is dropped. Real TCP, a real database behind the sink; the test waits on the listener's
 * drop event and on socket close, never on the clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, insertDevice, startTestServer, type TestServer } from '../harness';
import { connectCamera, eventually } from '../cameraUploadClient';
import { cameraUploadSink } from '../../src/modules/cameras/media/uploadSink';
import { startCameraListener, type CameraListener } from '../../src/protocols/camera';

const KIB = 1024;
const silent = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
type Dropped = { imei: string; file: string; bytes: number; reason: string };

describe.each(dialects())('camera partial uploads are bounded (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => server.close());

  /** A listener of its own, with the drops it reports, each awaitable. */
  async function listener(options: { maxPartialBytesPerDevice?: number; partialTtlMs?: number }) {
    const drops: Dropped[] = [];
    const waiting: Array<(d: Dropped) => void> = [];
    const l: CameraListener = await startCameraListener({
      port: 0,
      host: '127.0.0.1',
      repeatWaitMs: 20,
      sink: cameraUploadSink({ db: server.services.db, live: server.services.live, log: silent }),
      log: silent,
      onPartialDropped: (d) => {
        drops.push(d);
        waiting.shift()?.(d);
      },
      ...options,
    });
    const nextDrop = () => new Promise<Dropped>((resolve) => waiting.push(resolve));
    return { l, drops, nextDrop };
  }

  it('caps the bytes one IMEI holds: older partials go first, a file over the cap is refused', async () => {
    const imei = '356307042441371';
    const other = '356307042441372';
    await insertDevice(server.services.db, 'LD-71-CAM', imei);
    await insertDevice(server.services.db, 'LD-72-CAM', other);
    const { l, drops } = await listener({ maxPartialBytesPerDevice: 6 * KIB });
    try {
      const cut = async (who: string, file: '%photof' | '%photor', packets: number) => {
        const c = await connectCamera(l.port, {
          imei: who,
          cutAfterPackets: 4,
          files: { [file]: { bytes: Buffer.alloc(packets * KIB, 7) } },
        });
        await c.closed;
        // the listener has taken every packet once its side of the connection is gone too
        await eventually(async () => l.stats().connections === 0);
        return c;
      };
      await cut(imei, '%photof', 5);
      await cut(other, '%photof', 5);
      expect(l.stats()).toMatchObject({ partialFiles: 2, partialBytes: 8 * KIB });
      // the same camera cuts a second file: 8 KiB would pass its 6 KiB cap, its older partial goes
      await cut(imei, '%photor', 5);
      expect(drops).toEqual([{ imei, file: '%photof', bytes: 4 * KIB, reason: 'device cap' }]);
      expect(l.stats()).toMatchObject({ partialFiles: 2, partialBytes: 8 * KIB });
      // a file that could never be held whole under the cap is refused when it starts
      const big = await connectCamera(l.port, {
        imei,
        files: { '%photof': { bytes: Buffer.alloc(8 * KIB, 7) } },
      });
      await big.closed;
      expect(big.camera.closedByServer).toBe(true);
      expect(l.stats()).toMatchObject({ partialFiles: 2, partialBytes: 8 * KIB });
    } finally {
      await l.close();
    }
  });

  it('drops the bytes of a partial that makes no progress for the idle timeout', async () => {
    const imei = '356307042441373';
    await insertDevice(server.services.db, 'LD-73-CAM', imei);
    const { l, nextDrop } = await listener({ partialTtlMs: 150 });
    try {
      const dropped = nextDrop();
      const c = await connectCamera(l.port, {
        imei,
        cutAfterPackets: 3,
        files: { '%photof': { bytes: Buffer.alloc(10 * KIB, 7) } },
      });
      await c.closed;
      expect(await dropped).toEqual({ imei, file: '%photof', bytes: 3 * KIB, reason: 'idle' });
      expect(l.stats()).toMatchObject({ partialFiles: 0, partialBytes: 0, connections: 0 });
    } finally {
      await l.close();
    }
  });
});
