import { afterEach, describe, expect, it } from 'vitest';
import { clipOf, loadPhotos } from './media';
import { CameraServerStub } from './serverStub.testkit';
import { CAMERA_VERSION, CAMREQ_ANSWER, SimulatedCamera } from './simulatedCamera';
import { testMedia, testSource } from './testMedia.testkit';

const IMEI = '356307042440009';
const WHERE = { latitude: -8.84, longitude: 13.23 };

describe('simulated DualCam', () => {
  let stub: CameraServerStub | undefined;
  afterEach(async () => {
    await stub?.close();
    stub = undefined;
  });

  const camera = (uploaded: number[] = []) =>
    new SimulatedCamera({
      imei: IMEI,
      media: testSource(),
      position: () => WHERE,
      now: () => Date.UTC(2026, 10, 25, 12, 0, 0),
      onUploaded: (n) => uploaded.push(n),
    });

  it('answers camreq for a photo of both cameras and uploads both JPEGs to the address in the command', async () => {
    stub = new CameraServerStub();
    const port = await stub.listen();
    const uploaded: number[] = [];
    const cam = camera(uploaded);
    expect(cam.command(`camreq:1,3,1764072000,0,127.0.0.1,${port}`)).toBe(CAMREQ_ANSWER);
    expect(cam.busy).toBe(1);
    await cam.idle();
    const photos = await loadPhotos();
    expect(stub.errors).toEqual([]);
    expect(stub.inits).toEqual([{ protocol: 5, imei: IMEI, settings: 0x0c }]);
    expect(stub.files.get('%photof')).toEqual(photos.F);
    expect(stub.files.get('%photor')).toEqual(photos.R);
    const meta = stub.metadata.get('%photor')!;
    // taken now (the camera's clock), asked by the server (trigger 0), where the vehicle is
    expect(Number(meta.readBigUInt64BE(2))).toBe(Date.UTC(2026, 10, 25, 12, 0, 0));
    expect(meta.readUInt32BE(10)).toBe(0);
    expect(meta.readDoubleBE(19)).toBe(WHERE.latitude);
    expect(uploaded).toEqual([2]);
  });

  it('uploads the first seconds of the rear clip for a video request, dated at the clip start', async () => {
    stub = new CameraServerStub();
    const port = await stub.listen();
    const cam = camera();
    expect(cam.command(`camreq:0,2,1764071990,5,127.0.0.1,${port}`)).toBe(CAMREQ_ANSWER);
    await cam.idle();
    const expected = clipOf((await testMedia()).videos!.R, 5);
    expect(expected.seconds).toBe(5);
    expect(stub.files.get('%videor')).toEqual(expected.bytes);
    const meta = stub.metadata.get('%videor')!;
    expect(meta.readUInt8(1)).toBe(1);
    expect(Number(meta.readBigUInt64BE(2))).toBe(1764071990_000);
    expect(meta.readUInt16BE(14)).toBe(5);
  });

  it('queues requests one behind the other on one connection at a time', async () => {
    stub = new CameraServerStub();
    const port = await stub.listen();
    const cam = camera();
    cam.command(`camreq:1,1,0,0,127.0.0.1,${port}`);
    cam.command(`camreq:0,1,1764071990,10,127.0.0.1,${port}`);
    expect(cam.busy).toBe(2);
    await cam.idle();
    expect(stub.inits.map((i) => i.settings)).toEqual([0x04, 0x10]);
    expect(cam.results.map((r) => r.delivered)).toEqual([['%photof'], ['%videof']]);
  });

  it('answers camgetver, refuses a malformed camreq and leaves other commands alone', () => {
    const cam = camera();
    expect(cam.command('camgetver')).toBe(CAMERA_VERSION);
    expect(cam.command('camreq:1,9,0,0,127.0.0.1,5028')).toMatch(/^Camera request refused/);
    expect(cam.command('setdigout 1')).toBeUndefined();
    expect(cam.busy).toBe(0);
  });

  it('sends no video when it has photos only (no ffmpeg)', async () => {
    const lines: string[] = [];
    const cam = new SimulatedCamera({
      imei: IMEI,
      media: { photos: loadPhotos, clips: async () => undefined },
      log: (l) => lines.push(l),
    });
    expect(cam.command('camreq:0,3,1764071990,10,127.0.0.1,9')).toBe(CAMREQ_ANSWER);
    await cam.idle();
    expect(cam.results).toEqual([]);
    expect(lines[0]).toMatch(/photos only/);
  });
});
