/**
 * The metadata answer (0x000B) to the server's query (0x000A). Each version appends fields to the one before
 * (big-endian; the server's reader is server/src/protocols/camera/metadata.ts):
 * 1: version u8 | file type u8 (0 photo, 1 video) | timestamp u64 ms | trigger u32 | duration u16 s  (16 bytes)
 * 2: + frame rate u8 | timezone i16 minutes                                                          (19)
 * 3: + latitude f64 | longitude f64 (all bits set = unknown)                                         (35)
 * 4: + trigger timestamp u64 ms (all bits set = unknown)                                             (43)
 */
import { isVideo, type CameraFile } from './cameraFile';
import { CMD, encodeMessage } from './messages';

export const METADATA_VERSION = 4;
const SIZES = [0, 16, 19, 35, 43];
const FRAME_RATE = 15;

export function encodeMetadataPayload(file: CameraFile, version = METADATA_VERSION): Buffer {
  const b = Buffer.alloc(SIZES[Math.min(Math.max(version, 1), METADATA_VERSION)]);
  b.writeUInt8(version, 0);
  b.writeUInt8(isVideo(file) ? 1 : 0, 1);
  b.writeBigUInt64BE(BigInt(Math.round(file.time)), 2);
  b.writeUInt32BE(file.trigger >>> 0, 10);
  b.writeUInt16BE(file.duration, 14);
  if (version >= 2) {
    b.writeUInt8(isVideo(file) ? FRAME_RATE : 0, 16);
    b.writeInt16BE(0, 17);
  }
  if (version >= 3) {
    if (file.latitude === undefined || file.longitude === undefined) b.fill(0xff, 19, 35);
    else {
      b.writeDoubleBE(file.latitude, 19);
      b.writeDoubleBE(file.longitude, 27);
    }
  }
  // the event that made the file is its capture
  if (version >= 4) b.writeBigUInt64BE(BigInt(Math.round(file.time)), 35);
  return b;
}

export const encodeMetadata = (file: CameraFile, version = METADATA_VERSION): Buffer =>
  encodeMessage(CMD.metadata, encodeMetadataPayload(file, version));
