import { describe, expect, it } from 'vitest';
import { parseMetadata } from '../../../../server/src/protocols/camera';
import type { CameraFile } from './cameraFile';
import { encodeMetadata, encodeMetadataPayload } from './metadata';

const video: CameraFile = {
  id: '%videor',
  bytes: Buffer.alloc(10),
  time: Date.UTC(2026, 10, 25, 14, 3, 7, 250),
  trigger: 0x8 | 0x2,
  duration: 7,
  latitude: -8.8383,
  longitude: 13.2344,
};

describe('camera metadata answer', () => {
  it('grows by version: 16, 19, 35 and 43 bytes', () => {
    expect([1, 2, 3, 4].map((v) => encodeMetadataPayload(video, v).length)).toEqual([16, 19, 35, 43]);
    const message = encodeMetadata(video);
    expect(message.readUInt16BE(0)).toBe(0x000b);
    expect(message.readUInt16BE(2)).toBe(43);
  });

  it('is read back by the server as the file it describes', () => {
    expect(parseMetadata(encodeMetadataPayload(video, 4))).toEqual({
      version: 4,
      fileType: 'video',
      time: video.time,
      trigger: 0xa,
      duration: 7,
      frameRate: 15,
      timezone: 0,
      latitude: -8.8383,
      longitude: 13.2344,
      triggerTime: video.time,
    });
    const photo = {
      ...video,
      id: '%photof' as const,
      duration: 0,
      latitude: undefined,
      longitude: undefined,
    };
    const read = parseMetadata(encodeMetadataPayload(photo, 3));
    expect(read).toMatchObject({ version: 3, fileType: 'photo', time: video.time, duration: 0 });
    // unknown coordinates travel as all bits set and come back unknown
    expect(read.latitude).toBeUndefined();
    expect(parseMetadata(encodeMetadataPayload(video, 1))).toEqual({
      version: 1,
      fileType: 'video',
      time: video.time,
      trigger: 0xa,
      duration: 7,
    });
  });
});
