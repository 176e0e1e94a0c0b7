/** Camera files for tests that do not need a playable clip: the real photos and a fake 10-second stream. */
import { loadPhotos, type CameraMedia, type CameraMediaSource } from './media';

/** An Annex B stream of `seconds` key frames: SPS, PPS and an IDR slice per second. */
export function fakeStream(seconds: number, sliceBytes = 900): Buffer {
  const nal = (type: number, length: number, fill: number) =>
    Buffer.concat([Buffer.from([0, 0, 0, 1, type]), Buffer.alloc(length, fill)]);
  return Buffer.concat(
    Array.from({ length: seconds }, (_, s) =>
      Buffer.concat([nal(0x67, 8, 1), nal(0x68, 4, 2), nal(0x65, sliceBytes, 0x10 + s)]),
    ),
  );
}

export async function testMedia(): Promise<CameraMedia> {
  return {
    photos: await loadPhotos(),
    videos: { F: fakeStream(10), R: fakeStream(10, 700) },
    videoSeconds: 10,
  };
}

/** The same files as a camera's source. */
export const testSource = (): CameraMediaSource => ({
  photos: loadPhotos,
  clips: async () => (await testMedia()).videos,
});
