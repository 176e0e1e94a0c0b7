import { createServer } from 'node:net';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import type { CameraFile } from './cameraFile';
import { uploadCameraFiles } from './cameraClient';
import { CMD, encodeInit, MessageReader } from './messages';
import { CameraServerStub } from './serverStub.testkit';

const IMEI = '356307042440007';

const pattern = (length: number, seed: number) =>
  Buffer.from(Array.from({ length }, (_, i) => (i * 31 + seed * 7 + (i >> 8)) & 0xff));

const photo = (id: '%photof' | '%photor', length: number, seed: number): CameraFile => ({
  id,
  bytes: pattern(length, seed),
  time: Date.UTC(2026, 0, 2, 10, 0, 0),
  trigger: 0,
  duration: 0,
});

describe('camera upload client', () => {
  let stub: CameraServerStub | undefined;
  afterEach(async () => {
    await stub?.close();
    stub = undefined;
  });

  it('announces its files, answers metadata and sends each file in chained-CRC packets', async () => {
    stub = new CameraServerStub();
    const port = await stub.listen();
    const front = photo('%photof', 5000, 1);
    const rear = photo('%photor', 1024, 2);
    const video: CameraFile = {
      id: '%videof',
      bytes: pattern(3000, 3),
      time: Date.UTC(2026, 0, 2, 9, 59, 50),
      trigger: 0x8,
      duration: 10,
      latitude: -8.83,
      longitude: 13.24,
    };
    const result = await uploadCameraFiles({ host: '127.0.0.1', port, imei: IMEI }, [front, rear, video]);

    expect(stub.errors).toEqual([]);
    expect(stub.inits).toEqual([{ protocol: 5, imei: IMEI, settings: 0x04 | 0x08 | 0x10 }]);
    // after the front photo the rear photo and the video wait, then only the video
    expect(stub.repeatInits).toEqual([0x08 | 0x10, 0x10]);
    expect(stub.files.get('%photof')).toEqual(front.bytes);
    expect(stub.files.get('%photor')).toEqual(rear.bytes);
    expect(stub.files.get('%videof')).toEqual(video.bytes);
    expect(result).toMatchObject({ left: [], connections: 1, packets: 5 + 1 + 3 });
    expect(result.delivered.sort()).toEqual(['%photof', '%photor', '%videof']);

    const meta = stub.metadata.get('%videof')!;
    expect(meta.readUInt8(1)).toBe(1);
    expect(Number(meta.readBigUInt64BE(2))).toBe(video.time);
    expect(meta.readUInt32BE(10)).toBe(0x8);
    expect(meta.readUInt16BE(14)).toBe(10);
    expect(stub.metadata.get('%photof')!.readUInt8(1)).toBe(0);
  });

  it('keeps the files of two cameras apart when both send a file of the same name', async () => {
    stub = new CameraServerStub();
    const port = await stub.listen();
    const cameras = ['356307042440011', '356307042440012'];
    const files = cameras.map((_, i) => photo('%photof', 20_000, 10 + i));
    // one after the other: the second camera's file is its own, not the first one's kept upload
    for (const [i, imei] of cameras.entries()) {
      const result = await uploadCameraFiles({ host: '127.0.0.1', port, imei, timeoutMs: 5000 }, [files[i]]);
      expect(result).toMatchObject({ delivered: ['%photof'], left: [], connections: 1, packets: 20 });
      expect(stub.cameraFiles.get(`${imei}:%photof`)).toEqual(files[i].bytes);
    }
    expect(stub.errors).toEqual([]);
  });

  it('resumes from the server RESUME offset after a broken connection', async () => {
    stub = new CameraServerStub();
    const port = await stub.listen();
    const big = photo('%photof', 40 * 1024 + 17, 4);
    const result = await uploadCameraFiles(
      { host: '127.0.0.1', port, imei: IMEI, cutAfterPackets: 12, retryDelayMs: 10 },
      [big],
    );
    expect(stub.errors).toEqual([]);
    expect(stub.inits).toHaveLength(2);
    expect(result.connections).toBe(2);
    // the second connection starts where the first stopped
    const second = stub.resumes.at(-1)!;
    expect(second.offset).toBeGreaterThan(1);
    expect(second.offset).toBeLessThanOrEqual(13);
    expect(stub.files.get('%photof')).toEqual(big.bytes);
    expect(result.delivered).toEqual(['%photof']);
    expect(result.packets).toBeLessThan(41 + 13);
  });

  it('goes back to the offset of a RESUME sent in the middle of a file (a refused packet)', async () => {
    stub = new CameraServerStub({ reRequest: { file: '%photor', after: 3, from: 2 } });
    const port = await stub.listen();
    const file = photo('%photor', 200 * 1024, 5);
    const result = await uploadCameraFiles({ host: '127.0.0.1', port, imei: IMEI }, [file]);
    expect(stub.errors).toEqual([]);
    expect(stub.resumes).toEqual([
      { file: '%photor', offset: 1 },
      { file: '%photor', offset: 2 },
    ]);
    expect(stub.files.get('%photor')).toEqual(file.bytes);
    expect(result.connections).toBe(1);
  });

  it('gives up after its attempts when nobody takes the files', async () => {
    const silent = createServer((socket) => socket.destroy());
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const port = (silent.address() as { port: number }).port;
    const lines: string[] = [];
    const result = await uploadCameraFiles(
      { host: '127.0.0.1', port, imei: IMEI, attempts: 2, retryDelayMs: 5, log: (l) => lines.push(l) },
      [photo('%photof', 10, 6)],
    );
    silent.close();
    expect(result).toEqual({ delivered: [], left: ['%photof'], connections: 2, packets: 0 });
    expect(lines).toHaveLength(2);
  });

  it('stops at the server close (0x0000) and keeps files the server did not take', async () => {
    const server = createServer((socket) => {
      const reader = new MessageReader();
      let init = true;
      socket.on('data', (chunk: Buffer) => {
        if (init) {
          init = false;
          expect(chunk.subarray(0, 16)).toEqual(encodeInit(IMEI, 0x04));
          reader.push(chunk.subarray(16));
          socket.write(Buffer.from([0, CMD.close, 0, 0]));
        }
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const port = (server.address() as { port: number }).port;
    const result = await uploadCameraFiles({ host: '127.0.0.1', port, imei: IMEI }, [
      photo('%photof', 10, 7),
    ]);
    server.close();
    expect(result).toEqual({ delivered: [], left: ['%photof'], connections: 1, packets: 0 });
  });
});
